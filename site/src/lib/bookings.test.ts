import { describe, expect, it } from 'vitest';
import { isActive, isPayable, sortBookings, sumDollars } from './bookings.ts';
import { aBooking } from './test-bookings.ts';

const now = Date.parse('2026-11-20T12:00:00Z');

describe('isPayable', () => {
  it('is an unpaid hold that has not lapsed', () => {
    const hold = aBooking({ status: 'pending', paymentStatus: 'unpaid', holdExpiresAt: '2026-11-20T12:10:00Z' });
    expect(isPayable(hold, now)).toBe(true);
    expect(isPayable({ ...hold, holdExpiresAt: '2026-11-20T11:59:00Z' }, now)).toBe(false);
    expect(isPayable(aBooking(), now)).toBe(false);
  });
});

describe('sortBookings', () => {
  it('lists active bookings soonest first, then the rest newest first', () => {
    const later = aBooking({ _id: 'later', date: '2026-11-25' });
    const sooner = aBooking({ _id: 'sooner', date: '2026-11-22' });
    const oldCancelled = aBooking({ _id: 'old', date: '2026-10-01', status: 'cancelled' });
    const newCancelled = aBooking({ _id: 'new', date: '2026-11-01', status: 'cancelled' });
    expect(sortBookings([oldCancelled, later, newCancelled, sooner], now).map((b) => b._id)).toEqual(['sooner', 'later', 'new', 'old']);
  });
});

describe('isActive', () => {
  it('is over once the server says a confirmed booking took place (it may be rated, or was)', () => {
    expect(isActive(aBooking(), now)).toBe(true);
    expect(isActive(aBooking({ reviewable: true }), now)).toBe(false);
    expect(isActive(aBooking({ review: { rating: 4 } }), now)).toBe(false);
    const played = aBooking({ _id: 'played', date: '2026-11-19', reviewable: true });
    const upcoming = aBooking({ _id: 'upcoming', date: '2026-11-22' });
    expect(sortBookings([played, upcoming], now).map((b) => b._id)).toEqual(['upcoming', 'played']);
  });
});

describe('sumDollars', () => {
  it('adds in whole cents', () => {
    expect(sumDollars([0.1, 0.2])).toBe(0.3);
    expect(sumDollars([])).toBe(0);
  });
});
