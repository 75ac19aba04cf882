import { describe, expect, it } from 'vitest';
import type { SplitDto } from '@courtside/contracts';
import { coveredText, openText, owedText, paidShareRefund, paidText, shareText, splitHeadline } from './split.ts';

const split: SplitDto = {
  shares: 4,
  shareAmount: 7.5,
  organizerShare: 7.51,
  paid: 2,
  open: 2,
  openAmount: 15,
  coveredAmount: 0,
  owedAmount: 0,
  // 10:00 the next morning in New York (UTC-5 in November).
  dueAt: '2026-11-26T15:00:00.000Z',
};

describe("a split booking's shares, as staff read them", () => {
  it("says each player's share and where it stands; a friend added by name has none", () => {
    expect(shareText({ amount: 7.51, status: 'paid' })).toBe('$7.51 · Paid');
    expect(shareText({ amount: 7.5, status: 'open' })).toBe('$7.50 · Not paid yet');
    expect(shareText({ amount: 7.5, status: 'covered' })).toBe('$7.50 · Charged to the organizer');
    expect(shareText({ amount: 7.5, status: 'owed' })).toBe('$7.50 · Owed by the organizer');
    expect(shareText({ amount: 7.5, status: 'refunded' })).toBe('$7.50 · Refunded');
    expect(shareText(null)).toBe('Organizer covers it');
  });

  it("names the organizer's share only when its odd cents make it differ", () => {
    expect(splitHeadline(split)).toBe("Cost split 4 ways: $7.50 a share (the organizer's $7.51)");
    expect(splitHeadline({ shares: 2, shareAmount: 10, organizerShare: 10 })).toBe('Cost split 2 ways: $10.00 a share');
  });

  it('counts the paid shares, the organizer’s included, as the API did', () => {
    expect(paidText(split)).toBe('2 of 4 shares paid');
    expect(paidText({ shares: 2, paid: 1 })).toBe('1 of 2 shares paid');
  });

  it("says what is open and when it is charged, on the facility's clock whatever the viewer's", () => {
    expect(openText(split, 'America/New_York')).toBe('2 shares open ($15.00): charged to the organizer on Thu, Nov 26, 10:00 AM');
    expect(openText(split, 'Europe/Berlin')).toBe('2 shares open ($15.00): charged to the organizer on Thu, Nov 26, 4:00 PM');
    expect(openText({ ...split, open: 1, openAmount: 7.5 }, 'America/New_York')).toBe('1 share open ($7.50): charged to the organizer on Thu, Nov 26, 10:00 AM');
    expect(openText({ ...split, open: 0, openAmount: 0 }, 'America/New_York')).toBe('No share left open');
  });

  it('tells what the organizer was charged, and warns of what they owe, only when there is any', () => {
    expect(coveredText(split)).toBe('');
    expect(coveredText({ coveredAmount: 15 })).toBe('$15.00 charged to the organizer for shares unpaid at the due time');
    expect(owedText(split)).toBe('');
    expect(owedText({ owedAmount: 15 })).toBe("The organizer's card was declined at the due time: they owe $15.00 for unpaid shares.");
  });

  it('tells staff, before they remove a player, that a paid share goes back to them', () => {
    expect(paidShareRefund({ share: { amount: 5, status: 'paid' } })).toBe(' Their paid share ($5.00) is refunded to them, and the share is open again.');
    expect(paidShareRefund({ share: { amount: 5, status: 'open' } })).toBe('');
    expect(paidShareRefund({ share: null })).toBe('');
  });
});
