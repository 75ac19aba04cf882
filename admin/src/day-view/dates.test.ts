import { describe, expect, it } from 'vitest';
import { stepDate, validDate, viewersToday } from './dates.ts';

describe('day-view dates', () => {
  it('steps across month, year and leap-day boundaries', () => {
    expect(stepDate('2026-03-31', 1)).toBe('2026-04-01');
    expect(stepDate('2027-01-01', -1)).toBe('2026-12-31');
    expect(stepDate('2028-02-28', 1)).toBe('2028-02-29');
    expect(stepDate('2026-03-08', 1)).toBe('2026-03-09'); // a daylight-saving change is still one day
  });

  it('accepts only real dates from the address', () => {
    expect(validDate('2026-05-02')).toBe('2026-05-02');
    expect(validDate('2026-02-30')).toBeUndefined();
    expect(validDate('2026-5-2')).toBeUndefined();
    expect(validDate('')).toBeUndefined();
    expect(validDate(null)).toBeUndefined();
  });

  it("reads today on the viewer's clock as YYYY-MM-DD", () => {
    expect(viewersToday(Date.UTC(2026, 4, 2, 12))).toMatch(/^2026-05-0[123]$/);
  });
});
