import {
  DomainError,
  bookingUnpayableReason,
  centsToDollars,
  chargedForBooking,
  checkoutClosedReason,
  displayDate,
  displayTimeRange,
  dollarsToCents,
  formatCents,
  holdLapsesAt,
  isCheckoutOpen,
  localTimes,
  type ClosedCheckoutBooking,
  type ClosedReason,
  type MoneyFormat,
  isStaff,
  sharesDueRule,
  splitCents,
  splitRefusal,
  linesAfterCredit,
  walletSplit,
  WALLET_PROVIDER,
} from '@courtside/domain';
import type { CheckoutDto, OrderStatusDto, PromoQuoteDto } from '@courtside/contracts';
import type { BookingRow, OrderRow } from '@courtside/migrations';
import type { Executor } from '../db/database.ts';
import { retryTransaction } from '../db/retry.ts';
import * as bookings from '../repositories/bookings.ts';
import * as wallet from '../repositories/wallet.ts';
import { spendOnOrder } from './wallet-spend.ts';
import type { CurrentUser, ServiceContext } from '../shared/context.ts';
import { toBookingDto } from '../shared/presenters.ts';
import type { PaymentProvider } from './providers/provider.ts';
import { applyCodeToOrder, knownPromoCode, type OrderPromo } from './promo.ts';
import { sendRefunds } from './refunds.ts';
import * as orders from './repositories/orders.ts';
import * as shares from './repositories/shares.ts';
import { orderNotFound, orderServedBy, settlePayment } from './settlement.ts';
import { getPayment } from './staff.ts';
import { closeCheckouts, openHostedPage, storeCheckout } from './hosted-page.ts';


/** Checkout: a customer opens a provider's hosted page for their holds, sees where it stands, or leaves it. */

export interface CheckoutRequest {
  /** The bookings' total before any promo code, as the client shows it. */
  totalPayableAmount: number;
  bookingIds: { bookingId: string }[];
  promoCode?: string;
  /** Split the cost: the organizer pays their own share of each booking now (splitShares). */
  split?: boolean;
  /** Pay with the caller's wallet credit first (walletSplit); the rest on the hosted page. */
  useWallet?: boolean;
}

/** An order with nothing to charge (a promo code or a tier made it free) is paid as it is placed: no payment page, nothing to give back. */
export const FREE_PROVIDER = 'free';

const quoteOf = (subtotalCents: number, promo: OrderPromo | undefined) => ({
  subtotal: centsToDollars(subtotalCents),
  discount: centsToDollars(promo?.discountCents ?? 0),
  promoCode: promo?.code ?? null,
});

/**
 * Opens a checkout for the caller's own unpaid holds. The client's total (before any promo
 * code) must equal ours: a disagreement means the client shows a stale or tampered price, so
 * nothing is charged. A promo code is applied in the same transaction, under its lock.
 * The provider is called between two short transactions, never inside one.
 *
 * A booking has one open checkout at a time: a new one replaces (cancels) any still open for
 * its bookings, under the bookings' row locks, before the promo code's uses are counted. So
 * overlapping checkouts cannot each keep a promo use, a replaced page can take no money, and
 * the newest request wins (it may differ from the open one in its code or bookings, and the
 * open one's page may not even exist yet while its provider opens it).
 */
