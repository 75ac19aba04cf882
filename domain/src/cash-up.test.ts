import { describe, expect, it } from 'vitest';
import { assertClosableDay, businessDayWindow, cashDifferenceCents, cashUpMethodLabel, cashUpTotals, describeCashDifference, handBackMethod } from './cash-up.ts';
import { formatCents } from './money-format.ts';
import { errorOf } from './test-support.ts';

describe('cashUpTotals', () => {
  it('adds the payments by method, keeps unrecorded ones apart, and takes the cash handed back from the cash expected', () => {
    const totals = cashUpTotals(
      [
        { cents: 4000, method: 'cash' },
        { cents: 2500, method: 'card' },
        { cents: 1000, method: 'cash' },
        { cents: 700, method: null },
      ],
      [
        { cents: 1500, method: 'cash' },
        { cents: 800, method: 'card' },
      ],
    );
    expect(totals.byMethod).toEqual([
      { method: 'cash', count: 2, cents: 5000 },
      { method: 'card', count: 1, cents: 2500 },
      { method: 'not-recorded', count: 1, cents: 700 },
    ]);
    expect(totals).toMatchObject({ takenCents: 8200, handedBackCashCents: 1500, handedBackCardCents: 800, expectedCashCents: 3500 });
  });

  it('a day with nothing shows every method at zero', () => {
    expect(cashUpTotals([], [])).toEqual({
      byMethod: [
        { method: 'cash', count: 0, cents: 0 },
        { method: 'card', count: 0, cents: 0 },
        { method: 'not-recorded', count: 0, cents: 0 },
      ],
      takenCents: 0,
      handedBackCashCents: 0,
      handedBackCardCents: 0,
      expectedCashCents: 0,
    });
  });

  it('more cash handed back than taken leaves the till expected short of its float', () => {
    expect(cashUpTotals([{ cents: 1000, method: 'cash' }], [{ cents: 3000, method: 'cash' }]).expectedCashCents).toBe(-2000);
  });
});

describe('handBackMethod', () => {
  it('a card payment at the desk goes back to the card; everything else handed back at the desk is cash', () => {
    expect(handBackMethod({ provider: 'desk', paymentMethod: 'card' })).toBe('card');
    expect(handBackMethod({ provider: 'desk', paymentMethod: 'cash' })).toBe('cash');
    expect(handBackMethod({ provider: 'desk', paymentMethod: null })).toBe('cash');
    expect(handBackMethod({ provider: 'stripe', paymentMethod: null })).toBe('cash');
  });
});

describe('the difference between counted and expected cash', () => {
  it('is counted minus expected, and reads as over, short or exact', () => {
    const usd = (c: number) => formatCents(c);
    expect(cashDifferenceCents(12_000, 12_500)).toBe(-500);
    expect(describeCashDifference(-500, usd)).toBe('Short by $5.00');
    expect(describeCashDifference(cashDifferenceCents(10_200, 10_000), usd)).toBe('Over by $2.00');
    expect(describeCashDifference(0, usd)).toBe('Exact');
  });

  it('labels the methods for people', () => {
    expect(['cash', 'card', 'not-recorded'].map((m) => cashUpMethodLabel(m as 'cash'))).toEqual(['Cash', 'Card', 'Not recorded']);
  });
});

describe('businessDayWindow', () => {
  it("is the venue's local midnight to midnight, whatever the machine's zone", () => {
    expect(businessDayWindow('2027-03-01', 'America/New_York')).toEqual({ from: new Date('2027-03-01T05:00:00Z'), to: new Date('2027-03-02T05:00:00Z') });
  });

  it('lasts 23 hours on the spring-forward day and 25 on the fall-back day', () => {
    const spring = businessDayWindow('2027-03-14', 'America/New_York');
    expect(spring.to.getTime() - spring.from.getTime()).toBe(23 * 3_600_000);
    const fall = businessDayWindow('2027-11-07', 'America/New_York');
    expect(fall.to.getTime() - fall.from.getTime()).toBe(25 * 3_600_000);
  });

  it('refuses a date that is not one, naming the field', () => {
    const err = errorOf(() => businessDayWindow('2027-02-30', 'America/New_York'));
    expect(err.path).toBe('date');
  });
});

describe('assertClosableDay', () => {
  it('today and days gone by may be closed; a day to come may not', () => {
    expect(assertClosableDay('2027-03-01', '2027-03-01')).toBe('2027-03-01');
    expect(assertClosableDay('2027-02-27', '2027-03-01')).toBe('2027-02-27');
    const err = errorOf(() => assertClosableDay('2027-03-02', '2027-03-01'));
    expect(err).toMatchObject({ kind: 'invalid', code: 'INVALID_DATE', path: 'date' });
    expect(err.message).toMatch(/still to come/);
  });
});
