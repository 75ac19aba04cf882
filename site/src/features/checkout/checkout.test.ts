import { describe, expect, it } from 'vitest';
import { ApiError } from '@courtside/browser';
import { aBooking } from '../../lib/test-bookings.ts';
import { PROMO_CHECK_FAILED, START_FAILED, bookingsKey, isPromoRefusal, orderPayload, payLabel, payableBookings, paymentFailure, promoFailure, totalOf } from './checkout.ts';

const now = Date.parse('2026-11-20T12:00:00Z');
const hold = (id: string, date: string, amount: number) =>
  aBooking({ _id: id, date, status: 'pending', paymentStatus: 'unpaid', holdExpiresAt: '2026-11-20T12:10:00Z', payableAmount: amount });

describe('checkout', () => {
  it('pays the live holds, soonest first, to the cent', () => {
    const list = [hold('b', '2026-11-23', 0.2), aBooking({ _id: 'paid' }), hold('a', '2026-11-22', 0.1)];
    const items = payableBookings(list, now);
    expect(items.map((b) => b._id)).toEqual(['a', 'b']);
    expect(totalOf(items)).toBe(0.3);
    expect(orderPayload(items)).toEqual({ totalPayableAmount: 0.3, bookingIds: [{ bookingId: 'a' }, { bookingId: 'b' }] });
  });

  it('names a refused booking as people know it, and reloads a list that changed', () => {
    const b = hold('6f1c2d3e-aaaa-4000-8000-000000000009', '2026-11-22', 20);
    const err = new ApiError(409, 'NOT_PAYABLE', `Booking ${b._id} is no longer on hold.`);
    expect(paymentFailure(err, [b])).toEqual({ message: 'Your booking for Centre Court (Sunday, November 22, 2026, 10:00 AM) is no longer on hold.', reload: true });
  });

  it('says only that it failed when the fault is ours or unknown', () => {
    expect(paymentFailure(new ApiError(503, 'PAYMENT_PROVIDER_UNREACHABLE', 'stripe: ECONNRESET'), [])).toEqual({ message: START_FAILED, reload: false });
    expect(paymentFailure(new TypeError('x'), [])).toEqual({ message: START_FAILED, reload: false });
  });

  describe('promo code', () => {
    const items = [hold('a', '2026-11-22', 20), hold('b', '2026-11-23', 30)];

    it('goes with the order; the total stays the bookings\' total before the code (the server applies it)', () => {
      expect(orderPayload(items, 'SUMMER10')).toEqual({ totalPayableAmount: 50, bookingIds: [{ bookingId: 'a' }, { bookingId: 'b' }], promoCode: 'SUMMER10' });
      expect(orderPayload(items)).not.toHaveProperty('promoCode');
    });

    it('a refusal says the server\'s reason; a fault of ours says only that checking failed', () => {
      const usedUp = new ApiError(400, 'PROMO_INVALID', 'Promo code SUMMER10 has been used up.');
      expect(promoFailure(usedUp, items)).toEqual({ message: 'Promo code SUMMER10 has been used up.', reload: false });
      expect(isPromoRefusal(usedUp)).toBe(true);
      expect(promoFailure(new ApiError(429, 'TOO_MANY_REQUESTS', 'Too many promo codes tried. Please wait and try again.'), items).message).toMatch(/Too many/);
      expect(promoFailure(new ApiError(500, 'INTERNAL', 'boom'), items)).toEqual({ message: PROMO_CHECK_FAILED, reload: false });
      expect(promoFailure(new ApiError(409, 'NOT_PAYABLE', 'Booking a is no longer held for you.'), items).reload).toBe(true);
      expect(isPromoRefusal(new ApiError(409, 'NOT_PAYABLE', 'x'))).toBe(false);
    });

    it('the pay button says what is charged, or that nothing is', () => {
      const dollars = (n: number) => `$${n.toFixed(2)}`;
      expect(payLabel(37.5, dollars)).toBe('Pay $37.50');
      expect(payLabel(0, dollars)).toBe('Confirm: nothing to pay');
    });

    it('an applied code is checked again when the bookings on screen change', () => {
      expect(bookingsKey(items)).toBe(bookingsKey([...items]));
      expect(bookingsKey(items)).not.toBe(bookingsKey(items.slice(1)));
      expect(bookingsKey(items)).not.toBe(bookingsKey([items[0]!, { ...items[1]!, payableAmount: 25 }]));
    });
  });
});
