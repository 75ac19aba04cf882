import { describe, expect, it } from 'vitest';
import { ApiError } from '@courtside/browser';
import { aBooking } from '../../lib/test-bookings.ts';
import { START_FAILED, orderPayload, payableBookings, paymentFailure, totalOf } from './checkout.ts';

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
    expect(paymentFailure(err, [b])).toEqual({ message: 'Your booking for Centre Court (Sunday, 22 November 2026, 10:00) is no longer on hold.', reload: true });
  });

  it('says only that it failed when the fault is ours or unknown', () => {
    expect(paymentFailure(new ApiError(503, 'PAYMENT_PROVIDER_UNREACHABLE', 'stripe: ECONNRESET'), [])).toEqual({ message: START_FAILED, reload: false });
    expect(paymentFailure(new TypeError('x'), [])).toEqual({ message: START_FAILED, reload: false });
  });
});
