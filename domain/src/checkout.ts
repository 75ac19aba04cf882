import type { OrderStatus } from './statuses.ts';

/** What decides whether an order's hosted payment page may still take money. */
export interface CheckoutWindow {
  status: OrderStatus;
  /** When the page stops taking money (the holds' expiry, or the provider's page if longer). */
  expiresAt: Date | null;
  /** When the earliest booking of the order starts. */
  firstStartsAt: Date;
}

/**
 * A checkout takes money only while it is pending, before it expires and before any of its
 * bookings starts: a slot that has begun cannot be sold any more (and could no longer be
 * cancelled under the policy).
 */
export function isCheckoutOpen(c: CheckoutWindow, now: Date): boolean {
  const t = now.getTime();
  return c.status === 'pending' && (c.expiresAt === null || t < c.expiresAt.getTime()) && t < c.firstStartsAt.getTime();
}

/** A payment that arrives for a booking that has started buys nothing: it is refunded. */
export const hasStarted = (startsAt: Date, now: Date): boolean => startsAt.getTime() <= now.getTime();

/** Why an open checkout stopped taking money, when the order alone cannot tell (stored on the order). */
export const ORDER_CLOSED_BECAUSE = ['booking_moved', 'booking_cancelled', 'replaced'] as const;
export type OrderClosedBecause = (typeof ORDER_CLOSED_BECAUSE)[number];

/** A booking of a checkout, as the reason for its closing needs it. */
export interface ClosedCheckoutBooking {
  status: 'pending' | 'confirmed' | 'cancelled' | 'expired';
  /** Cancelled by someone other than its customer (staff, a closure, the facility withdrawn). */
  cancelledByVenue: boolean;
  startsAt: Date;
  /** When its hold lapses (holdLapsesAt); null when it holds none. */
  holdLapsesAt: Date | null;
  /** Its time as the customer reads it elsewhere ("2027-03-02 10:00–11:00"). */
  when: string;
}

export type ClosedCheckoutCode = 'CANCELLED_BY_VENUE' | 'CANCELLED' | 'STARTED' | 'MOVED' | 'HOLD_LAPSED' | 'REPLACED' | 'LEFT';
export interface ClosedReason {
  code: ClosedCheckoutCode;
  message: string;
}

const NOTHING_CHARGED = 'Nothing was charged.';

/**
 * Why one booking can no longer be paid for, or null while it can: cancelled (by the venue or
 * not), its time started, or its hold lapsed (holdLapsesAt) or was expired.
 */
export function bookingUnpayableReason(b: ClosedCheckoutBooking, now: Date): ClosedReason | null {
  if (b.status === 'cancelled') {
    return b.cancelledByVenue
      ? { code: 'CANCELLED_BY_VENUE', message: `This booking (${b.when}) was cancelled by the venue, so it can no longer be paid. ${NOTHING_CHARGED}` }
      : { code: 'CANCELLED', message: `This booking (${b.when}) was cancelled, so it can no longer be paid. ${NOTHING_CHARGED}` };
  }
  if (b.status === 'confirmed') return null;
  if (hasStarted(b.startsAt, now)) return { code: 'STARTED', message: `This booking's time has started (${b.when}), so it can no longer be paid online. ${NOTHING_CHARGED}` };
  if (b.status === 'expired' || b.holdLapsesAt === null || now.getTime() >= b.holdLapsesAt.getTime()) {
    return { code: 'HOLD_LAPSED', message: `The time to pay for this booking (${b.when}) ran out and its slot was released. ${NOTHING_CHARGED} Please book again.` };
  }
  return null;
}

/**
 * Why a payment page no longer takes money, in the customer's words, or null while it may
 * (or once it was paid: the page then says so). The first that applies wins: a booking that
 * can no longer be paid (cancelled, started, its hold lapsed), moved by the venue (its new
 * link is in the customer's email), the page's own time ran out, a newer page replaced it, or
 * the customer left it.
 */
export function checkoutClosedReason(
  c: CheckoutWindow & { closedBecause: OrderClosedBecause | null; bookings: ClosedCheckoutBooking[] },
  now: Date,
): ClosedReason | null {
  if (c.status === 'paid' || c.status === 'refunded' || isCheckoutOpen(c, now)) return null;
  const order = (['CANCELLED_BY_VENUE', 'CANCELLED', 'STARTED', 'HOLD_LAPSED'] as const);
  const reasons = c.bookings.map((b) => bookingUnpayableReason(b, now)).filter((r) => r !== null);
  const first = order.map((code) => reasons.find((r) => r.code === code)).find((r) => r !== undefined);
  if (first) return first;
  if (c.closedBecause === 'booking_moved') {
    return { code: 'MOVED', message: `This booking was moved to ${c.bookings.map((b) => b.when).join(', ')}: use the new payment link in your email. ${NOTHING_CHARGED}` };
  }
  if (c.expiresAt !== null && now.getTime() >= c.expiresAt.getTime()) {
    return { code: 'HOLD_LAPSED', message: `The time to pay ran out. ${NOTHING_CHARGED} Please book again.` };
  }
  if (c.closedBecause === 'replaced') return { code: 'REPLACED', message: `A newer payment page replaced this one. ${NOTHING_CHARGED} Pay on the newest page, or from My bookings.` };
  return { code: 'LEFT', message: `This payment was cancelled. ${NOTHING_CHARGED}` };
}
