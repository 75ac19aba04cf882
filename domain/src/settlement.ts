import type { BookingState } from './booking-lifecycle.ts';
import { hasStarted, type CheckoutWindow } from './checkout.ts';
import { centsToDollars } from './money.ts';
import { currencyProblem, formatCents, type MoneyFormat } from './money-format.ts';

/**
 * What a provider's "paid" does to an order, decided without I/O: which bookings the money can
 * no longer buy, and how what it brought for them goes back. The API reads, asks, then writes.
 */

export interface SettlingOrder {
  status: CheckoutWindow['status'];
  amountCents: number;
}

export interface SettlingBooking {
  id: string;
  status: BookingState['status'];
  paymentStatus: BookingState['paymentStatus'];
  startsAt: Date;
  payableCents: number;
  /** Its facility was deleted: it takes no bookings, so no payment either. */
  facilityDeleted: boolean;
}

/** An order whose money is booked already: a second "paid" for it changes nothing. */
export const isSettled = (order: Pick<SettlingOrder, 'status'>): boolean => order.status === 'paid' || order.status === 'refunded';

/** A checkout we cancelled (a booking of it moved or was cancelled, or the customer left) buys nothing. */
const isStale = (order: Pick<SettlingOrder, 'status'>): boolean => order.status === 'cancelled';

/**
 * Whether the payment is too late for this booking, known before any write: the whole checkout
 * was cancelled, or the booking is paid already, cancelled, has started or its facility is gone.
 * A booking that passes may still be late: its slot can have gone to someone else (the
 * exclusion constraint says so when the API confirms it).
 */
export function isLateBeforeConfirming(order: Pick<SettlingOrder, 'status'>, b: SettlingBooking, now: Date): boolean {
  return isStale(order) || b.paymentStatus !== 'unpaid' || b.status === 'cancelled' || hasStarted(b.startsAt, now) || b.facilityDeleted;
}

/** One refund to record: on a booking (which then reads refunded) or, with no booking, on the order. */
export interface PlannedRefund {
  bookingId: string | null;
  amountCents: number;
}

export interface LateRefundPlan {
  /** Stored on every refund. */
  reason: string;
  /** In the order to record them. An order refund is never zero; a booking's can be (it still marks the booking). */
  refunds: PlannedRefund[];
  /** What staff read on the flagged order. */
  flagReason: string;
}

function lateReason(order: Pick<SettlingOrder, 'status'>, late: SettlingBooking[], now: Date): string {
  if (isStale(order)) return 'paid a checkout that had been cancelled';
  return late.some((b) => hasStarted(b.startsAt, now)) ? 'paid after the booking had started' : 'paid after the slot was released';
}

/**
 * A stale checkout's money all goes back. A booking of it that is over (cancelled or expired)
 * and that nobody paid for since shows its customer the money went back, as far as the money
 * covers it; the rest is refunded on the order.
 */
function staleRefunds(order: SettlingOrder, bookings: SettlingBooking[]): PlannedRefund[] {
  const refunds: PlannedRefund[] = [];
  let left = order.amountCents;
  for (const b of bookings) {
    if (b.paymentStatus !== 'unpaid' || (b.status !== 'cancelled' && b.status !== 'expired') || b.payableCents > left) continue;
    refunds.push({ bookingId: b.id, amountCents: b.payableCents });
    left -= b.payableCents;
  }
  refunds.push({ bookingId: null, amountCents: left });
  return refunds;
}

/** The refund belongs to the booking only when it was this payment that failed to buy it. */
const lateBookingRefund = (b: SettlingBooking): PlannedRefund => ({ bookingId: b.paymentStatus === 'unpaid' ? b.id : null, amountCents: b.payableCents });

function flagText(reason: string, refundedCents: number, bookingCount: number): string {
  const why = reason[0]!.toUpperCase() + reason.slice(1);
  return `${why}; refunded $${centsToDollars(refundedCents).toFixed(2)} for ${bookingCount} booking${bookingCount === 1 ? '' : 's'}.`;
}

/**
 * The refunds for the bookings of a paid order that it could not buy (`lateIds`), and the flag
 * for staff; null when it bought them all. `bookings` is every booking of the order.
 */
export function planLateRefunds(order: SettlingOrder, bookings: SettlingBooking[], lateIds: ReadonlySet<string>, now: Date): LateRefundPlan | null {
  const late = bookings.filter((b) => lateIds.has(b.id));
  if (late.length === 0) return null;
  const reason = lateReason(order, late, now);
  const refunds = isStale(order) ? staleRefunds(order, bookings) : late.map(lateBookingRefund);
  const refundedCents = isStale(order) ? order.amountCents : late.reduce((sum, b) => sum + b.payableCents, 0);
  return { reason, refunds: refunds.filter((r) => r.bookingId !== null || r.amountCents > 0), flagReason: flagText(reason, refundedCents, late.length) };
}

/** What a provider reports it took on one of its checkouts (a Stripe Checkout Session, say). */
export interface ReportedPayment {
  checkoutRef: string;
  amountCents: number;
  /** ISO 4217, any case. */
  currency: string;
}

/**
 * Why a provider's report cannot settle this order, or undefined when it can. Only the order's
 * own checkout, for exactly the amount and currency it was opened with, pays it: a provider
 * sends us every checkout of the account, and a buyer can write our order id on one of theirs.
 * The text is what staff read on the flagged order.
 */
export function paymentMismatch(order: { checkoutRef: string | null; amountCents: number }, paid: ReportedPayment, money: MoneyFormat): string | undefined {
  const currency = paid.currency.toUpperCase();
  const took = currency === money.currency
    ? formatCents(paid.amountCents, money)
    // A currency we cannot format (the event is signed, but its fields are the payer's choice) is shown as it came.
    : currencyProblem(currency) ? `${paid.amountCents} minor units of "${paid.currency}"` : `${formatCents(paid.amountCents, { ...money, currency })} (${currency})`;
  if (paid.checkoutRef !== order.checkoutRef) {
    return `A payment of ${took} on checkout ${paid.checkoutRef} named this order, which it did not open; nothing was confirmed. Refund it with the provider if it was not meant for the venue.`;
  }
  if (currency !== money.currency) return `Its checkout ${paid.checkoutRef} reported ${took} for an order in ${money.currency}; nothing was confirmed.`;
  if (paid.amountCents !== order.amountCents) {
    return `Its checkout ${paid.checkoutRef} reported ${took} for an order of ${formatCents(order.amountCents, money)}; nothing was confirmed.`;
  }
  return undefined;
}
