import { describe, expect, it } from 'vitest';
import { aBooking } from '../../lib/test-bookings.ts';
import { paymentBadge } from './badges.ts';

describe('paymentBadge', () => {
  it('a desk refund not handed back yet says where to collect it', () => {
    const b = aBooking({ status: 'cancelled', paymentStatus: 'refunded', refundState: 'to_collect', refundVia: 'desk' });
    expect(paymentBadge(b)).toEqual({ label: 'Refund at the desk', tone: 'warn', detail: 'Your $20.00 will be refunded at the front desk of Centre Court, Riverside.' });
  });
});
