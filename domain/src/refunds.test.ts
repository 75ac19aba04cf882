import { describe, expect, it } from 'vitest';
import { firstRefundStatus, refundSentence, refundVia, splitRefund } from './refunds.ts';

describe('refunds: the way back and what the customer reads', () => {
  const facility = { name: 'Centre Court', location: '1 Main St' };

  it('desk money goes back at the desk, as a to-do for staff; everything else through its provider', () => {
    expect(refundVia('desk')).toBe('desk');
    for (const provider of ['stripe', 'sandbox', 'free']) expect(refundVia(provider)).toBe('provider');
    expect(firstRefundStatus('desk')).toBe('to_collect');
    expect(firstRefundStatus('provider')).toBe('pending');
  });

  it('tells the customer where to collect desk money, and never speaks of a card for it', () => {
    expect(refundSentence({ via: 'desk', amount: '$20.00', facility })).toBe('Your $20.00 will be refunded at the front desk of Centre Court, 1 Main St.');
    expect(refundSentence({ via: 'desk', amount: '$20.00', facility: { name: 'Centre Court', location: ' ' }, done: true })).toBe('Your $20.00 was refunded at the front desk of Centre Court.');
    expect(refundSentence({ via: 'provider', amount: '$20.00', facility })).toBe('Your $20.00 will be refunded in full to the card you paid with.');
    expect(refundSentence({ via: 'provider', amount: '$20.00', facility, done: true })).toBe('Your $20.00 was refunded to the card you paid with.');
  });
});

describe('splitRefund', () => {
  const paidBy = [
    { id: 'card', heldCents: 2000 },
    { id: 'desk-balance', heldCents: 1000 },
  ];

  it('gives a balance collected at the desk back from its own order first, and the rest from the first payment', () => {
    expect(splitRefund(3000, paidBy)).toEqual([
      { orderId: 'desk-balance', cents: 1000 },
      { orderId: 'card', cents: 2000 },
    ]);
    expect(splitRefund(500, paidBy)).toEqual([{ orderId: 'desk-balance', cents: 500 }]);
  });

  it('one paying order gives all of it back; nothing to give is nothing; no order, no refund', () => {
    expect(splitRefund(1800, [{ id: 'card', heldCents: 1800 }])).toEqual([{ orderId: 'card', cents: 1800 }]);
    expect(splitRefund(0, paidBy)).toEqual([]);
    expect(splitRefund(1000, [])).toEqual([]);
  });

  it('skips a later order that has given its part back already', () => {
    expect(splitRefund(2000, [paidBy[0]!, { id: 'desk-balance', heldCents: 0 }])).toEqual([{ orderId: 'card', cents: 2000 }]);
  });
});
