import { describe, expect, it } from 'vitest';
import { validDate, viewersToday } from './dates.ts';

describe('day-view dates', () => {
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
