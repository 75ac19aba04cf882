import { describe, expect, it } from 'vitest';
import type { OrderStatusDto } from '@courtside/contracts';
import { viewOf } from './payment-return.ts';

const order = (over: Partial<OrderStatusDto>): OrderStatusDto => ({
  id: 'o1',
  status: 'cancelled',
  amount: 30,
  refundState: 'none',
  flagged: false,
  closedReason: null,
  bookings: [{ id: 'b1', status: 'pending', paymentStatus: 'unpaid', facilityName: 'Court', timezone: 'UTC', date: '2027-03-06', startTime: '11:00', endTime: '12:00', playEndTime: '12:00', cancellableUntil: null, cancellationHours: 24 }],
  ...over,
});

describe('viewOf, for a payment page that no longer takes money', () => {
  it('shows the server reason when the venue moved or cancelled the booking, or its time came', () => {
    for (const code of ['MOVED', 'CANCELLED_BY_VENUE', 'STARTED', 'HOLD_LAPSED']) {
      expect(viewOf(order({ closedReason: { code, message: 'why' } }), 'cancelled')).toBe('closed');
    }
  });
  it('keeps "not paid" when the customer only left the page', () => {
    expect(viewOf(order({ closedReason: { code: 'LEFT', message: 'This payment was cancelled.' } }), 'cancelled')).toBe('not-paid');
  });
  it('waits for the provider on the success page', () => {
    expect(viewOf(order({ closedReason: { code: 'MOVED', message: 'why' } }), 'success')).toBeNull();
  });
});