export async function createOrder(ctx: ServiceContext, user: CurrentUser, req: CheckoutRequest, opts: { ip?: string } = {}): Promise<CheckoutDto> {
  const ids = requestedBookingIds(req);
  if (req.useWallet && req.split) {
    throw new DomainError('invalid', 'WALLET_NOT_WITH_SPLIT', 'Credit pays for whole bookings: pay with your credit, or split the cost, not both.', 'useWallet');
  }
  const totalCents = dollarsToCents(req.totalPayableAmount, 'totalPayableAmount');
  const code = req.promoCode?.trim() ? await knownPromoCode(ctx, user, req.promoCode, opts.ip) : undefined;
  const now = ctx.clock();
  const provider = ctx.payments.checkout;
  // Run again after a deadlock (40P01) with a payment of a checkout this one replaces (it locks the order, then its bookings).
  const placed = await retryTransaction(() => ctx.db.transaction().execute(async (trx) => {
    const { rows, views } = await lockCallersHolds(trx, user, ids, now, ctx.config.money.locale);
    const subtotalCents = checkPrice(rows, totalCents, ctx.config.money, code !== undefined);
    const replaced = await orders.cancelPendingOrdersOf(trx, { bookingIds: ids }, now, 'replaced');
    const promo = code ? await applyCodeToOrder(ctx, trx, user, code, rows, { lock: true }) : undefined;
    const charges = chargesOf(ctx, provider, views, promo, req.split === true);
    const orderCents = [...charges.values()].reduce((sum, c) => sum + c.amountCents, 0);
    // Credit first, under the wallet's row lock: what it covers is spent now, the card takes the rest.
    const { walletCents, cardCents } = req.useWallet
      ? walletSplit(orderCents, await wallet.lockBalance(trx, user.id), provider.minimumChargeCents)
      : { walletCents: 0, cardCents: orderCents };
    // Nothing to charge, whatever made it so (a promo code, a tier's 100% off, credit): paid as placed, by the organizer alone.
    const free = cardCents === 0;
    if (!free) assertChargeable(provider, cardCents, ctx.config.money, promo?.code);
    const order = await orders.insertOrder(trx, {
      userId: user.id,
      amountCents: cardCents,
      walletCents,
      provider: !free ? provider.name : walletCents > 0 ? WALLET_PROVIDER : FREE_PROVIDER,
      kind: free || !req.split ? 'full' : 'split',
      bookings: ids.map((id) => ({ id, amountCents: charges.get(id)!.amountCents, shares: free ? null : charges.get(id)!.shares })),
      discount: promo && { promoCodeId: promo.promoCodeId, discountCents: promo.discountCents, shares: promo.shares },
    });
    const lines = checkoutLines(ctx, views, charges, now, promo);
    if (walletCents > 0) await spendOnOrder(ctx, trx, order, lines, now);
    const refundIds = free ? (await settlePayment(ctx, trx, order, { provider: order.provider }, now)).refundIds : [];
    // The page may take money only while every hold of it lasts.
    const holdExpiresAt = new Date(Math.min(...rows.map((r) => holdLapsesAt({ startsAt: r.starts_at, holdExpiresAt: r.hold_expires_at }).getTime())));
    // The card page lists what the card pays: credit comes off its lines.
    const cardLines = linesAfterCredit(lines, walletCents, (c) => `${formatCents(c, ctx.config.money)} paid with credit`);
    return { order, free, refundIds, replaced, quote: quoteOf(subtotalCents, promo), lines: cardLines, holdExpiresAt };
  }));
  const { order, lines, holdExpiresAt } = placed;
  // The replaced pages close before the new one opens.
  await closeCheckouts(ctx, placed.replaced);
  const answer = {
    orderId: order.id,
    totalPayableAmount: centsToDollars(order.amount_cents + order.wallet_cents),
    ...placed.quote,
    split: order.kind === 'split',
    walletAmount: centsToDollars(order.wallet_cents),
    cardAmount: centsToDollars(order.amount_cents),
  };
  if (placed.free) {
    await sendRefunds(ctx, placed.refundIds);
    return { ...answer, payment_url: `/payment/success?order=${encodeURIComponent(order.id)}` };
  }
  const checkout = await openHostedPage(ctx, provider, order, { customerEmail: user.email, lines, now, holdExpiresAt, saveCard: order.kind === 'split' });
  await storeCheckout(ctx, order.id, provider.name, { ...checkout, expiresAt: checkout.expiresAt ?? holdExpiresAt, extendsHolds: checkout.expiresAt !== undefined }, now);
  return { ...answer, payment_url: checkout.paymentUrl };
}

