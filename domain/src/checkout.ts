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
