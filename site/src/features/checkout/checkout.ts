import type { BookingDto, CheckoutDto, OrderBody, PromoCheckBody, PromoQuoteDto } from '@courtside/contracts';
import { customerReason, failureCode, formatClockTime, formatLongDate } from '@courtside/browser';
import { centsToDollars, chargedForBooking, dollarsToCents, shareDiscount, splitCents, walletSplit } from '@courtside/domain';
import { api, ApiError } from '../../lib/api.ts';
import { byStart, isPayable, sumDollars } from '../../lib/bookings.ts';

/** Checkout of the signed-in user's unpaid, unexpired holds, through POST /api/order/create. */

export function payableBookings(list: BookingDto[], now = Date.now()): BookingDto[] {
  return list.filter((b) => isPayable(b, now)).sort(byStart);
}

export function totalOf(list: BookingDto[]): number {
  return sumDollars(list.map((b) => b.payableAmount));
}

/**
 * The order is for the signed-in account (the server knows who it is): no billing details are
 * sent, since the API would drop them. The total is the bookings' total before any promo code;
 * the server applies the code and charges the discounted total.
 */
export function orderPayload(bookings: BookingDto[], promoCode?: string, split = false, useWallet = false): OrderBody {
  const order: OrderBody = { totalPayableAmount: totalOf(bookings), bookingIds: bookings.map((b) => ({ bookingId: b._id })) };
  if (promoCode) order.promoCode = promoCode;
  if (split) order.split = true;
  if (useWallet) order.useWallet = true;
  return order;
}

export const START_FAILED = 'The payment could not be started. Please try again.';

/**
 * Creates the order and returns the page to send the browser to: the payment provider's, or, when
 * credit covered everything, the payment return page (the bookings are confirmed already).
 */
export async function createOrder(bookings: BookingDto[], promoCode?: string, split = false, useWallet = false): Promise<string> {
  const res = await api<CheckoutDto>('/api/order/create', {
    method: 'POST',
    body: orderPayload(bookings, promoCode, split, useWallet),
  });
  if (!res.data?.payment_url) throw new ApiError(500, 'INTERNAL', 'The payment page could not be opened. Please try again.');
  return res.data.payment_url;
}

/** Refusals that mean the list on screen is out of date: the bookings changed since it was read. */
const STALE_LIST = new Set(['NOT_PAYABLE', 'BOOKING_NOT_FOUND', 'NO_BOOKINGS', 'PRICE_MISMATCH', 'CHECKOUT_CLOSED', 'CHECKOUT_CANCELLED', 'INSUFFICIENT_CREDIT']);

/** What the checkout says when the payment could not be started, and whether to read the bookings again. */
export function paymentFailure(err: unknown, bookings: BookingDto[]): { message: string; reload: boolean } {
  const reason = customerReason(err);
  return { message: reason ? readableError(reason, bookings) : START_FAILED, reload: STALE_LIST.has(failureCode(err) ?? '') };
}

/** The server names bookings by id; people know them by facility and time. */
export function readableError(message: string, bookings: BookingDto[]): string {
  return message.replace(/Booking ([0-9a-f][0-9a-f-]{7,})/i, (_, id: string) => {
    const b = bookings.find((x) => x._id === id);
    return b ? `Your booking for ${b.facility.name} (${formatLongDate(b.date)}, ${formatClockTime(b.startTime)})` : 'One of your bookings';
  });
}

/** What a promo code does to these bookings, asked before paying (the order's checkout decides for real). */
export async function checkPromoCode(code: string, bookings: BookingDto[]): Promise<PromoQuoteDto> {
  const res = await api<PromoQuoteDto>('/api/promo-codes/check', {
    method: 'POST',
    body: { code: code.trim(), bookingIds: bookings.map((b) => ({ bookingId: b._id })) } satisfies PromoCheckBody,
  });
  return res.data;
}

export const PROMO_CHECK_FAILED = 'The promo code could not be checked. Please try again.';

/**
 * Why a promo code was not applied, in words for the customer: the server's reason when it gave
 * one (expired, used up, not for this facility, too many tries...), else that checking failed.
 * `reload`: the bookings on screen are out of date.
 */
