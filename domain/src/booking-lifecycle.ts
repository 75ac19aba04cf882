import { DomainError } from './errors.ts';

export const BOOKING_STATUSES = ['pending', 'confirmed', 'cancelled', 'expired'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const PAYMENT_STATUSES = ['unpaid', 'paid', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Statuses that hold a slot (the exclusion constraint covers exactly these). */
export const ACTIVE_STATUSES: readonly BookingStatus[] = ['pending', 'confirmed'];

export interface BookingState {
  status: BookingStatus;
  paymentStatus: PaymentStatus;
  startsAt: Date;
  holdExpiresAt: Date | null;
}

export function holdExpiry(now: Date, holdMinutes: number): Date {
  return new Date(now.getTime() + holdMinutes * 60_000);
}

/** A pending hold past its expiry no longer holds the slot, swept or not. */
export function isHoldLapsed(b: BookingState, now: Date): boolean {
  return b.status === 'pending' && b.holdExpiresAt !== null && b.holdExpiresAt.getTime() <= now.getTime();
}

export type Actor = 'owner' | 'admin';

export interface CancellationPolicy {
  now: Date;
  cancellationHours: number;
}

/**
 * Who may cancel what, and whether money goes back: a pending hold any time; a
 * confirmed booking up to `cancellationHours` before it starts; an admin any time.
 * Paid bookings are always refunded when cancelled.
 */
export function decideCancellation(b: BookingState, actor: Actor, policy: CancellationPolicy): { refund: boolean } {
  if (b.status === 'cancelled' || b.status === 'expired' || isHoldLapsed(b, policy.now)) {
    throw new DomainError('conflict', 'NOT_ACTIVE', `This booking is already ${b.status === 'pending' ? 'expired' : b.status}.`);
  }
  const refund = b.paymentStatus === 'paid';
  if (actor === 'admin' || b.status === 'pending') return { refund };
  const deadline = b.startsAt.getTime() - policy.cancellationHours * 3_600_000;
  if (policy.now.getTime() > deadline) {
    throw new DomainError(
      'conflict',
      'CANCELLATION_WINDOW_PASSED',
      `Confirmed bookings can be cancelled up to ${policy.cancellationHours} hours before they start. Please contact the venue.`,
    );
  }
  return { refund };
}

/** Only a pending hold can be moved by its owner; admins can move any active booking. */
export function assertReschedulable(b: BookingState, actor: Actor, now: Date): void {
  if (b.status === 'cancelled' || b.status === 'expired' || isHoldLapsed(b, now)) {
    throw new DomainError('conflict', 'NOT_ACTIVE', 'Only an active booking can be changed.');
  }
  if (actor === 'owner' && b.status !== 'pending') {
    throw new DomainError('forbidden', 'CONFIRMED_LOCKED', 'A paid booking can only be changed by the venue. Cancel it or contact us.');
  }
}
