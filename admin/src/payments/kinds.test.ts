import { describe, expect, it } from 'vitest';
import { ORDER_KINDS } from '@courtside/domain';
import { paymentKindLabel, splitRefundNote } from './kinds.ts';

describe('what a payment paid for', () => {
  it('names every kind the API sends', () => {
    expect(ORDER_KINDS.map(paymentKindLabel)).toEqual(['Whole booking', "Organizer's share", "Player's share", 'Unpaid shares (organizer)', 'Wallet top-up', 'Gift voucher']);
  });

  it('reads a kind it does not know as itself', () => {
    expect(paymentKindLabel('gift')).toBe('gift');
  });

  it('has its own refund only for a whole booking; a part of a split one goes back through the booking', () => {
    expect(splitRefundNote({ kind: 'full' })).toBeNull();
    expect(splitRefundNote({ kind: 'share' })).toMatch(/^A player's share of a split booking: remove the player .* or cancel the booking/);
    for (const kind of ['split', 'cover'] as const) {
      expect(splitRefundNote({ kind })).toBe('Part of a booking whose cost is split: cancel the booking to refund every payer their own part.');
    }
    expect(splitRefundNote({ kind: 'top_up' })).toMatch(/^Credit bought/);
  });
});