/**
 * What a promo code would do to the caller's unpaid holds, before paying: the same checks as
 * placing the order, without its lock (the order's own transaction decides, so the answer can
 * still change if someone takes the code's last use meanwhile).
 */
export async function quotePromoCode(ctx: ServiceContext, user: CurrentUser, req: { code: string; bookingIds: { bookingId: string }[] }, ip?: string): Promise<PromoQuoteDto> {
  const ids = requestedBookingIds(req);
  const code = await knownPromoCode(ctx, user, req.code, ip);
  return ctx.db.transaction().execute(async (trx) => {
    const { rows } = await lockCallersHolds(trx, user, ids, ctx.clock(), ctx.config.money.locale);
    const promo = await applyCodeToOrder(ctx, trx, user, code, rows, { lock: false });
    const subtotalCents = rows.reduce((sum, r) => sum + r.payable_cents, 0);
    if (promo.totalCents > 0) assertChargeable(ctx.payments.checkout, promo.totalCents, ctx.config.money, promo.code);
    return { ...quoteOf(subtotalCents, promo), promoCode: promo.code, totalPayableAmount: centsToDollars(promo.totalCents) };
  });
}

function requestedBookingIds(req: Pick<CheckoutRequest, 'bookingIds'>): string[] {
  const ids = [...new Set(req.bookingIds.map((b) => b.bookingId))];
  if (ids.length === 0) throw new DomainError('invalid', 'NO_BOOKINGS', 'bookingIds must list at least one booking.', 'bookingIds');
  return ids;
}

/** Locks the bookings to pay for: each must be the caller's live unpaid hold, not started, at a facility still taking bookings. */
async function lockCallersHolds(trx: Executor, user: CurrentUser, ids: string[], now: Date, locale: string) {
  const rows = await bookings.lockBookings(trx, ids);
  for (const id of ids) {
    const row = rows.find((r) => r.id === id);
    if (!row || row.user_id !== user.id) {
      throw new DomainError('not_found', 'BOOKING_NOT_FOUND', `Booking ${id} not found.`, 'bookingIds');
    }
    if (row.status === 'confirmed') throw new DomainError('conflict', 'NOT_PAYABLE', `Booking ${id} is already paid.`, 'bookingIds');
  }
  const views = await bookings.findBookingsViews(trx, ids);
  // Each booking that can no longer be paid says why (cancelled by the venue, started, its hold ran out).
  for (const v of views) {
    const why = bookingUnpayableReason(payableStateOf(v, locale), now);
    if (why) throw new DomainError('conflict', 'NOT_PAYABLE', why.message, 'bookingIds');
  }
  const closed = views.find((v) => v.facility_deleted);
  if (closed) {
    throw new DomainError('conflict', 'NOT_PAYABLE', `Booking ${closed.id} is at a facility that no longer takes bookings; please book another.`, 'bookingIds');
  }
  return { rows, views };
}

/** Our price of the bookings, which the client's total must equal (before a promo code: the server applies it). */
function checkPrice(rows: BookingRow[], totalCents: number, money: MoneyFormat, withCode = false): number {
  const amountCents = rows.reduce((sum, r) => sum + r.payable_cents, 0);
  if (amountCents !== totalCents) {
    throw new DomainError(
      'invalid',
      'PRICE_MISMATCH',
      `totalPayableAmount does not match the price of the selected bookings${withCode ? ' before the promo code' : ''} (${formatCents(amountCents, money)}).`,
      'totalPayableAmount',
    );
  }
  return amountCents;
}

/**
 * Refuses a total the provider's page could not take (Stripe's smallest card payment is $0.50),
 * before any order exists: the customer is told why and what to do, instead of a failed page.
 */
