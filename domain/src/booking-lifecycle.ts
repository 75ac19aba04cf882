import { DomainError } from './errors.ts';
import type { BookingStatus, PaymentStatus } from './statuses.ts';

export { ACTIVE_STATUSES, BOOKING_STATUSES, PAYMENT_STATUSES } from './statuses.ts';

export interface BookingState {
  status: BookingStatus;
  paymentStatus: PaymentStatus;
  startsAt: Date;
  holdExpiresAt: Date | null;
}

/**
 * When a hold stops holding its slot: its own expiry (none: at the start), but never after the slot starts (a slot
 * that has begun can no longer be sold, so nobody may keep it from the desk by not paying).
 * The SQL side of the same rule is in api/src/repositories/occupancy.ts and the PL/pgSQL
 * functions of the migration "hold_ends_at_start"; a test holds them to this one.
 */
export function holdLapsesAt(b: Pick<BookingState, 'startsAt' | 'holdExpiresAt'>): Date {
  return b.holdExpiresAt !== null && b.holdExpiresAt.getTime() < b.startsAt.getTime() ? b.holdExpiresAt : b.startsAt;
}

/** The expiry of a hold taken `now` for `holdMinutes` on a slot starting at `startsAt`. */
export function holdExpiry(now: Date, holdMinutes: number, startsAt: Date): Date {
  return holdLapsesAt({ holdExpiresAt: new Date(now.getTime() + holdMinutes * 60_000), startsAt });
}

/** A pending hold past its expiry (or its slot's start) no longer holds the slot, swept or not. */
export function isHoldLapsed(b: BookingState, now: Date): boolean {
  return b.status === 'pending' && holdLapsesAt(b).getTime() <= now.getTime();
}

export type Actor = 'owner' | 'admin';

export interface CancellationPolicy {
  now: Date;
  cancellationHours: number;
}

/** Whether the customer may cancel a booking now, and the deadline of free cancellation. */
export interface CancellationTerms {
  cancellable: boolean;
  /**
   * The last instant a confirmed booking may be cancelled (and refunded) by its customer:
   * start minus `cancellationHours`. A pending hold carries the deadline it will have once
   * paid (it can be released any time until then); null once the booking is no longer active.
   */
  cancellableUntil: Date | null;
}

const isOver = (b: BookingState, now: Date) => b.status === 'cancelled' || b.status === 'expired' || isHoldLapsed(b, now);

/**
 * The customer's side of the policy, the one place it is written: a live pending hold can
 * always be released; a confirmed booking up to `cancellationHours` before it starts (exactly
 * at the deadline still counts). The API enforces it (decideCancellation) and shows it to the
 * customer (cancellable, cancellableUntil on every booking), so the two cannot disagree.
 */
export function cancellationTerms(b: BookingState, policy: CancellationPolicy): CancellationTerms {
  if (isOver(b, policy.now)) return { cancellable: false, cancellableUntil: null };
  const cancellableUntil = new Date(b.startsAt.getTime() - policy.cancellationHours * 3_600_000);
  const cancellable = b.status === 'pending' || policy.now.getTime() <= cancellableUntil.getTime();
  return { cancellable, cancellableUntil };
}

/**
 * Who may cancel what, and whether money goes back: the customer under cancellationTerms; an
 * admin any active booking any time. Paid bookings are always refunded when cancelled.
 */
export function decideCancellation(b: BookingState, actor: Actor, policy: CancellationPolicy): { refund: boolean } {
  if (isOver(b, policy.now)) {
    throw new DomainError('conflict', 'NOT_ACTIVE', `This booking is already ${b.status === 'pending' ? 'expired' : b.status}.`);
  }
  if (actor === 'owner' && !cancellationTerms(b, policy).cancellable) {
    throw new DomainError(
      'conflict',
      'CANCELLATION_WINDOW_PASSED',
      `Confirmed bookings can be cancelled up to ${policy.cancellationHours} hours before they start. Please contact the venue.`,
    );
  }
  return { refund: b.paymentStatus === 'paid' };
}

/** Only a pending hold can be moved by its owner; admins can move any active booking. */
export function assertReschedulable(b: BookingState, actor: Actor, now: Date): void {
  if (isOver(b, now)) {
    throw new DomainError('conflict', 'NOT_ACTIVE', 'Only an active booking can be changed.');
  }
  if (actor === 'owner' && b.status !== 'pending') {
    throw new DomainError('forbidden', 'CONFIRMED_LOCKED', 'A paid booking can only be changed by the venue. Cancel it or contact us.');
  }
}
