import { describe, expect, it } from 'vitest';
import { checkoutClosedReason, hasStarted, isCheckoutOpen } from './checkout.ts';

const at = (iso: string) => new Date(iso);
const open = { status: 'pending' as const, expiresAt: at('2027-03-01T15:15:00Z'), firstStartsAt: at('2027-03-01T16:00:00Z') };

describe('isCheckoutOpen', () => {
  it('is open while pending, before its expiry and before the first booking starts', () => {
    expect(isCheckoutOpen(open, at('2027-03-01T15:14:59Z'))).toBe(true);
  });
  it('closes at its expiry (the hold lapsed)', () => {
    expect(isCheckoutOpen(open, at('2027-03-01T15:15:00Z'))).toBe(false);
  });
  it('closes when a booking starts, even before the page would expire', () => {
    expect(isCheckoutOpen({ ...open, expiresAt: at('2027-03-01T17:00:00Z') }, at('2027-03-01T16:00:00Z'))).toBe(false);
  });
  it('is closed once paid, cancelled or refunded', () => {
    for (const status of ['paid', 'cancelled', 'refunded'] as const) {
      expect(isCheckoutOpen({ ...open, status }, at('2027-03-01T15:00:00Z'))).toBe(false);
    }
  });
  it('without a recorded expiry only the start closes it', () => {
    expect(isCheckoutOpen({ ...open, expiresAt: null }, at('2027-03-01T15:59:00Z'))).toBe(true);
  });
});

describe('hasStarted', () => {
  it('is true from the start instant on', () => {
    expect(hasStarted(at('2027-03-01T16:00:00Z'), at('2027-03-01T15:59:59Z'))).toBe(false);
    expect(hasStarted(at('2027-03-01T16:00:00Z'), at('2027-03-01T16:00:00Z'))).toBe(true);
  });
});

describe('checkoutClosedReason', () => {
  const now = at('2027-03-01T15:00:00Z');
  const held = {
    status: 'pending' as const,
    cancelledByVenue: false,
    startsAt: at('2027-03-01T16:00:00Z'),
    holdLapsesAt: at('2027-03-01T16:00:00Z'),
    when: '2027-03-01 16:00–17:00',
  };
  const closed = { ...open, status: 'cancelled' as const, closedBecause: null, bookings: [held] };

  it('is null while the page may take money, and once it was paid', () => {
    expect(checkoutClosedReason({ ...closed, status: 'pending' }, now)).toBeNull();
    expect(checkoutClosedReason({ ...closed, status: 'paid' }, now)).toBeNull();
  });
  it('says the venue cancelled it', () => {
    const r = checkoutClosedReason({ ...closed, closedBecause: 'booking_cancelled', bookings: [{ ...held, status: 'cancelled', cancelledByVenue: true }] }, now);
    expect(r).toEqual({ code: 'CANCELLED_BY_VENUE', message: 'This booking (2027-03-01 16:00–17:00) was cancelled by the venue, so it can no longer be paid. Nothing was charged.' });
  });
  it("says the booking's time has started, even while the order is still pending", () => {
    const r = checkoutClosedReason({ ...closed, status: 'pending', expiresAt: at('2027-03-02T15:00:00Z') }, at('2027-03-01T16:00:00Z'));
    expect(r?.code).toBe('STARTED');
    expect(r?.message).toContain("This booking's time has started");
  });
  it('says where a moved booking went and to use the new link', () => {
    const r = checkoutClosedReason({ ...closed, closedBecause: 'booking_moved', bookings: [{ ...held, when: '2027-03-01 18:00–19:00' }] }, now);
    expect(r).toEqual({ code: 'MOVED', message: 'This booking was moved to 2027-03-01 18:00–19:00: use the new payment link in your email. Nothing was charged.' });
  });
  it('says the time to pay ran out, a newer page replaced it, or the customer left it', () => {
    expect(checkoutClosedReason({ ...closed, status: 'pending', expiresAt: now }, now)?.code).toBe('HOLD_LAPSED');
    expect(checkoutClosedReason({ ...closed, bookings: [{ ...held, holdLapsesAt: now }] }, now)?.message).toBe('The time to pay for this booking (2027-03-01 16:00–17:00) ran out and its slot was released. Nothing was charged. Please book again.');
    expect(checkoutClosedReason({ ...closed, bookings: [{ ...held, status: 'expired', holdLapsesAt: null }] }, now)?.code).toBe('HOLD_LAPSED');
    expect(checkoutClosedReason({ ...closed, closedBecause: 'replaced' }, now)?.code).toBe('REPLACED');
    expect(checkoutClosedReason(closed, now)?.code).toBe('LEFT');
  });
});
