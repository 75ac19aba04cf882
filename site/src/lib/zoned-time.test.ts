import { afterEach, describe, expect, it } from 'vitest';
import { setMoneyFormat } from '@courtside/browser';
import { DEFAULT_MONEY_FORMAT } from '@courtside/domain';
import { formatZoned, zoneSuffixOn } from './zoned-time.ts';

const at = '2026-11-21T18:00:00Z';

describe('formatZoned', () => {
  afterEach(() => setMoneyFormat(DEFAULT_MONEY_FORMAT));

  it("writes the facility's clock in the venue's locale and clock", () => {
    expect(formatZoned(at, 'America/New_York', {}, 'America/New_York')).toBe('1:00 PM');
    expect(formatZoned(at, 'America/New_York', { withDay: true }, 'America/New_York')).toBe('Saturday, November 21, 2026, 1:00 PM');
    setMoneyFormat({ currency: 'USD', locale: 'en-GB' });
    expect(formatZoned(at, 'America/New_York', {}, 'America/New_York')).toBe('13:00');
  });

  it("names the facility's zone, the one way zones are written, when the visitor's clock reads differently", () => {
    expect(formatZoned(at, 'America/New_York', {}, 'Europe/London')).toBe('1:00 PM (New York time)');
    expect(zoneSuffixOn('2026-07-04', 'America/New_York', 'Europe/London')).toBe(' (New York time)');
    expect(zoneSuffixOn('2026-07-04', 'America/New_York', 'America/New_York')).toBe('');
  });

  it('writes nothing for a missing or malformed instant', () => {
    expect(formatZoned(null, 'UTC')).toBe('');
    expect(formatZoned('soon', 'UTC')).toBe('');
  });
});
