import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_MONEY_FORMAT } from '@courtside/domain';
import { currencySymbol, formatClockTime, formatLongDate, formatMoney, formatMonth, formatTimeRange, moneyFormat, setMoneyFormat } from './format.ts';

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

describe('formatMoney in the venue\'s currency and locale', () => {
  afterEach(() => setMoneyFormat(DEFAULT_MONEY_FORMAT));

  it('writes euros the German way once set to EUR and de-DE, with the same signature', () => {
    setMoneyFormat({ currency: 'EUR', locale: 'de-DE' });
    expect(formatMoney(20)).toBe('20,00\u00a0€');
    expect(formatMoney(1234.5)).toBe('1.234,50\u00a0€');
    expect(formatMoney(null)).toBe('');
    expect(currencySymbol()).toBe('€');
    expect(moneyFormat()).toEqual({ currency: 'EUR', locale: 'de-DE' });
  });

  it('refuses a format it cannot write and keeps the one in force', () => {
    setMoneyFormat({ currency: 'GBP', locale: 'en-GB' });
    expect(() => setMoneyFormat({ currency: 'EUR', locale: 'not_a_locale' })).toThrow(RangeError);
    expect(formatMoney(5)).toBe('£5.00');
  });

  it('in a page that names its format (<html data-currency data-locale>), uses it without being told', async () => {
    vi.resetModules();
    vi.stubGlobal('document', { documentElement: { dataset: { currency: 'EUR', locale: 'de-DE' } } });
    try {
      const fresh = await import('./format.ts');
      expect(fresh.formatMoney(12)).toBe('12,00\u00a0€');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('dates and times in the venue locale', () => {
  afterEach(() => setMoneyFormat(DEFAULT_MONEY_FORMAT));

  it('writes a civil date out in the locale, the same in every time zone', () => {
    expect(formatLongDate('2026-11-21')).toBe('Saturday, November 21, 2026');
    setMoneyFormat({ currency: 'USD', locale: 'en-GB' });
    expect(formatLongDate('2025-07-04')).toMatch(/^Friday,? 4 July 2025$/);
  });

  it('gives back what is not a date', () => {
    expect(formatLongDate('soon')).toBe('soon');
    expect(formatLongDate('2026-13-40')).toBe('2026-13-40');
  });

  it('writes times and ranges on the locale clock', () => {
    expect(formatClockTime('14:00')).toBe('2:00 PM');
    expect(formatTimeRange('20:00', '21:00')).toBe('8:00 PM – 9:00 PM');
    setMoneyFormat({ currency: 'USD', locale: 'en-GB' });
    expect(formatClockTime('14:00')).toBe('14:00');
    expect(formatTimeRange('23:00', '01:00')).toBe('23:00–01:00 (next day)');
  });

  it('writes a month out, and leaves anything else as it was', () => {
    expect(formatMonth('2026-11')).toBe('November 2026');
    expect(formatMonth('2027-01')).toBe('January 2027');
    expect(formatMonth('2026-13')).toBe('2026-13');
    expect(formatMonth('soon')).toBe('soon');
  });
});
