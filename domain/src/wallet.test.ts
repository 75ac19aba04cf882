import { describe, expect, it } from 'vitest';
import {
  entrySignAllowed,
  expiringAmount,
  expiringCredits,
  formatVoucherCode,
  crossesLowBalance,
  isVoucherCodeShape,
  linesAfterCredit,
  normalizeVoucherCode,
  packBonus,
  packTermsProblem,
  refundBySource,
  walletSplit,
  type LedgerEntry,
} from './wallet.ts';

const at = (day: number) => new Date(Date.UTC(2027, 0, day, 12));
const entry = (id: string, kind: LedgerEntry['kind'], amountCents: number, day: number, more: Partial<LedgerEntry> = {}): LedgerEntry => ({ id, kind, amountCents, createdAt: at(day), ...more });

describe('wallet entries', () => {
  it('each kind has its sign: credits in, spends and expiries out, adjustments either way but never zero', () => {
    for (const kind of ['top_up', 'bonus', 'refund', 'voucher'] as const) {
      expect(entrySignAllowed(kind, 100)).toBe(true);
      expect(entrySignAllowed(kind, -100)).toBe(false);
    }
    expect(entrySignAllowed('spend', -1)).toBe(true);
    expect(entrySignAllowed('spend', 0)).toBe(false);
    expect(entrySignAllowed('expiry', 0)).toBe(true);
    expect(entrySignAllowed('expiry', 5)).toBe(false);
    expect(entrySignAllowed('adjustment', -5)).toBe(true);
    expect(entrySignAllowed('adjustment', 0)).toBe(false);
    expect(entrySignAllowed('top_up', 1.5)).toBe(false);
  });
});

describe('expiring bonus credit', () => {
  const ledger = [
    entry('paid', 'top_up', 10_000, 1),
    entry('bonus', 'bonus', 1_000, 1, { expiresAt: at(31) }),
  ];

  it('spending draws on the bonus first, so a customer never loses credit they could have spent', () => {
    expect(expiringAmount([...ledger, entry('s', 'spend', -400, 2)], 'bonus')).toBe(600);
    expect(expiringAmount([...ledger, entry('s', 'spend', -1_500, 2)], 'bonus')).toBe(0);
    expect(expiringAmount(ledger, 'bonus')).toBe(1_000);
  });

  it('the bonus that runs out first is spent first; an expiry closes its bonus', () => {
    const two = [...ledger, entry('late', 'bonus', 500, 2, { expiresAt: at(60) }), entry('s', 'spend', -1_200, 3)];
    expect(expiringCredits(two)).toEqual([{ entryId: 'late', expiresAt: at(60), remainingCents: 300 }]);
    const expired = [...ledger, entry('x', 'expiry', -1_000, 31, { expiresEntryId: 'bonus' })];
    expect(expiringCredits(expired)).toEqual([]);
  });

  it('credit coming back does not revive spent bonus: it never expires', () => {
    expect(expiringAmount([...ledger, entry('s', 'spend', -1_000, 2), entry('r', 'refund', 1_000, 3)], 'bonus')).toBe(0);
  });
});

describe('paying with the wallet', () => {
  it('spends what the balance covers and leaves the rest to the card', () => {
    expect(walletSplit(8_000, 11_000)).toEqual({ walletCents: 8_000, cardCents: 0 });
    expect(walletSplit(8_000, 3_000)).toEqual({ walletCents: 3_000, cardCents: 5_000 });
    expect(walletSplit(8_000, 0)).toEqual({ walletCents: 0, cardCents: 8_000 });
  });

  it('never leaves the card less than its smallest charge: it spends a little less credit', () => {
    expect(walletSplit(4_000, 3_980, 50)).toEqual({ walletCents: 3_950, cardCents: 50 });
    expect(walletSplit(30, 20, 50)).toEqual({ walletCents: 0, cardCents: 30 });
  });
});

describe('refunds by source', () => {
  const paid = { walletCents: 7_000, cardCents: 1_000, walletRefundedCents: 0, cardRefundedCents: 0 };

  it('gives each part back to where it came from, in proportion', () => {
    expect(refundBySource(8_000, paid)).toEqual({ walletCents: 7_000, cardCents: 1_000 });
    expect(refundBySource(4_000, paid)).toEqual({ walletCents: 3_500, cardCents: 500 });
  });

  it('never gives back more than a source still holds', () => {
    expect(refundBySource(4_000, { ...paid, walletRefundedCents: 7_000 })).toEqual({ walletCents: 0, cardCents: 1_000 });
    expect(refundBySource(9_999, paid)).toEqual({ walletCents: 7_000, cardCents: 1_000 });
  });

  it('REFUND_TO_WALLET sends the card part to the wallet too', () => {
    expect(refundBySource(8_000, paid, true)).toEqual({ walletCents: 8_000, cardCents: 0 });
  });
});

describe('credit packs', () => {
  it('the credit is at least the price, and only bonus can expire', () => {
    expect(packTermsProblem({ priceCents: 10_000, creditCents: 11_000, bonusExpiresDays: 90 })).toBeNull();
    expect(packTermsProblem({ priceCents: 10_000, creditCents: 9_000, bonusExpiresDays: null })?.path).toBe('credit');
    expect(packTermsProblem({ priceCents: 0, creditCents: 9_000, bonusExpiresDays: null })?.path).toBe('price');
    expect(packTermsProblem({ priceCents: 10_000, creditCents: 10_000, bonusExpiresDays: 30 })?.path).toBe('bonusExpiresDays');
  });

  it('the bonus is credit less price, and runs out N days after the top-up', () => {
    expect(packBonus({ priceCents: 10_000, creditCents: 11_000, bonusExpiresDays: 30 }, at(1))).toEqual({ bonusCents: 1_000, expiresAt: at(31) });
    expect(packBonus({ priceCents: 10_000, creditCents: 11_000, bonusExpiresDays: null }, at(1))).toEqual({ bonusCents: 1_000, expiresAt: null });
  });
});

describe('voucher codes', () => {
  it('are typed in any case, with or without dashes or spaces, and shown in groups of four', () => {
    expect(normalizeVoucherCode(' abcd-efgh jkLM-npqr ')).toBe('ABCDEFGHJKLMNPQR');
    expect(formatVoucherCode('ABCDEFGHJKLMNPQR')).toBe('ABCD-EFGH-JKLM-NPQR');
    expect(isVoucherCodeShape('abcd-efgh-jklm-npqr')).toBe(true);
    expect(isVoucherCodeShape('ABCD-EFGH-JKLM-NPQ0')).toBe(false);
    expect(isVoucherCodeShape('ABCD')).toBe(false);
  });
});

describe('the card page after credit', () => {
  const note = (c: number) => `${c}c paid with credit`;
  it('takes the credit off the lines in order, so they add up to the card charge', () => {
    const lines = [{ description: 'Court 1', amountCents: 4_000 }, { description: 'Court 2', amountCents: 4_000 }];
    expect(linesAfterCredit(lines, 5_000, note)).toEqual([{ description: 'Court 2 (1000c paid with credit)', amountCents: 3_000 }]);
    expect(linesAfterCredit(lines, 0, note)).toEqual(lines);
  });

  it('tells the customer once, when a spend takes the balance under the low line', () => {
    expect(crossesLowBalance(2_000, 500, 1_000)).toBe(true);
    expect(crossesLowBalance(900, 500, 1_000)).toBe(false);
    expect(crossesLowBalance(2_000, 500, 0)).toBe(false);
  });
});
