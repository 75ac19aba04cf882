import { describe, expect, it } from 'vitest';
import type { OrderStatusDto } from '@courtside/contracts';
import { purchaseLines, shareRefundReason, viewOf } from './payment-return.ts';

const order = (over: Partial<OrderStatusDto>): OrderStatusDto => ({
  id: 'o1',
  kind: 'full',
  status: 'cancelled',
  amount: 30,
  description: null,
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

describe("viewOf, for a player's share", () => {
  const share = (over: Partial<OrderStatusDto>) => order({ kind: 'share', status: 'paid', bookings: [{ ...order({}).bookings[0]!, status: 'confirmed', paymentStatus: 'paid' }], ...over });

  it('reads "Your share is paid", not a booking confirmed', () => {
    expect(viewOf(share({}), 'success')).toBe('share-paid');
    expect(viewOf(order({ kind: 'split', status: 'paid' }), 'success')).toBe('confirmed');
  });

  it('a share paid after someone else paid it is refunded: the order stays paid, its refund is what it reads', () => {
    expect(viewOf(share({ refundState: 'pending' }), 'success')).toBe('refund-pending');
    expect(viewOf(share({ refundState: 'refunded' }), 'success')).toBe('refunded');
    expect(viewOf(share({ refundState: 'failed' }), 'success')).toBe('refund-failed');
    expect(shareRefundReason(share({}))).toBe('This payment came after the share was paid already, so it was refunded.');
  });

  it('a cancelled booking says why its share came back', () => {
    const cancelled = share({ refundState: 'refunded', bookings: [{ ...order({}).bookings[0]!, status: 'cancelled', paymentStatus: 'refunded' }] });
    expect(shareRefundReason(cancelled)).toBe('The booking was cancelled, so your share was refunded.');
  });

  it('waits for the provider on the success page; elsewhere an unpaid share says so', () => {
    expect(viewOf(share({ status: 'pending' }), 'success')).toBeNull();
    expect(viewOf(share({ status: 'cancelled' }), 'cancelled')).toBe('share-not-paid');
    expect(viewOf(share({ status: 'cancelled', closedReason: { code: 'STARTED', message: 'It started.' } }), 'cancelled')).toBe('closed');
  });
});

describe('viewOf, for credit bought (no bookings)', () => {
  const credit = (over: Partial<OrderStatusDto>) => order({ kind: 'top_up', bookings: [], ...over });
  it('says credit was added, or the voucher bought, once paid', () => {
    expect(viewOf(credit({ status: 'paid' }), 'success')).toBe('credit-added');
    expect(viewOf(credit({ kind: 'voucher', status: 'paid' }), 'success')).toBe('voucher-bought');
  });
  it('waits for the provider on the success page, else says nothing was charged', () => {
    expect(viewOf(credit({ status: 'pending' }), 'success')).toBeNull();
    expect(viewOf(credit({ status: 'cancelled' }), 'cancelled')).toBe('credit-not-paid');
    expect(viewOf(credit({ status: 'refunded', refundState: 'refunded' }), 'refunded')).toBe('refunded');
  });
  it('lists what was bought, in the order\'s words (the recipient with a gift voucher)', () => {
    expect(purchaseLines(credit({ kind: 'voucher', description: 'Gift voucher of $50.00 for sam@example.com' }))).toEqual(['Gift voucher of $50.00 for sam@example.com']);
    expect(purchaseLines(credit({}))).toEqual([]);
  });
});

