import { describe, expect, it } from 'vitest';
import { csvFileName, defaultFilters, filtersFrom, filtersParams, quickPeriod, quickPeriodOf, reportQuery, reportUrl } from './report-query.ts';

const today = '2026-11-27';
const facilityId = '0b8f6a52-3c1e-4d7a-9f0e-2a6b1c9d8e71';

describe("the Reports screen's filters", () => {
  it('starts with the last 12 weeks up to today (84 days), the whole venue, by week', () => {
    expect(defaultFilters(today)).toEqual({ from: '2026-09-05', to: today, groupBy: 'week' });
  });

  it('offers the last 4 weeks (28 days), the last 12 weeks and this year, each ending today', () => {
    expect(quickPeriod('last-4-weeks', today)).toEqual({ from: '2026-10-31', to: today });
    expect(quickPeriod('last-12-weeks', today)).toEqual({ from: '2026-09-05', to: today });
    expect(quickPeriod('this-year', today)).toEqual({ from: '2026-01-01', to: today });
    // Across a year's end and a leap day.
    expect(quickPeriod('last-4-weeks', '2028-03-10')).toEqual({ from: '2028-02-12', to: '2028-03-10' });
    expect(quickPeriod('this-year', '2027-01-01')).toEqual({ from: '2027-01-01', to: '2027-01-01' });
  });

  it('knows which quick choice a period is, and none for dates chosen by hand', () => {
    expect(quickPeriodOf({ from: '2026-10-31', to: today }, today)).toBe('last-4-weeks');
    expect(quickPeriodOf({ from: '2026-01-01', to: today }, today)).toBe('this-year');
    expect(quickPeriodOf({ from: '2026-10-30', to: today }, today)).toBeUndefined();
    expect(quickPeriodOf({ from: '2026-10-31', to: '2026-11-26' }, today)).toBeUndefined();
  });

  it('reads every filter from the address, and writes them back the same', () => {
    const params = new URLSearchParams({ from: '2026-06-01', to: '2026-06-30', facilityId, sport: 'padel', groupBy: 'month' });
    const filters = filtersFrom(params, today);
    expect(filters).toEqual({ from: '2026-06-01', to: '2026-06-30', facilityId, sport: 'padel', groupBy: 'month' });
    expect(Object.fromEntries(filtersParams(filters))).toEqual(Object.fromEntries(params));
    expect(filtersFrom(filtersParams(filters), '2030-01-01')).toEqual(filters);
  });

  it('falls back to the default for what is missing or not a real value', () => {
    expect(filtersFrom(new URLSearchParams(), today)).toEqual(defaultFilters(today));
    const typed = new URLSearchParams({ from: '2026-02-30', to: 'yesterday', facilityId: 'court-1', sport: 'chess', groupBy: 'day' });
    expect(filtersFrom(typed, today)).toEqual(defaultFilters(today));
  });

  it('leaves dates in the wrong order as asked: the API names what is wrong', () => {
    expect(filtersFrom(new URLSearchParams({ from: '2026-06-30', to: '2026-06-01' }), today)).toMatchObject({ from: '2026-06-30', to: '2026-06-01' });
  });
});

describe("each report's API query", () => {
  const filters = { from: '2026-06-01', to: '2026-06-30', facilityId, sport: 'tennis' as const, groupBy: 'month' as const };

  it('groups only revenue and cancellations by period', () => {
    expect(reportQuery('revenue', filters)).toEqual({ from: '2026-06-01', to: '2026-06-30', facilityId, sport: 'tennis', groupBy: 'month' });
    expect(reportQuery('cancellations', filters)).toHaveProperty('groupBy', 'month');
    expect(reportQuery('occupancy', filters)).not.toHaveProperty('groupBy');
    expect(reportQuery('top-customers', filters)).not.toHaveProperty('groupBy');
  });

  it('asks the CSV file with the same query and format=csv', () => {
    expect(reportUrl('occupancy', { from: '2026-06-01', to: '2026-06-30', groupBy: 'week' })).toBe('/api/admin/reports/occupancy?from=2026-06-01&to=2026-06-30');
    expect(reportUrl('revenue', filters, 'csv')).toBe(`/api/admin/reports/revenue?from=2026-06-01&to=2026-06-30&facilityId=${facilityId}&sport=tennis&groupBy=month&format=csv`);
  });

  it("saves the file under the server's name, or one made the same way", () => {
    expect(csvFileName('attachment; filename="revenue-2026-06-01-to-2026-06-30.csv"', 'revenue', filters)).toBe('revenue-2026-06-01-to-2026-06-30.csv');
    expect(csvFileName(null, 'channels', filters)).toBe('channels-2026-06-01-to-2026-06-30.csv');
    expect(csvFileName('attachment; filename="../../evil.sh"', 'channels', filters)).toBe('channels-2026-06-01-to-2026-06-30.csv');
  });
});
