import { describe, expect, it } from 'vitest';
import { errorOf } from './test-support.ts';
import {
  ACTIVE_STATUSES,
  BOOKING_STATUSES,
  PAYMENT_STATUSES,
  assertReschedulable,
  cancellationTerms,
  decideCancellation,
  holdExpiry,
  holdLapsesAt,
  isHoldLapsed,
  type BookingState,
} from './booking-lifecycle.ts';

const HOUR = 3_600_000;
const now = new Date('2026-06-01T12:00:00Z');
const hoursFromNow = (h: number) => new Date(now.getTime() + h * HOUR);

const booking = (over: Partial<BookingState> = {}): BookingState => ({
  status: 'confirmed',
  paymentStatus: 'paid',
  startsAt: hoursFromNow(48),
  holdExpiresAt: null,
  ...over,
});
const pending = (over: Partial<BookingState> = {}) =>
  booking({ status: 'pending', paymentStatus: 'unpaid', holdExpiresAt: new Date(now.getTime() + 10 * 60_000), ...over });

const policy = { now, cancellationHours: 24 };

describe('status lists', () => {
  it('match the design', () => {
    expect(BOOKING_STATUSES).toEqual(['pending', 'confirmed', 'cancelled', 'expired']);
    expect(PAYMENT_STATUSES).toEqual(['unpaid', 'paid', 'refunded']);
    expect(ACTIVE_STATUSES).toEqual(['pending', 'confirmed']);
  });
});

describe('holdExpiry', () => {
  const later = hoursFromNow(48);
  it('adds the hold minutes to now', () => {
    expect(holdExpiry(now, 15, later).toISOString()).toBe('2026-06-01T12:15:00.000Z');
    expect(holdExpiry(now, 0, later).toISOString()).toBe('2026-06-01T12:00:00.000Z');
    expect(holdExpiry(new Date('2026-06-01T23:50:00Z'), 15, later).toISOString()).toBe('2026-06-02T00:05:00.000Z');
  });

  it('never lasts past the slot start: a 24-hour payment link made an hour before the game ends at the start', () => {
    expect(holdExpiry(now, 24 * 60, hoursFromNow(1)).toISOString()).toBe('2026-06-01T13:00:00.000Z');
    expect(holdExpiry(now, 15, new Date(now.getTime() + 5 * 60_000)).toISOString()).toBe('2026-06-01T12:05:00.000Z');
  });

  it('does not mutate now', () => {
    const n = new Date(now);
    holdExpiry(n, 15, later);
    expect(n.getTime()).toBe(now.getTime());
  });
});

describe('holdLapsesAt', () => {
  it('is the earlier of the hold expiry and the slot start', () => {
    expect(holdLapsesAt({ holdExpiresAt: hoursFromNow(1), startsAt: hoursFromNow(2) })).toEqual(hoursFromNow(1));
    expect(holdLapsesAt({ holdExpiresAt: hoursFromNow(30), startsAt: hoursFromNow(2) })).toEqual(hoursFromNow(2));
    expect(holdLapsesAt({ holdExpiresAt: hoursFromNow(2), startsAt: hoursFromNow(2) })).toEqual(hoursFromNow(2));
    expect(holdLapsesAt({ holdExpiresAt: null, startsAt: hoursFromNow(2) })).toEqual(hoursFromNow(2));
  });
});

describe('isHoldLapsed', () => {
  it('is true once a pending hold reaches its expiry', () => {
    const b = pending({ holdExpiresAt: now });
    expect(isHoldLapsed(b, now)).toBe(true);
    expect(isHoldLapsed(b, new Date(now.getTime() - 1))).toBe(false);
    expect(isHoldLapsed(b, new Date(now.getTime() + 1))).toBe(true);
  });

  it('is true once the slot starts, whatever the hold expiry says', () => {
    const b = pending({ holdExpiresAt: hoursFromNow(23), startsAt: hoursFromNow(1) });
    expect(isHoldLapsed(b, hoursFromNow(0.99))).toBe(false);
    expect(isHoldLapsed(b, hoursFromNow(1))).toBe(true);
    expect(isHoldLapsed(b, hoursFromNow(3))).toBe(true);
  });

  it('is false for a pending hold without expiry, and for other statuses', () => {
    // Without an expiry of its own (the database never stores one), it holds until the start.
    expect(isHoldLapsed(pending({ holdExpiresAt: null }), now)).toBe(false);
    expect(isHoldLapsed(pending({ holdExpiresAt: null, startsAt: now }), now)).toBe(true);
    const past = new Date(now.getTime() - HOUR);
    expect(isHoldLapsed(booking({ status: 'confirmed', holdExpiresAt: past }), now)).toBe(false);
    expect(isHoldLapsed(booking({ status: 'cancelled', holdExpiresAt: past }), now)).toBe(false);
    expect(isHoldLapsed(booking({ status: 'expired', holdExpiresAt: past }), now)).toBe(false);
  });
});