function assertChargeable(provider: PaymentProvider, amountCents: number, money: MoneyFormat, promoCode?: string): void {
  const minimum = provider.minimumChargeCents ?? 1;
  if (amountCents >= minimum) return;
  const smallest = `the smallest card payment (${formatCents(minimum, money)})`;
  throw new DomainError(
    'invalid',
    'BELOW_MINIMUM_CHARGE',
    promoCode
      ? `With promo code ${promoCode} the total is ${formatCents(amountCents, money)}, less than ${smallest}: add a booking, or pay without the code.`
      : `The total is ${formatCents(amountCents, money)}, less than ${smallest}.`,
    promoCode ? 'promoCode' : 'totalPayableAmount',
  );
}

/** What the order charges for each booking: its price less its share of the promo code, or, split, the organizer's share of that (and into how many shares). */
function chargesOf(
  ctx: ServiceContext,
  provider: PaymentProvider,
  views: bookings.BookingView[],
  promo: OrderPromo | undefined,
  split: boolean,
): Map<string, { amountCents: number; shares: number | null }> {
  return new Map(views.map((v): [string, { amountCents: number; shares: number | null }] => {
    const priceCents = chargedForBooking(v.payable_cents, promo?.shares.get(v.id) ?? 0);
    if (!split) return [v.id, { amountCents: priceCents, shares: null }];
    const count = v.facility_max_players ?? 1;
    const refusal = splitRefusal(priceCents, count, provider.minimumChargeCents ?? 1, ctx.config.money);
    if (refusal) throw refusal;
    return [v.id, { amountCents: splitCents(priceCents, count)[0]!, shares: count }];
  }));
}

/** What the hosted page lists (dates and times as every page writes them): one line per booking, what the order charges for it (the lines add up to the order). */
function checkoutLines(ctx: ServiceContext, views: bookings.BookingView[], charges: ReturnType<typeof chargesOf>, now: Date, promo?: OrderPromo) {
  return views.map((v) => {
    const dto = toBookingDto(v, now, ctx.config.cancellationHours);
    const discounted = (promo?.shares.get(v.id) ?? 0) > 0;
    const { amountCents, shares } = charges.get(v.id)!;
    const { locale } = ctx.config.money;
    const notes = [discounted ? `promo code ${promo!.code}` : '', shares ? `your share, 1 of ${shares}` : ''].filter(Boolean).join('; ');
    const description = `${dto.facility.name}, ${displayDate(dto.date, locale)}, ${displayTimeRange(dto.startTime, dto.endTime, locale)}${notes ? ` (${notes})` : ''}`;
    return { description, amountCents };
  });
}

/** A booking as the reasons a payment page closed read it; its date and time as every page writes them. */
function payableStateOf(v: bookings.BookingView, locale: string): ClosedCheckoutBooking {
  const { date, startTime, endTime } = localTimes(v.starts_at, v.ends_at, v.facility_timezone);
  return {
    status: v.status,
    cancelledByVenue: v.status === 'cancelled' && v.cancelled_by !== v.user_id,
    startsAt: v.starts_at,
    holdLapsesAt: v.status === 'pending' ? holdLapsesAt({ startsAt: v.starts_at, holdExpiresAt: v.hold_expires_at }) : null,
    when: `${displayDate(date, locale)}, ${displayTimeRange(startTime, endTime, locale)}`,
  };
}

/** Why an order's payment page no longer takes money (checkoutClosedReason), or null while it may or once paid. */
async function closedReasonOf(db: Executor, order: OrderRow, views: bookings.BookingView[], now: Date, locale: string): Promise<ClosedReason | null> {
  const window = await orders.checkoutWindow(db, order);
  return checkoutClosedReason({ ...window, closedBecause: order.closed_because, bookings: views.map((v) => payableStateOf(v, locale)) }, now);
}

