import { describe, expect, it } from 'vitest';
import { aBooking } from '../../lib/test-bookings.ts';
import { paymentBadge } from './badges.ts';

describe('paymentBadge', () => {
  it('a desk refund not handed back yet is due, not refunded, and says where to collect it', () => {
    const b = aBooking({ status: 'cancelled', paymentStatus: 'refunded', refundState: 'to_collect', refundVia: 'desk' });
    expect(paymentBadge(b)).toEqual({ label: 'Refund due at the desk', tone: 'warn', detail: 'Your $20.00 will be refunded at the front desk of Centre Court, Riverside.' });
  });

  it('once staff record handing it back, it is refunded', () => {
    const b = aBooking({ status: 'cancelled', paymentStatus: 'refunded', refundState: 'refunded', refundedAmount: 20, refundVia: 'desk' });
    expect(paymentBadge(b)).toMatchObject({ label: 'Refunded', tone: 'info' });
  });

  // A $60 booking paid $54 with a promo code: the refund on its way, or at the desk, is the $54 paid.
  const promo = { payableAmount: 60, paidAmount: 54 };

  it('a refund on its way is what was paid, not the list price', () => {
    const b = aBooking({ ...promo, status: 'cancelled', paymentStatus: 'refunded', refundState: 'pending' });
    expect(paymentBadge(b)).toMatchObject({ label: 'Refund pending', detail: '$54.00 on its way back to you' });
  });

  it('a desk refund to collect is what was paid', () => {
    const b = aBooking({ ...promo, status: 'cancelled', paymentStatus: 'refunded', refundState: 'to_collect', refundVia: 'desk' });
    expect(paymentBadge(b).detail).toBe('Your $54.00 will be refunded at the front desk of Centre Court, Riverside.');
  });

  it('a refund done says the amount that came back', () => {
    const b = aBooking({ ...promo, status: 'cancelled', paymentStatus: 'refunded', refundState: 'refunded', refundedAmount: 54 });
    expect(paymentBadge(b)).toMatchObject({ label: 'Refunded', detail: '$54.00 back to you' });
  });

  it('credit: paid from it, and returned to it', () => {
    expect(paymentBadge(aBooking({ walletPaidAmount: 20 }))).toEqual({ label: 'Paid', tone: 'ok', detail: '$20.00 from your credit' });
    const back = aBooking({ status: 'cancelled', paymentStatus: 'refunded', refundState: 'refunded', refundedAmount: 20, refundVia: 'wallet' });
    expect(paymentBadge(back)).toEqual({ label: 'Refunded', tone: 'info', detail: '$20.00 returned to your credit' });
  });
});