describe('decideCancellation', () => {
  it('a pending hold can be cancelled by its owner any time, without refund', () => {
    expect(decideCancellation(pending(), 'owner', policy)).toEqual({ refund: false });
    // Even when it starts within the cancellation window.
    expect(decideCancellation(pending({ startsAt: hoursFromNow(1) }), 'owner', policy)).toEqual({ refund: false });
  });

  it('a confirmed, paid booking more than cancellationHours before start is refunded', () => {
    expect(decideCancellation(booking({ startsAt: hoursFromNow(48) }), 'owner', policy)).toEqual({ refund: true });
    expect(decideCancellation(booking({ startsAt: hoursFromNow(24.5) }), 'owner', policy)).toEqual({ refund: true });
  });

  it('exactly cancellationHours before start is still allowed', () => {
    expect(decideCancellation(booking({ startsAt: hoursFromNow(24) }), 'owner', policy)).toEqual({ refund: true });
  });

  it('inside the window the owner is refused with CANCELLATION_WINDOW_PASSED', () => {
    for (const startsAt of [new Date(hoursFromNow(24).getTime() - 1), hoursFromNow(23), hoursFromNow(1), hoursFromNow(-2)]) {
      const err = errorOf(() => decideCancellation(booking({ startsAt }), 'owner', policy));
      expect(err.code).toBe('CANCELLATION_WINDOW_PASSED');
      expect(err.kind).toBe('conflict');
      expect(err.message).toBe('Confirmed bookings can be cancelled up to 24 hours before they start. Please contact the venue.');
    }
  });

  it('honours a different cancellationHours', () => {
    const p = { now, cancellationHours: 2 };
    expect(decideCancellation(booking({ startsAt: hoursFromNow(3) }), 'owner', p)).toEqual({ refund: true });
    expect(errorOf(() => decideCancellation(booking({ startsAt: hoursFromNow(1) }), 'owner', p)).code).toBe('CANCELLATION_WINDOW_PASSED');
    expect(decideCancellation(booking({ startsAt: hoursFromNow(1) }), 'owner', { now, cancellationHours: 0 })).toEqual({ refund: true });
  });

  it('a confirmed but unpaid booking is cancelled without refund', () => {
    expect(decideCancellation(booking({ paymentStatus: 'unpaid' }), 'owner', policy)).toEqual({ refund: false });
  });

  it('an admin can cancel a confirmed booking any time, with refund', () => {
    expect(decideCancellation(booking({ startsAt: hoursFromNow(1) }), 'admin', policy)).toEqual({ refund: true });
    expect(decideCancellation(booking({ startsAt: hoursFromNow(-1) }), 'admin', policy)).toEqual({ refund: true });
    expect(decideCancellation(booking({ startsAt: hoursFromNow(100) }), 'admin', policy)).toEqual({ refund: true });
    expect(decideCancellation(pending(), 'admin', policy)).toEqual({ refund: false });
  });

  it.each(['owner', 'admin'] as const)('refuses cancelled and expired bookings with NOT_ACTIVE (%s)', (actor) => {
    const c = errorOf(() => decideCancellation(booking({ status: 'cancelled', paymentStatus: 'refunded' }), actor, policy));
    expect(c.code).toBe('NOT_ACTIVE');
    expect(c.kind).toBe('conflict');
    expect(c.message).toBe('This booking is already cancelled.');
    const e = errorOf(() => decideCancellation(booking({ status: 'expired', paymentStatus: 'unpaid' }), actor, policy));
    expect(e.code).toBe('NOT_ACTIVE');
    expect(e.message).toBe('This booking is already expired.');
  });

  it.each(['owner', 'admin'] as const)('refuses a lapsed (unswept) hold with NOT_ACTIVE, described as expired (%s)', (actor) => {
    const lapsed = pending({ holdExpiresAt: new Date(now.getTime() - 60_000) });
    const err = errorOf(() => decideCancellation(lapsed, actor, policy));
    expect(err.code).toBe('NOT_ACTIVE');
    expect(err.message).toBe('This booking is already expired.');
    const atExpiry = pending({ holdExpiresAt: now });
    expect(errorOf(() => decideCancellation(atExpiry, actor, policy)).code).toBe('NOT_ACTIVE');
  });
});

