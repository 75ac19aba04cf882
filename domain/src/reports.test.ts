import { describe, expect, it } from 'vitest';
import { errorOf } from './test-support.ts';
import { DEFAULT_REPORT_DAYS, MAX_REPORT_DAYS, occupancyRate, reportPeriod } from './reports.ts';

const TODAY = '2026-11-27';

describe('reportPeriod', () => {
  it('left out, is the last twelve weeks up to today, or up to the last date asked', () => {
    expect(reportPeriod(undefined, undefined, TODAY)).toEqual({ from: '2026-09-05', to: TODAY, days: DEFAULT_REPORT_DAYS });
    expect(reportPeriod(undefined, '2026-03-31', TODAY)).toMatchObject({ from: '2026-01-07', days: 84 });
    expect(reportPeriod('2026-11-01', undefined, TODAY)).toMatchObject({ to: TODAY, days: 27 });
  });

  it('counts both ends, across a month and a leap day', () => {
    expect(reportPeriod('2028-02-28', '2028-03-01', TODAY)).toEqual({ from: '2028-02-28', to: '2028-03-01', days: 3 });
    expect(reportPeriod('2026-11-27', '2026-11-27', TODAY).days).toBe(1);
  });

  it('takes a whole leap year and no more', () => {
    expect(reportPeriod('2028-01-01', '2028-12-31', TODAY).days).toBe(MAX_REPORT_DAYS);
    expect(errorOf(() => reportPeriod('2027-12-31', '2028-12-31', TODAY))).toMatchObject({ code: 'INVALID_DATE', path: 'to' });
  });

  it('refuses a period that ends before it starts, naming its end', () => {
    const err = errorOf(() => reportPeriod('2026-11-27', '2026-11-26', TODAY));
    expect(err).toMatchObject({ code: 'INVALID_DATE', path: 'to' });
    expect(err.message).toContain('before it starts');
  });

  it('refuses a date that is not one, naming it', () => {
    expect(errorOf(() => reportPeriod('2026-02-30', '2026-03-01', TODAY))).toMatchObject({ path: 'from' });
  });
});

describe('occupancyRate', () => {
  it('is the booked share of open time, never above full', () => {
    expect(occupancyRate(45, 60)).toBe(0.75);
    expect(occupancyRate(1, 3)).toBe(0.3333);
    expect(occupancyRate(90, 60)).toBe(1);
  });

  it('is zero when nothing was open', () => {
    expect(occupancyRate(0, 0)).toBe(0);
    expect(occupancyRate(60, 0)).toBe(0);
  });
});
