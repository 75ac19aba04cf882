import { describe, expect, it } from 'vitest';
import { formatZoned, zoneSuffixOn } from './zoned-time.ts';

const at = '2026-11-21T18:00:00Z';

describe('formatZoned', () => {
  it("writes the facility's clock in the customer's style", () => {
    expect(formatZoned(at, 'America/New_York', {}, 'America/New_York')).toBe('13:00');
    expect(formatZoned(at, 'America/New_York', { withDay: true }, 'America/New_York')).toBe('Saturday, 21 November 2026, 13:00');
  });

  it("names the facility's zone when the visitor's clock reads differently", () => {
    expect(formatZoned(at, 'America/New_York', {}, 'Europe/London')).toBe('13:00 EST');
    expect(zoneSuffixOn('2026-07-04', 'America/New_York', 'Europe/London')).toBe(' EDT');
    expect(zoneSuffixOn('2026-07-04', 'America/New_York', 'America/New_York')).toBe('');
  });

  it('writes nothing for a missing or malformed instant', () => {
    expect(formatZoned(null, 'UTC')).toBe('');
    expect(formatZoned('soon', 'UTC')).toBe('');
  });
});
