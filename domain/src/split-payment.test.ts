import { describe, expect, it } from 'vitest';
import { DEFAULT_MONEY_FORMAT } from './money-format.ts';
import { lateShareReason, shareDueSoonAt, sharesDueAt, sharesDueRule, splitCents, splitRefusal, tallyShares } from './split-payment.ts';

const at = (iso: string) => new Date(iso);

describe('split payment', () => {
  it('shares add up exactly to the price, the odd cents on the organizer’s', () => {
    expect(splitCents(4000, 4)).toEqual([1000, 1000, 1000, 1000]);
    expect(splitCents(1001, 4)).toEqual([251, 250, 250, 250]);
    expect(splitCents(1003, 4)).toEqual([253, 250, 250, 250]);
    expect(splitCents(5, 12)).toEqual([5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(splitCents(0, 4)).toEqual([0, 0, 0, 0]);
    for (let total = 0; total < 3000; total += 37) {
      for (const count of [2, 3, 4, 7, 10, 12, 30]) {
        const shares = splitCents(total, count);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
        expect(shares.every((s) => Number.isInteger(s) && s >= 0)).toBe(true);
        expect(new Set(shares.slice(1)).size).toBeLessThanOrEqual(1);
        expect(shares[0]! - shares[shares.length - 1]!).toBeLessThan(count);
      }
    }
  });

  it('refuses amounts that are not whole cents and counts below one', () => {
    expect(() => splitCents(10.5, 2)).toThrow(RangeError);
    expect(() => splitCents(-1, 2)).toThrow(RangeError);
    expect(() => splitCents(100, 0)).toThrow(RangeError);
  });

  it('shares are due 24 hours before the start, or 1 hour before for a booking made later', () => {
    const start = at('2026-12-05T18:00:00Z');
    expect(sharesDueAt(start, at('2026-12-01T10:00:00Z')).toISOString()).toBe('2026-12-04T18:00:00.000Z');
    expect(sharesDueAt(start, at('2026-12-05T09:00:00Z')).toISOString()).toBe('2026-12-05T17:00:00.000Z');
    expect(sharesDueAt(start, at('2026-12-01T10:00:00Z'), 48).toISOString()).toBe('2026-12-03T18:00:00.000Z');
    // Booked 30 minutes before the start: due as it is made, never before.
    expect(sharesDueAt(start, at('2026-12-05T17:30:00Z')).toISOString()).toBe('2026-12-05T17:30:00.000Z');
    expect(shareDueSoonAt(at('2026-12-04T18:00:00Z')).toISOString()).toBe('2026-12-04T15:00:00.000Z');
  });

  it('a split needs two places and shares a card can take', () => {
    expect(splitRefusal(4000, 1, 50, DEFAULT_MONEY_FORMAT)?.code).toBe('SPLIT_NOT_POSSIBLE');
    expect(splitRefusal(4000, 4, 50, DEFAULT_MONEY_FORMAT)).toBeNull();
    expect(splitRefusal(0, 4, 50, DEFAULT_MONEY_FORMAT)).toBeNull();
    const refusal = splitRefusal(180, 4, 50, DEFAULT_MONEY_FORMAT);
    expect(refusal?.message).toBe('Split 4 ways, a share would be $0.45, less than the smallest card payment ($0.50). Choose Pay for everyone.');
  });

  it('tallies shares by what became of them', () => {
    expect(tallyShares([
      { amountCents: 251, status: 'paid' },
      { amountCents: 250, status: 'open' },
      { amountCents: 250, status: 'covered' },
      { amountCents: 250, status: 'owed' },
    ])).toEqual({ count: 4, paidCents: 251, coveredCents: 250, openCents: 250, openCount: 1, owedCents: 250 });
  });
});

describe('a player’s share payment', () => {
  it('pays an open share reserved for them; anything else is refunded, saying why', () => {
    expect(lateShareReason({ bookingConfirmed: true, shareStatus: 'open', reservedForPayer: true })).toBeNull();
    expect(lateShareReason({ bookingConfirmed: false, shareStatus: 'open', reservedForPayer: true })).toBe('the booking is no longer confirmed');
    for (const status of ['paid', 'covered', 'owed'] as const) {
      expect(lateShareReason({ bookingConfirmed: true, shareStatus: status, reservedForPayer: true })).toBe('the share was paid already');
    }
    expect(lateShareReason({ bookingConfirmed: true, shareStatus: 'open', reservedForPayer: false })).toBe('the payer is no longer a player on the booking');
  });

  it('the agreement names the hours it applies', () => {
    expect(sharesDueRule()).toBe('Shares still unpaid 24 hours before the start (1 hour before, for a booking made later) are charged to your card, in one payment.');
    expect(sharesDueRule(1)).toContain('1 hour before the start');
  });
});
