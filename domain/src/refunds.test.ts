import { describe, expect, it } from 'vitest';
import { firstRefundStatus, refundSentence, refundVia } from './refunds.ts';

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