/** What the hosted payment page of `provider` shows; `open` is false once it may no longer take money, and `closed` says why. */
export async function orderSummary(ctx: ServiceContext, provider: string, orderId: string) {
  const order = await orderServedBy(ctx.db, orderId, provider);
  const ids = await orders.bookingIdsOfOrder(ctx.db, orderId);
  const now = ctx.clock();
  const views = await bookings.findBookingsViews(ctx.db, ids);
  const charges = await orders.chargesOfOrder(ctx.db, orderId);
  const shareOf = order.share_id ? await shares.findShare(ctx.db, order.share_id) : undefined;
  const shareCount = shareOf ? (await shares.sharesOf(ctx.db, shareOf.booking_id)).length : null;
  // Each line is what this page charges for it: the booking's price (a promo code comes off the total), or a share of it.
  const lines = views.map((v) => {
    const booking = toBookingDto(v, now, ctx.config.cancellationHours);
    const count = charges.get(v.id)?.shares ?? shareCount;
    const amountCents = charges.get(v.id)?.amountCents;
    return count && amountCents != null
      ? { booking, amount: centsToDollars(amountCents), note: `Your share, 1 of ${count}` }
      : { booking, amount: booking.payableAmount, note: null };
  });
  const open = isCheckoutOpen(await orders.checkoutWindow(ctx.db, order), now);
  const closed = open ? null : await closedReasonOf(ctx.db, order, views, now, ctx.config.money.locale);
  const { promo_code: promoCode } = (await orders.findPayment(ctx.db, orderId))!;
  // A split's shares are of the price after the code: the code shows, its discount is in them already.
  const discount = promoCode ? { code: promoCode, amount: order.kind === 'split' ? null : centsToDollars(order.discount_cents) } : undefined;
  // The sandbox page says what paying a split agrees to; paying is the agreement it records.
  const agreement = order.kind === 'split' ? sharesDueRule(ctx.config.shareDueHours) : null;
  // An order without bookings (credit, a gift voucher) is one line: what it buys.
  const purchase = order.description ? { description: order.description, amount: centsToDollars(order.amount_cents) } : null;
  return { id: order.id, status: order.status, open, closed, amount: centsToDollars(order.amount_cents), lines, purchase, discount, agreement, credit: centsToDollars(order.wallet_cents) };
}

/**
 * Where an order stands, for the customer's payment return page: the back office's record of
 * it, cut down to what the customer needs. Someone else's order does not exist for a customer.
 */
export async function orderStatus(ctx: ServiceContext, actor: CurrentUser, orderId: string): Promise<OrderStatusDto> {
  const order = await orders.findOrder(ctx.db, orderId);
  if (!order || (!isStaff(actor.role) && order.user_id !== actor.id)) throw orderNotFound();
  const { id, status, amount, description, refundState, flagReason, bookings: lines } = await getPayment(ctx, orderId);
  const now = ctx.clock();
  // Each booking as its own page shows it: where, when, and the cancellation rule in force for it.
  const views = await bookings.findBookingsViews(ctx.db, lines.map((b) => b.id));
  const dtos = views.map((v) => toBookingDto(v, now, ctx.config.cancellationHours));
  return {
    id,
    kind: order.kind,
    status,
    amount,
    description,
    refundState,
    flagged: flagReason !== null,
    closedReason: await closedReasonOf(ctx.db, order, views, now, ctx.config.money.locale),
    bookings: dtos.map((b) => ({
      id: b._id,
      status: b.status,
      paymentStatus: b.paymentStatus,
      facilityName: b.facility.name,
      timezone: b.facility.timezone,
      date: b.date,
      startTime: b.startTime,
      endTime: b.endTime,
      playEndTime: b.playEndTime,
      cancellableUntil: b.cancellableUntil,
      cancellationHours: b.cancellationHours,
    })),
  };
}

/** The customer left `provider`'s hosted page without paying: the holds stay until they lapse. */
export async function abandonCheckout(ctx: ServiceContext, provider: string, orderId: string): Promise<void> {
  const order = await orderServedBy(ctx.db, orderId, provider);
  if (order.status === 'pending') await orders.markOrder(ctx.db, orderId, { status: 'cancelled' }, ctx.clock());
}
