import { describe, expect, it } from 'vitest';
import { closureFromNow, closureInterval, parseLocalDateTime } from './closures.ts';
import { errorOf } from './test-support.ts';

const local = (value: string) => parseLocalDateTime(value, 'start');

describe('closures: local times read on each facility clock', () => {
  it('reads the same local range in two zones as different instants', () => {
    const start = local('2026-12-02T08:00');
    const end = local('2026-12-04T22:00');
    expect(closureInterval(start, end, 'America/New_York')).toEqual({ startsAt: new Date('2026-12-02T13:00:00Z'), endsAt: new Date('2026-12-05T03:00:00Z') });
    expect(closureInterval(start, end, 'Europe/London')).toEqual({ startsAt: new Date('2026-12-02T08:00:00Z'), endsAt: new Date('2026-12-04T22:00:00Z') });
  });

  it('keeps wall-clock times across a daylight-saving change (New York, 14 March 2027)', () => {
    const { startsAt, endsAt } = closureInterval(local('2027-03-13T08:00'), local('2027-03-15T08:00'), 'America/New_York');
    expect(startsAt).toEqual(new Date('2027-03-13T13:00:00Z'));
    expect(endsAt).toEqual(new Date('2027-03-15T12:00:00Z'));
    // 47 hours, not 48: the night of the change is an hour short.
    expect(endsAt.getTime() - startsAt.getTime()).toBe(47 * 3_600_000);
  });

  it('takes 24:00 as the end of the day', () => {
    expect(closureInterval(local('2026-12-02T00:00'), local('2026-12-02T24:00'), 'UTC')).toEqual({ startsAt: new Date('2026-12-02T00:00:00Z'), endsAt: new Date('2026-12-03T00:00:00Z') });
  });

  it('refuses malformed values, an end not after the start and a range over a year, naming the field', () => {
    expect(errorOf(() => parseLocalDateTime('2026-12-02 08:00', 'start'))).toMatchObject({ code: 'INVALID_DATE', path: 'start' });
    expect(errorOf(() => parseLocalDateTime('2026-12-02T8am', 'end'))).toMatchObject({ code: 'INVALID_TIME', path: 'end' });
    expect(errorOf(() => parseLocalDateTime('2026-02-30T08:00', 'start'))).toMatchObject({ code: 'INVALID_DATE' });
    expect(errorOf(() => closureInterval(local('2026-12-02T08:00'), local('2026-12-02T08:00'), 'UTC'))).toMatchObject({ code: 'END_BEFORE_START', path: 'end' });
    expect(errorOf(() => closureInterval(local('2026-12-02T08:00'), local('2028-01-02T08:00'), 'UTC'))).toMatchObject({ code: 'OUT_OF_RANGE', path: 'end' });
  });
});

describe('closureFromNow: what a closure takes from now on', () => {
  const now = new Date('2026-12-02T14:05:00Z');
  it('keeps a range still to come, closes from now one already begun, refuses one that is over', () => {
    expect(closureFromNow(local('2026-12-02T15:00'), local('2026-12-02T18:00'), 'UTC', now)).toEqual({ startsAt: new Date('2026-12-02T15:00:00Z'), endsAt: new Date('2026-12-02T18:00:00Z') });
    expect(closureFromNow(local('2026-12-02T14:00'), local('2026-12-02T18:00'), 'UTC', now)).toEqual({ startsAt: now, endsAt: new Date('2026-12-02T18:00:00Z') });
    expect(errorOf(() => closureFromNow(local('2026-12-02T12:00'), local('2026-12-02T14:05'), 'UTC', now))).toMatchObject({ code: 'IN_THE_PAST', path: 'end' });
  });
});
