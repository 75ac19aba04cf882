import { describe, expect, it } from 'vitest';
import { seriesDates } from './series.ts';
import { errorOf } from './test-support.ts';

describe('seriesDates: the local dates of a weekly series', () => {
  it('every week, count times, across a month and a year end', () => {
    expect(seriesDates({ firstDate: '2026-12-15', every: 1, count: 4 })).toEqual(['2026-12-15', '2026-12-22', '2026-12-29', '2027-01-05']);
  });

  it('every two weeks up to and including until', () => {
    expect(seriesDates({ firstDate: '2027-03-02', every: 2, until: '2027-03-30' })).toEqual(['2027-03-02', '2027-03-16', '2027-03-30']);
    expect(seriesDates({ firstDate: '2027-03-02', every: 2, until: '2027-03-29' })).toEqual(['2027-03-02', '2027-03-16']);
  });

  it('keeps the weekday across daylight-saving changes (dates, not 7 x 24 hours)', () => {
    // New York springs forward on 14 March 2027: the Tuesdays stay Tuesdays.
    const dates = seriesDates({ firstDate: '2027-03-09', every: 1, count: 3 });
    expect(dates).toEqual(['2027-03-09', '2027-03-16', '2027-03-23']);
    for (const d of dates) expect(new Date(`${d}T12:00:00Z`).getUTCDay()).toBe(2);
  });

  it('refuses neither or both of count and until, a count out of range, until before the start, over 104 dates', () => {
    expect(errorOf(() => seriesDates({ firstDate: '2027-03-02', every: 1 })).path).toBe('count');
    expect(errorOf(() => seriesDates({ firstDate: '2027-03-02', every: 1, count: 2, until: '2027-04-01' })).path).toBe('until');
    expect(errorOf(() => seriesDates({ firstDate: '2027-03-02', every: 1, count: 0 }))).toMatchObject({ code: 'OUT_OF_RANGE', path: 'count' });
    expect(errorOf(() => seriesDates({ firstDate: '2027-03-02', every: 1, count: 105 })).code).toBe('OUT_OF_RANGE');
    expect(errorOf(() => seriesDates({ firstDate: '2027-03-02', every: 1, until: '2027-03-01' }))).toMatchObject({ code: 'END_BEFORE_START', path: 'until' });
    expect(errorOf(() => seriesDates({ firstDate: '2027-03-02', every: 1, until: '2029-12-31' })).code).toBe('OUT_OF_RANGE');
    expect(errorOf(() => seriesDates({ firstDate: '2027-02-30', every: 1, count: 2 })).code).toBe('INVALID_DATE');
  });
});
