import { describe, expect, it } from 'vitest';
import { errorOf } from './test-support.ts';
import { centsToDollars, dollarsToCents } from './money.ts';

describe('dollarsToCents', () => {
  it.each([
    [0, 0],
    [1, 100],
    [12.34, 1234],
    [19.99, 1999],
    [0.07, 7],
    [4.35, 435],
    [8.2, 820],
    [1.15, 115],
    [0.29, 29],
    [1234.56, 123456],
    [1_000_000, 100_000_000],
  ])('converts %s dollars to %i cents', (dollars, cents) => {
    expect(dollarsToCents(dollars)).toBe(cents);
  });

  it('tolerates floating-point noise such as 0.1 + 0.2', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(19.99 * 3)).toBe(5997);
  });

  it('round-trips every cent amount from 0 to $2,000.00 and a sample up to the maximum', () => {
    for (let c = 0; c <= 200_000; c++) {
      if (dollarsToCents(c / 100) !== c) throw new Error(`dollarsToCents(${c / 100}) !== ${c}`);
    }
    for (let c = 99_000_000; c <= 100_000_000; c += 7) {
      if (dollarsToCents(c / 100) !== c) throw new Error(`dollarsToCents(${c / 100}) !== ${c}`);
    }
    expect(dollarsToCents(999_999.99)).toBe(99_999_999);
  });

  it.each([-0.01, -1, -100])('refuses the negative amount %s', (dollars) => {
    const err = errorOf(() => dollarsToCents(dollars));
    expect(err.code).toBe('INVALID_AMOUNT');
    expect(err.kind).toBe('invalid');
    expect(err.path).toBe('amount');
    expect(err.message).toBe("amount must be a sum of money in the venue's currency (e.g. 12.50), zero or more");
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])('refuses %s', (dollars) => {
    expect(errorOf(() => dollarsToCents(dollars)).code).toBe('INVALID_AMOUNT');
  });

  it('refuses a non-number smuggled past the type system', () => {
    expect(errorOf(() => dollarsToCents('12.34' as unknown as number)).code).toBe('INVALID_AMOUNT');
    expect(errorOf(() => dollarsToCents(null as unknown as number)).code).toBe('INVALID_AMOUNT');
  });

  it.each([12.345, 1.005, 0.001, 0.5001, 19.999])('refuses fractions of a cent: %s', (dollars) => {
    const err = errorOf(() => dollarsToCents(dollars, 'pricePerHour'));
    expect(err.code).toBe('INVALID_AMOUNT');
    expect(err.path).toBe('pricePerHour');
    expect(err.message).toBe('pricePerHour cannot have fractions of a cent');
  });

  it('refuses amounts above $1,000,000', () => {
    const err = errorOf(() => dollarsToCents(1_000_000.01));
    expect(err.code).toBe('INVALID_AMOUNT');
    expect(err.message).toBe('amount is too large');
    expect(errorOf(() => dollarsToCents(5_000_000)).message).toBe('amount is too large');
  });
});

describe('centsToDollars', () => {
  it('converts cents to dollars', () => {
    expect(centsToDollars(0)).toBe(0);
    expect(centsToDollars(1234)).toBe(12.34);
    expect(centsToDollars(1999)).toBe(19.99);
    expect(centsToDollars(7)).toBe(0.07);
    expect(centsToDollars(100_000_000)).toBe(1_000_000);
  });

  it('round-trips through dollarsToCents', () => {
    for (const c of [0, 1, 29, 115, 435, 1999, 123456, 99_999_999]) {
      expect(dollarsToCents(centsToDollars(c))).toBe(c);
    }
  });
});
