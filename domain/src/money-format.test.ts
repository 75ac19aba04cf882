import { describe, expect, it } from 'vitest';
import { currencyProblem, currencySymbol, formatAmount, formatCents, localeProblem } from './money-format.ts';

describe('money formats', () => {
  it('write amounts in the currency and the locale given, dollars in en-US by default', () => {
    expect(formatAmount(1234.5)).toBe('$1,234.50');
    expect(formatCents(2000)).toBe('$20.00');
    // de-DE puts a no-break space before the sign.
    expect(formatAmount(1234.5, { currency: 'EUR', locale: 'de-DE' })).toBe('1.234,50\u00a0€');
    expect(formatCents(1250, { currency: 'GBP', locale: 'en-GB' })).toBe('£12.50');
    expect(currencySymbol({ currency: 'EUR', locale: 'en-IE' })).toBe('€');
    expect(currencySymbol()).toBe('$');
  });

  it('take only known currencies with two minor digits, and locales the runtime knows', () => {
    for (const ok of ['USD', 'EUR', 'GBP', 'CHF']) expect(currencyProblem(ok)).toBeUndefined();
    expect(currencyProblem('JPY')).toMatch(/has 0 minor digits/);
    expect(currencyProblem('KWD')).toMatch(/has 3 minor digits/);
    expect(currencyProblem('XYZ')).toMatch(/not a currency/);
    expect(currencyProblem('EURO')).toMatch(/3-letter ISO 4217/);
    for (const ok of ['en-US', 'de-DE', 'fr']) expect(localeProblem(ok)).toBeUndefined();
    expect(localeProblem('en_US')).toMatch(/language tag/);
    expect(localeProblem('zz-ZZ')).toMatch(/not a locale/);
  });
});
