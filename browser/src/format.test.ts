import { describe, expect, it } from 'vitest';
import { formatLongDate, formatMoney } from './format.ts';

describe('formatMoney', () => {
  it('writes dollars with cents', () => {
    expect(formatMoney(20)).toBe('$20.00');
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(0)).toBe('$0.00');
  });

  it('writes nothing for a missing amount', () => {
    expect(formatMoney(null)).toBe('');
    expect(formatMoney(undefined)).toBe('');
    expect(formatMoney(Number.NaN)).toBe('');
  });
});

describe('formatLongDate', () => {
  it('writes a civil date out, the same in every time zone', () => {
    expect(formatLongDate('2026-11-21')).toBe('Saturday, 21 November 2026');
    expect(formatLongDate('2025-07-04')).toBe('Friday, 4 July 2025');
  });

  it('gives back what is not a date', () => {
    expect(formatLongDate('soon')).toBe('soon');
    expect(formatLongDate('2026-13-40')).toBe('2026-13-40');
  });
});