export function promoFailure(err: unknown, bookings: BookingDto[]): { message: string; reload: boolean } {
  const reason = customerReason(err);
  return { message: reason ? readableError(reason, bookings) : PROMO_CHECK_FAILED, reload: STALE_LIST.has(failureCode(err) ?? '') };
}

/** Whether a failed payment was the promo code's fault (used up meanwhile, say): the code is then taken off. */
export const isPromoRefusal = (err: unknown): boolean => failureCode(err) === 'PROMO_INVALID';

/** What the pay button says: the amount to pay by card, that credit pays it all, or that there is nothing to pay (a code took it all). */
export const payLabel = (amount: number, format: (n: number) => string, fromCredit = 0): string =>
  amount > 0 ? `Pay ${format(amount)}` : fromCredit > 0 ? 'Pay with credit' : 'Confirm: nothing to pay';

/** How credit pays an amount to pay, in dollars: domain walletSplit, the same rule the order applies (with the card's smallest charge when known). */
export function creditSplit(toPay: number, balance: number, minimumChargeCents = 1): { fromCredit: number; byCard: number } {
  const { walletCents, cardCents } = walletSplit(dollarsToCents(toPay), dollarsToCents(balance), minimumChargeCents);
  return { fromCredit: centsToDollars(walletCents), byCard: centsToDollars(cardCents) };
}

/** Why credit is not used when the cost is split (the order refuses both: WALLET_NOT_WITH_SPLIT). */
export const CREDIT_NOT_WITH_SPLIT = 'Credit pays for whole bookings, so it is not used when you split the cost. Choose “Pay for everyone” to pay with your credit.';

/** Which bookings a promo code's answer was for: once the list changes, the code is checked again. */
export const bookingsKey = (bookings: BookingDto[]): string => bookings.map((b) => `${b._id}:${b.payableAmount}`).join(',');

/** Split the cost is offered when every booking being paid is at a facility for 2 players or more. */
export const maySplit = (bookings: Pick<BookingDto, 'players'>[]): boolean => bookings.length > 0 && bookings.every((b) => b.players.max >= 2);

/**
 * Each booking's price after the promo code, in cents, as the order charges it: the quote's
 * discount shared among the bookings in the order's order (domain shareDiscount), each price less
 * its part (chargedForBooking). Without a code, the bookings' own prices.
 */
export function pricesAfterCode(bookings: Pick<BookingDto, 'payableAmount'>[], quote: Pick<PromoQuoteDto, 'discount'> | null): number[] {
  const lines = bookings.map((b) => dollarsToCents(b.payableAmount));
  const discounts = shareDiscount(lines, quote ? dollarsToCents(quote.discount) : 0);
  return lines.map((cents, i) => chargedForBooking(cents, discounts[i]!));
}

/** One booking paid split: into how many shares, the organizer's own (paid now, with the odd cents) and each player's. */
export interface SplitLine {
  bookingId: string;
  shares: number;
  yoursCents: number;
  eachCents: number;
}

/** The shares of each booking (domain splitCents over one share per place), as the order will charge them. */
export function splitLines(bookings: Pick<BookingDto, '_id' | 'payableAmount' | 'players'>[], quote: Pick<PromoQuoteDto, 'discount'> | null): SplitLine[] {
  return pricesAfterCode(bookings, quote).map((price, i) => {
    const b = bookings[i]!;
    const [yours, each] = splitCents(price, b.players.max);
    return { bookingId: b._id, shares: b.players.max, yoursCents: yours!, eachCents: each ?? yours! };
  });
}

/** What paying split charges now: the organizer's own shares, in dollars. */
export const splitNow = (lines: SplitLine[]): number => centsToDollars(lines.reduce((sum, l) => sum + l.yoursCents, 0));

/** "You pay $10.01 now (your share, 1 of 4); each player pays $10.00" */
export const splitLineText = (line: SplitLine, format: (n: number) => string): string =>
  `You pay ${format(centsToDollars(line.yoursCents))} now (your share, 1 of ${line.shares}); each player pays ${format(centsToDollars(line.eachCents))}`;
