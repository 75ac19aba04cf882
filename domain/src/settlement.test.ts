import { describe, expect, it } from 'vitest';
import { isLateBeforeConfirming, isSettled, paymentMismatch, planLateRefunds, type SettlingBooking, type SettlingOrder } from './settlement.ts';

const HOUR = 3_600_000;
const now = new Date('2026-06-01T12:00:00Z');
const hoursFromNow = (h: number) => new Date(now.getTime() + h * HOUR);

const booking = (id: string, over: Partial<SettlingBooking> = {}): SettlingBooking => ({
  id,
  status: 'pending',
  paymentStatus: 'unpaid',
  startsAt: hoursFromNow(24),
  payableCents: 1200,
  facilityDeleted: false,
  ...over,
});
const pending: SettlingOrder = { status: 'pending', amountCents: 2400 };
const cancelled: SettlingOrder = { status: 'cancelled', amountCents: 2400 };

describe('isSettled', () => {
  it('is true once the order is paid or refunded', () => {
    expect(['pending', 'paid', 'cancelled', 'refunded'].filter((status) => isSettled({ status: status as SettlingOrder['status'] }))).toEqual(['paid', 'refunded']);
  });
});

describe('isLateBeforeConfirming', () => {
  it('lets a live unpaid hold of a pending order through', () => {
    expect(isLateBeforeConfirming(pending, booking('a'), now)).toBe(false);
  });
  it('finds every booking of a cancelled checkout late', () => {
    expect(isLateBeforeConfirming(cancelled, booking('a'), now)).toBe(true);
  });
  it('finds a booking late once paid, cancelled, started or at a deleted facility', () => {
    for (const over of [
      { paymentStatus: 'paid' as const },
      { paymentStatus: 'refunded' as const },
      { status: 'cancelled' as const },
      { startsAt: now },
      { facilityDeleted: true },
    ]) {
      expect(isLateBeforeConfirming(pending, booking('a', over), now)).toBe(true);
    }
  });
  it('does not call a lapsed (expired) hold late: the payment may still take its free slot', () => {
    expect(isLateBeforeConfirming(pending, booking('a', { status: 'expired' }), now)).toBe(false);
  });
});

describe('planLateRefunds', () => {
  it('plans nothing when every booking was bought', () => {
    expect(planLateRefunds(pending, [booking('a'), booking('b')], new Set(), now)).toBeNull();
  });

  it('refunds a booking whose slot went to someone else on that booking', () => {
    const plan = planLateRefunds(pending, [booking('a'), booking('b')], new Set(['b']), now);
    expect(plan).toEqual({
      reason: 'paid after the slot was released',
      refunds: [{ bookingId: 'b', amountCents: 1200 }],
      flagReason: 'Paid after the slot was released; refunded $12.00 for 1 booking.',
    });
  });

  it('says the booking had started when one of the late bookings did', () => {
    const started = booking('b', { startsAt: hoursFromNow(-1) });
    const plan = planLateRefunds(pending, [booking('a'), started], new Set(['a', 'b']), now);
    expect(plan?.reason).toBe('paid after the booking had started');
    expect(plan?.flagReason).toBe('Paid after the booking had started; refunded $24.00 for 2 bookings.');
  });

  it('refunds on the order what another payment bought already', () => {
    const paid = booking('a', { status: 'confirmed', paymentStatus: 'paid', payableCents: 1500 });
    const plan = planLateRefunds(pending, [paid, booking('b')], new Set(['a', 'b']), now);
    expect(plan?.refunds).toEqual([{ bookingId: null, amountCents: 1500 }, { bookingId: 'b', amountCents: 1200 }]);
    expect(plan?.flagReason).toBe('Paid after the slot was released; refunded $27.00 for 2 bookings.');
  });

  it('keeps the order of the bookings, not of the late set', () => {
    const plan = planLateRefunds(pending, [booking('a'), booking('b'), booking('c')], new Set(['c', 'a']), now);
    expect(plan?.refunds.map((r) => r.bookingId)).toEqual(['a', 'c']);
  });

  describe('a cancelled checkout that was paid', () => {
    it('gives the whole amount back: on its bookings that are over, the rest on the order', () => {
      const order = { status: 'cancelled' as const, amountCents: 3600 };
      const bookings = [booking('a', { status: 'expired' }), booking('b', { status: 'cancelled' }), booking('c')];
      const plan = planLateRefunds(order, bookings, new Set(['a', 'b', 'c']), now);
      expect(plan).toEqual({
        reason: 'paid a checkout that had been cancelled',
        refunds: [
          { bookingId: 'a', amountCents: 1200 },
          { bookingId: 'b', amountCents: 1200 },
          { bookingId: null, amountCents: 1200 },
        ],
        flagReason: 'Paid a checkout that had been cancelled; refunded $36.00 for 3 bookings.',
      });
    });

    it('refunds on the order a booking someone paid for since, and never more than the order brought', () => {
      const order = { status: 'cancelled' as const, amountCents: 2000 };
      const bookings = [
        booking('a', { status: 'cancelled', paymentStatus: 'paid' }),
        booking('b', { status: 'expired', payableCents: 1500 }),
        booking('c', { status: 'expired', payableCents: 800 }),
      ];
      const plan = planLateRefunds(order, bookings, new Set(['a', 'b', 'c']), now);
      expect(plan?.refunds).toEqual([
        { bookingId: 'b', amountCents: 1500 },
        { bookingId: null, amountCents: 500 },
      ]);
      expect(plan?.flagReason).toBe('Paid a checkout that had been cancelled; refunded $20.00 for 3 bookings.');
    });

    it('plans no order refund when its bookings took all the money', () => {
      const order = { status: 'cancelled' as const, amountCents: 1200 };
      const plan = planLateRefunds(order, [booking('a', { status: 'expired' })], new Set(['a']), now);
      expect(plan?.refunds).toEqual([{ bookingId: 'a', amountCents: 1200 }]);
    });
  });
});

describe('paymentMismatch', () => {
  const usd = { currency: 'USD', locale: 'en-US' };
  const order = { checkoutRef: 'cs_own', amountCents: 4000 };
  it("accepts the order's own checkout for its amount, whatever the currency's case", () => {
    expect(paymentMismatch(order, { checkoutRef: 'cs_own', amountCents: 4000, currency: 'usd' }, usd)).toBeUndefined();
  });
  it('refuses another checkout naming the order, for any amount', () => {
    expect(paymentMismatch(order, { checkoutRef: 'cs_other', amountCents: 100, currency: 'usd' }, usd)).toMatch(/\$1\.00 on checkout cs_other named this order/);
    expect(paymentMismatch(order, { checkoutRef: 'cs_other', amountCents: 4000, currency: 'usd' }, usd)).toMatch(/did not open/);
    expect(paymentMismatch({ checkoutRef: null, amountCents: 4000 }, { checkoutRef: 'cs_other', amountCents: 4000, currency: 'usd' }, usd)).toBeDefined();
  });
  it('refuses its own checkout reporting another amount or currency', () => {
    expect(paymentMismatch(order, { checkoutRef: 'cs_own', amountCents: 100, currency: 'usd' }, usd)).toMatch(/reported \$1\.00 for an order of \$40\.00/);
    expect(paymentMismatch(order, { checkoutRef: 'cs_own', amountCents: 4000, currency: 'eur' }, usd)).toMatch(/\(EUR\) for an order in USD/);
    expect(paymentMismatch(order, { checkoutRef: 'cs_own', amountCents: 4000, currency: 'zz!' }, usd)).toMatch(/4000 minor units of "zz!"/);
  });
});
