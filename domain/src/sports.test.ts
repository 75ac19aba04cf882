import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SPORT,
  SPORTS,
  SPORT_LABELS,
  TIMES_OF_DAY,
  WHOLE_DAY,
  isSport,
  outsideWindowCounts,
  parseSport,
  parseTimeWindow,
  startsInWindow,
  timeOfDayOf,
} from './sports.ts';
import { errorOf } from './test-support.ts';

describe('sports', () => {
  it('labels every sport, and the default is one of them', () => {
    expect(Object.keys(SPORT_LABELS).sort()).toEqual([...SPORTS].sort());
    expect(SPORT_LABELS.padel).toBe('Padel');
    expect(isSport(DEFAULT_SPORT)).toBe(true);
  });

  it('accepts exactly the listed sports, case and all', () => {
    expect(parseSport('padel')).toBe('padel');
    expect(isSport('Padel')).toBe(false);
    expect(isSport('constructor')).toBe(false);
    expect(isSport(undefined)).toBe(false);
    const e = errorOf(() => parseSport('curling'));
    expect(e).toMatchObject({ code: 'INVALID_SPORT', path: 'sport' });
    expect(e.message).toContain('tennis, padel');
    expect(errorOf(() => parseSport('', 'filter.sport')).path).toBe('filter.sport');
  });
});

describe('times of day and search windows', () => {
  it('the times of day follow each other from 06:00 to midnight', () => {
    expect(TIMES_OF_DAY.morning.to).toBe(TIMES_OF_DAY.afternoon.from);
    expect(TIMES_OF_DAY.afternoon.to).toBe(TIMES_OF_DAY.evening.from);
    expect(TIMES_OF_DAY.evening.to).toBe('24:00');
    expect(timeOfDayOf('05:59')).toBeUndefined();
    expect(timeOfDayOf('06:00')).toBe('morning');
    expect(timeOfDayOf('11:30')).toBe('morning');
    expect(timeOfDayOf('12:00')).toBe('afternoon');
    expect(timeOfDayOf('16:59')).toBe('afternoon');
    expect(timeOfDayOf('17:00')).toBe('evening');
    expect(timeOfDayOf('23:45')).toBe('evening');
  });

  it('reads a window with either end left out, and 24:00 as the end of the day', () => {
    expect(parseTimeWindow(undefined, undefined)).toEqual(WHOLE_DAY);
    expect(parseTimeWindow('17:00', '24:00')).toEqual({ from: 17 * 60, to: 24 * 60 });
    expect(parseTimeWindow('09:30', undefined)).toEqual({ from: 9 * 60 + 30, to: 24 * 60 });
    expect(parseTimeWindow(undefined, '12:00')).toEqual({ from: 0, to: 12 * 60 });
  });

  it('refuses a malformed end naming it, and an empty window naming `to`', () => {
    expect(errorOf(() => parseTimeWindow('9:00', undefined))).toMatchObject({ code: 'INVALID_TIME', path: 'from' });
    expect(errorOf(() => parseTimeWindow(undefined, '25:00'))).toMatchObject({ code: 'INVALID_TIME', path: 'to' });
    expect(errorOf(() => parseTimeWindow('10:60', '12:00'))).toMatchObject({ code: 'INVALID_TIME', path: 'from' });
    expect(errorOf(() => parseTimeWindow('12:00', '12:00'))).toMatchObject({ code: 'END_BEFORE_START', path: 'to' });
    expect(errorOf(() => parseTimeWindow('18:00', '09:00'))).toMatchObject({ code: 'END_BEFORE_START', path: 'to' });
    expect(errorOf(() => parseTimeWindow('24:00', undefined))).toMatchObject({ code: 'END_BEFORE_START', path: 'to' });
  });

  it('a slot is in the window when it starts in it (the end excluded)', () => {
    const evening = parseTimeWindow('17:00', '24:00');
    expect(startsInWindow('16:00', evening)).toBe(false);
    expect(startsInWindow('17:00', evening)).toBe(true);
    expect(startsInWindow('23:00', evening)).toBe(true);
    const ten = parseTimeWindow('10:00', '11:00');
    expect(startsInWindow('10:00', ten)).toBe(true);
    expect(startsInWindow('10:30', ten)).toBe(true);
    expect(startsInWindow('11:00', ten)).toBe(false);
  });

  it('counts the free slots outside the window per time of day, in the day\'s order, leaving out empty ones', () => {
    const starts = ['05:00', '07:00', '08:00', '13:00', '18:00', '19:00', '20:00'];
    expect(outsideWindowCounts(starts, parseTimeWindow('17:00', '24:00'))).toEqual([
      { name: 'morning', count: 2 },
      { name: 'afternoon', count: 1 },
    ]);
    // Part of a time of day asked for: the rest of it still counts.
    expect(outsideWindowCounts(starts, parseTimeWindow('07:00', '08:00'))).toEqual([
      { name: 'morning', count: 1 },
      { name: 'afternoon', count: 1 },
      { name: 'evening', count: 3 },
    ]);
    expect(outsideWindowCounts(starts, WHOLE_DAY)).toEqual([]);
    expect(outsideWindowCounts([], parseTimeWindow('06:00', '12:00'))).toEqual([]);
  });
});
