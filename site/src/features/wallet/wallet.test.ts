import { describe, expect, it } from 'vitest';
import { ApiError, formatMoney } from '@courtside/browser';
import type { WalletEntryDto } from '@courtside/contracts';
import { REDEEM_FAILED, codeProblem, expiringLines, giftBody, giftProblems, ledgerLines, packBonusText, packHeadline, redeemFailure, redeemedText, signedAmount } from './wallet.ts';

const entry = (over: Partial<WalletEntryDto>): WalletEntryDto => ({
  id: 'e1',
  kind: 'top_up',
  amount: 100,
  reason: 'Credit pack Club 100',
  createdAt: '2027-03-05T23:30:00Z',
  expiresAt: null,
  orderId: null,
  staffName: null,
  ...over,
});

describe('credit packs', () => {
  it('say what is paid and what is got, and how long the bonus lasts', () => {
    expect(packHeadline({ price: 100, credit: 110 }, formatMoney)).toBe('Pay $100.00, get $110.00');
    expect(packHeadline({ price: 50, credit: 50 }, formatMoney)).toBe('$50.00 of credit');
    expect(packBonusText({ bonus: 10, bonusExpiresDays: 90 }, formatMoney)).toBe('$10.00 bonus credit, to spend within 90 days');
    expect(packBonusText({ bonus: 10, bonusExpiresDays: 1 }, formatMoney)).toBe('$10.00 bonus credit, to spend within 1 day');
    expect(packBonusText({ bonus: 10, bonusExpiresDays: null }, formatMoney)).toBe('$10.00 bonus credit that never expires');
    expect(packBonusText({ bonus: 0, bonusExpiresDays: null }, formatMoney)).toBeNull();
  });
});

describe('the balance and the ledger', () => {
  it('dates expiring bonus on the venue calendar', () => {
    // 04:00 UTC on 13 March is still 12 March in New York.
    expect(expiringLines([{ amount: 10, expiresAt: '2027-03-13T04:00:00Z' }], formatMoney, 'America/New_York', 'en-GB')).toEqual(['$10.00 of bonus credit expires on 12 March 2027']);
  });

  it('lists each entry with its label, reason and signed amount', () => {
    const lines = ledgerLines([entry({ kind: 'spend', amount: -40, reason: 'Centre Court' }), entry({ id: 'e2', kind: 'refund', amount: 40 })], formatMoney, 'America/New_York', 'en-US');
    expect(lines).toEqual([
      { id: 'e1', date: 'Mar 5, 2027', what: 'Spent', reason: 'Centre Court', amount: '−$40.00', tone: 'out' },
      { id: 'e2', date: 'Mar 5, 2027', what: 'Returned', reason: 'Credit pack Club 100', amount: '+$40.00', tone: 'in' },
    ]);
    expect(signedAmount(0.5, formatMoney)).toBe('+$0.50');
  });
});

describe('redeeming a gift voucher', () => {
  it('checks the shape first, in any case and with or without dashes', () => {
    expect(codeProblem('')).toBe('Enter the code from your gift voucher.');
    expect(codeProblem('abcd-efgh')).toMatch(/16 letters and digits/);
    expect(codeProblem('ABCD-EFGH-JKLM-NPQ0')).toMatch(/16 letters and digits/);
    expect(codeProblem('abcd efgh jklm npqr')).toBeNull();
  });

  it('says what was added and the balance now', () => {
    expect(redeemedText({ credited: 25, balance: 135 }, formatMoney)).toBe('$25.00 added to your credit. Your balance is now $135.00.');
  });

  it('says each refusal in plain words', () => {
    expect(redeemFailure(new ApiError(404, 'VOUCHER_INVALID', 'x'))).toBe('That code is not a gift voucher of ours. Check it and try again.');
    expect(redeemFailure(new ApiError(409, 'VOUCHER_REDEEMED', 'x'))).toBe('This gift voucher has already been used.');
    expect(redeemFailure(new ApiError(409, 'VOUCHER_EXPIRED', 'x'))).toBe('This gift voucher has expired, so it can no longer be used.');
    expect(redeemFailure(new ApiError(429, 'TOO_MANY_REQUESTS', 'Too many tries: wait 10 minutes.'))).toBe('Too many tries: wait 10 minutes.');
    expect(redeemFailure(new ApiError(500, 'INTERNAL', 'stack'))).toBe(REDEEM_FAILED);
  });
});

describe('giving a gift voucher', () => {
  it('names the field at fault', () => {
    expect(giftProblems({ amount: '', email: '' })).toEqual({ amount: 'Enter the amount of the voucher.' });
    expect(giftProblems({ amount: '-5', email: '' })).toEqual({ amount: 'Enter the amount of the voucher.' });
    expect(giftProblems({ amount: '10.005', email: '' }).amount).toMatch(/whole cents/);
    expect(giftProblems({ amount: '500', email: '' }, { min: 10, max: 300 }, formatMoney)).toEqual({ amount: 'A gift voucher is from $10.00 to $300.00.' });
    expect(giftProblems({ amount: '25', email: 'not-an-email' }).email).toMatch(/valid email/);
    expect(giftProblems({ amount: '25.50', email: ' friend@example.com ' })).toEqual({});
  });

  it('sends the amount to the cent, and the recipient only when given', () => {
    expect(giftBody({ amount: '25.5', email: '' })).toEqual({ amount: 25.5 });
    expect(giftBody({ amount: '25', email: ' friend@example.com ' })).toEqual({ amount: 25, recipientEmail: 'friend@example.com' });
  });
});