describe('cancellationTerms', () => {
  const deadline = (startsAt: Date) => new Date(startsAt.getTime() - 24 * HOUR);

  it('a live pending hold is cancellable, even inside the window, and carries the deadline it will have once paid', () => {
    for (const startsAt of [hoursFromNow(48), hoursFromNow(1)]) {
      expect(cancellationTerms(pending({ startsAt }), policy)).toEqual({ cancellable: true, cancellableUntil: deadline(startsAt) });
    }
  });

  it('a confirmed booking is cancellable until start minus cancellationHours, the deadline included', () => {
    expect(cancellationTerms(booking({ startsAt: hoursFromNow(48) }), policy)).toEqual({ cancellable: true, cancellableUntil: hoursFromNow(24) });
    expect(cancellationTerms(booking({ startsAt: hoursFromNow(24) }), policy)).toEqual({ cancellable: true, cancellableUntil: now });
  });

  it('inside the window a confirmed booking is not cancellable and still says when the deadline was', () => {
    const startsAt = hoursFromNow(23);
    expect(cancellationTerms(booking({ startsAt }), policy)).toEqual({ cancellable: false, cancellableUntil: hoursFromNow(-1) });
    expect(cancellationTerms(booking({ startsAt: new Date(hoursFromNow(24).getTime() + 1) }), policy).cancellable).toBe(true);
    expect(cancellationTerms(booking({ startsAt: new Date(hoursFromNow(24).getTime() - 1) }), policy).cancellable).toBe(false);
  });

  it('honours a different cancellationHours', () => {
    const terms = cancellationTerms(booking({ startsAt: hoursFromNow(3) }), { now, cancellationHours: 2 });
    expect(terms).toEqual({ cancellable: true, cancellableUntil: hoursFromNow(1) });
  });

  it('cancelled, expired and lapsed bookings have no terms', () => {
    for (const b of [booking({ status: 'cancelled', paymentStatus: 'refunded' }), booking({ status: 'expired', paymentStatus: 'unpaid' }), pending({ holdExpiresAt: now })]) {
      expect(cancellationTerms(b, policy)).toEqual({ cancellable: false, cancellableUntil: null });
    }
  });

  it('agrees with decideCancellation for the owner, whatever the booking', () => {
    const states: BookingState[] = [];
    for (let h = -3; h <= 50; h += 0.25) {
      const startsAt = hoursFromNow(h);
      states.push(booking({ startsAt }), booking({ startsAt, paymentStatus: 'unpaid' }), pending({ startsAt }), pending({ startsAt, holdExpiresAt: now }));
    }
    states.push(booking({ status: 'cancelled' }), booking({ status: 'expired', paymentStatus: 'unpaid' }));
    for (const b of states) {
      let allowed = true;
      try {
        decideCancellation(b, 'owner', policy);
      } catch {
        allowed = false;
      }
      expect(cancellationTerms(b, policy).cancellable, JSON.stringify(b)).toBe(allowed);
    }
  });
});

describe('assertReschedulable', () => {
  it('an owner can move a live pending hold', () => {
    expect(() => assertReschedulable(pending(), 'owner', now)).not.toThrow();
  });

  it('an owner cannot move a confirmed booking (CONFIRMED_LOCKED, forbidden)', () => {
    const err = errorOf(() => assertReschedulable(booking(), 'owner', now));
    expect(err.code).toBe('CONFIRMED_LOCKED');
    expect(err.kind).toBe('forbidden');
  });

  it('an admin can move any active booking', () => {
    expect(() => assertReschedulable(booking(), 'admin', now)).not.toThrow();
    expect(() => assertReschedulable(pending(), 'admin', now)).not.toThrow();
  });

  it.each(['owner', 'admin'] as const)('nobody moves cancelled, expired or lapsed bookings (%s)', (actor) => {
    for (const b of [
      booking({ status: 'cancelled' }),
      booking({ status: 'expired', paymentStatus: 'unpaid' }),
      pending({ holdExpiresAt: new Date(now.getTime() - 1) }),
    ]) {
      const err = errorOf(() => assertReschedulable(b, actor, now));
      expect(err.code).toBe('NOT_ACTIVE');
      expect(err.kind).toBe('conflict');
      expect(err.message).toBe('Only an active booking can be changed.');
    }
  });
});
