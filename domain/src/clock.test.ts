import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  FIRST_DATE,
  LAST_DATE,
  MINUTE_MS,
  addDays,
  formatDate,
  formatTime,
  fromLocal,
  isValidTimeZone,
  offsetAt,
  parseDate,
  parseTime,
  shiftDate,
  slotBoundary,
  todayIn,
  toLocal,
  wallTimeExists,
  weekdayOf,
} from './clock.ts';
import { errorOf } from './test-support.ts';

const HOUR_MS = 60 * MINUTE_MS;
const iso = (d: Date) => d.toISOString();

describe('constants', () => {
  it('MINUTE_MS and DAY_MS are real durations', () => {
    expect(MINUTE_MS).toBe(60_000);
    expect(DAY_MS).toBe(86_400_000);
  });
});

describe('parseDate', () => {
  it('parses a valid date', () => {
    expect(parseDate('2026-03-08')).toEqual({ year: 2026, month: 3, day: 8 });
    expect(parseDate('2026-12-31')).toEqual({ year: 2026, month: 12, day: 31 });
  });

  it('accepts 29 February in a leap year only', () => {
    expect(parseDate('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(errorOf(() => parseDate('2026-02-29')).code).toBe('INVALID_DATE');
  });

  it.each(['2026-02-30', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00', '2026-01-32'])(
    'rejects the non-existent date %s',
    (value) => {
      const err = errorOf(() => parseDate(value));
      expect(err.code).toBe('INVALID_DATE');
      expect(err.kind).toBe('invalid');
      expect(err.path).toBe('date');
      expect(err.message).toBe('date is not a real calendar date');
    },
  );

  it.each(['', '2026-3-8', '2026/03/08', '26-03-08', '2026-03-08T00:00', ' 2026-03-08', '2026-03-08 ', 'yesterday', '20260308'])(
    'rejects the malformed string %j',
    (value) => {
      const err = errorOf(() => parseDate(value));
      expect(err.code).toBe('INVALID_DATE');
      expect(err.message).toBe('date must be a date formatted YYYY-MM-DD');
    },
  );

  it('accepts the first and the last supported date', () => {
    expect(FIRST_DATE).toBe('2000-01-01');
    expect(LAST_DATE).toBe('2100-12-31');
    expect(parseDate(FIRST_DATE)).toEqual({ year: 2000, month: 1, day: 1 });
    expect(parseDate(LAST_DATE)).toEqual({ year: 2100, month: 12, day: 31 });
  });

  it.each(['1999-12-31', '2101-01-01', '9999-12-31', '0000-01-01', '1970-01-01'])('rejects %s, outside the supported range, naming the field', (value) => {
    const err = errorOf(() => parseDate(value, 'filter.dateFrom'));
    expect(err.code).toBe('DATE_OUT_OF_RANGE');
    expect(err.kind).toBe('invalid');
    expect(err.path).toBe('filter.dateFrom');
    expect(err.message).toBe('filter.dateFrom must be between 2000-01-01 and 2100-12-31');
  });

  it('still refuses an impossible date inside the range', () => {
    expect(errorOf(() => parseDate('2027-02-30')).code).toBe('INVALID_DATE');
  });

  it('names the given path in the error', () => {
    const err = errorOf(() => parseDate('nope', 'from'));
    expect(err.path).toBe('from');
    expect(err.message).toBe('from must be a date formatted YYYY-MM-DD');
  });
});

describe('parseTime', () => {
  it.each([
    ['00:00', 0],
    ['07:00', 420],
    ['08:30', 510],
    ['12:45', 765],
    ['23:59', 1439],
    ['24:00', 1440],
  ])('parses %s as %i minutes', (value, minutes) => {
    expect(parseTime(value)).toBe(minutes);
  });

  it.each(['24:30', '24:01', '25:00', '7:00', '07:0', '07:60', '0700', '07-00', '', '07:00:00', 'noon', '-1:00'])(
    'rejects %j',
    (value) => {
      const err = errorOf(() => parseTime(value, 'startTime'));
      expect(err.code).toBe('INVALID_TIME');
      expect(err.kind).toBe('invalid');
      expect(err.path).toBe('startTime');
      expect(err.message).toBe('startTime must be a time formatted HH:mm');
    },
  );
});

describe('formatTime / formatDate', () => {
  it('formats minutes as HH:mm', () => {
    expect(formatTime(0)).toBe('00:00');
    expect(formatTime(5)).toBe('00:05');
    expect(formatTime(570)).toBe('09:30');
    expect(formatTime(1440)).toBe('24:00');
  });

  it('round-trips with parseTime', () => {
    for (let m = 0; m <= 1440; m += 15) expect(parseTime(formatTime(m))).toBe(m);
  });

  it('formats a civil date with zero padding', () => {
    expect(formatDate({ year: 2026, month: 3, day: 8 })).toBe('2026-03-08');
    expect(formatDate({ year: 987, month: 12, day: 31 })).toBe('0987-12-31');
  });
});

describe('isValidTimeZone', () => {
  it.each(['UTC', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kolkata'])('accepts %s', (tz) => {
    expect(isValidTimeZone(tz)).toBe(true);
  });

  it.each(['Mars/Olympus_Mons', 'America/Springfield', 'not a zone', 'Europe/'])('rejects %j', (tz) => {
    expect(isValidTimeZone(tz)).toBe(false);
  });
});

describe('weekdayOf / addDays', () => {
  it('gives the weekday of a civil date (0 = Sunday)', () => {
    expect(weekdayOf({ year: 2026, month: 3, day: 8 })).toBe(0); // Sunday
    expect(weekdayOf({ year: 2026, month: 3, day: 9 })).toBe(1); // Monday
    expect(weekdayOf({ year: 2026, month: 2, day: 28 })).toBe(6); // Saturday
  });

  it('adds days across month, year and leap-day boundaries', () => {
    expect(addDays({ year: 2026, month: 1, day: 31 }, 1)).toEqual({ year: 2026, month: 2, day: 1 });
    expect(addDays({ year: 2026, month: 12, day: 31 }, 1)).toEqual({ year: 2027, month: 1, day: 1 });
    expect(addDays({ year: 2028, month: 2, day: 28 }, 1)).toEqual({ year: 2028, month: 2, day: 29 });
    expect(addDays({ year: 2026, month: 3, day: 1 }, -1)).toEqual({ year: 2026, month: 2, day: 28 });
    expect(addDays({ year: 2026, month: 3, day: 7 }, 60)).toEqual({ year: 2026, month: 5, day: 6 });
  });

  it('is not thrown off by a DST change (civil days, not 24-hour steps in a local zone)', () => {
    expect(addDays({ year: 2026, month: 3, day: 7 }, 2)).toEqual({ year: 2026, month: 3, day: 9 });
    expect(addDays({ year: 2026, month: 10, day: 31 }, 2)).toEqual({ year: 2026, month: 11, day: 2 });
  });
});

describe('shiftDate / todayIn', () => {
  it('steps a YYYY-MM-DD date by civil days', () => {
    expect(shiftDate('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftDate('2028-03-01', -1)).toBe('2028-02-29');
    expect(shiftDate('2026-03-07', 60)).toBe('2026-05-06');
    expect(shiftDate('2026-03-08', 1)).toBe('2026-03-09'); // a daylight-saving change is still one day
  });

  it('refuses a date that does not exist', () => {
    expect(errorOf(() => shiftDate('2026-02-30', 1))).toMatchObject({ code: 'INVALID_DATE' });
  });

  it("reads today on the zone's own calendar, not the process's", () => {
    const instant = Date.parse('2026-11-21T03:30:00Z');
    expect(todayIn('America/New_York', instant)).toBe('2026-11-20');
    expect(todayIn('Australia/Lord_Howe', instant)).toBe('2026-11-21');
    expect(todayIn('UTC', new Date(instant))).toBe('2026-11-21');
  });
});

describe('offsetAt', () => {
  it('returns the UTC offset in milliseconds', () => {
    expect(offsetAt(Date.parse('2026-01-15T12:00:00Z'), 'UTC')).toBe(0);
    expect(offsetAt(Date.parse('2026-01-15T12:00:00Z'), 'America/New_York')).toBe(-5 * HOUR_MS);
    expect(offsetAt(Date.parse('2026-07-15T12:00:00Z'), 'America/New_York')).toBe(-4 * HOUR_MS);
    expect(offsetAt(Date.parse('2026-01-15T12:00:00Z'), 'Europe/London')).toBe(0);
    expect(offsetAt(Date.parse('2026-07-15T12:00:00Z'), 'Europe/London')).toBe(1 * HOUR_MS);
    expect(offsetAt(Date.parse('2026-07-15T12:00:00Z'), 'Asia/Kolkata')).toBe(5.5 * HOUR_MS);
    // Lord Howe: +11:00 in (southern) summer, +10:30 in winter.
    expect(offsetAt(Date.parse('2026-01-15T12:00:00Z'), 'Australia/Lord_Howe')).toBe(11 * HOUR_MS);
    expect(offsetAt(Date.parse('2026-07-15T12:00:00Z'), 'Australia/Lord_Howe')).toBe(10.5 * HOUR_MS);
  });

  it('changes exactly at the New York spring-forward instant (2026-03-08 07:00Z)', () => {
    const t = Date.parse('2026-03-08T07:00:00Z');
    expect(offsetAt(t - 1000, 'America/New_York')).toBe(-5 * HOUR_MS);
    expect(offsetAt(t, 'America/New_York')).toBe(-4 * HOUR_MS);
  });

  it('ignores sub-second parts of the instant', () => {
    expect(offsetAt(Date.parse('2026-07-15T12:00:00.999Z'), 'America/New_York')).toBe(-4 * HOUR_MS);
  });
});

describe('toLocal', () => {
  it('renders an instant on the local calendar and clock of a zone', () => {
    const t = new Date('2026-03-08T07:00:00Z');
    expect(toLocal(t, 'UTC')).toEqual({ date: '2026-03-08', time: '07:00', weekday: 0 });
    expect(toLocal(t, 'America/New_York')).toEqual({ date: '2026-03-08', time: '03:00', weekday: 0 });
    expect(toLocal(t, 'Europe/London')).toEqual({ date: '2026-03-08', time: '07:00', weekday: 0 });
    expect(toLocal(t, 'Australia/Lord_Howe')).toEqual({ date: '2026-03-08', time: '18:00', weekday: 0 });
    expect(toLocal(t, 'Asia/Kolkata')).toEqual({ date: '2026-03-08', time: '12:30', weekday: 0 });
  });

  it('crosses the date line relative to UTC', () => {
    const t = new Date('2026-03-08T02:00:00Z');
    expect(toLocal(t, 'America/New_York')).toEqual({ date: '2026-03-07', time: '21:00', weekday: 6 });
    expect(toLocal(new Date('2026-03-08T14:00:00Z'), 'Australia/Lord_Howe')).toEqual({
      date: '2026-03-09',
      time: '01:00',
      weekday: 1,
    });
  });

  it('accepts an epoch number as well as a Date', () => {
    expect(toLocal(Date.parse('2026-07-01T16:15:00Z'), 'Europe/London')).toEqual({
      date: '2026-07-01',
      time: '17:15',
      weekday: 3,
    });
  });

  it('renders midnight as 00:00, never 24:00', () => {
    expect(toLocal(new Date('2026-03-09T04:00:00Z'), 'America/New_York').time).toBe('00:00');
  });

  it('shows the repeated hour twice on a fall-back day', () => {
    expect(toLocal(new Date('2026-11-01T05:30:00Z'), 'America/New_York').time).toBe('01:30');
    expect(toLocal(new Date('2026-11-01T06:30:00Z'), 'America/New_York').time).toBe('01:30');
  });
});

describe('fromLocal', () => {
  const d = (s: string) => parseDate(s);

  it('converts an ordinary wall-clock time', () => {
    expect(iso(fromLocal(d('2026-01-15'), 9 * 60, 'UTC'))).toBe('2026-01-15T09:00:00.000Z');
    expect(iso(fromLocal(d('2026-01-15'), 9 * 60, 'America/New_York'))).toBe('2026-01-15T14:00:00.000Z');
    expect(iso(fromLocal(d('2026-07-15'), 9 * 60, 'America/New_York'))).toBe('2026-07-15T13:00:00.000Z');
    expect(iso(fromLocal(d('2026-07-15'), 9 * 60, 'Europe/London'))).toBe('2026-07-15T08:00:00.000Z');
    expect(iso(fromLocal(d('2026-07-15'), 9 * 60, 'Asia/Kolkata'))).toBe('2026-07-15T03:30:00.000Z');
    expect(iso(fromLocal(d('2026-07-15'), 9 * 60, 'Australia/Lord_Howe'))).toBe('2026-07-14T22:30:00.000Z');
  });

  it('treats 1440 minutes as the next local midnight', () => {
    expect(iso(fromLocal(d('2026-01-15'), 1440, 'America/New_York'))).toBe('2026-01-16T05:00:00.000Z');
    expect(iso(fromLocal(d('2026-12-31'), 1440, 'UTC'))).toBe('2027-01-01T00:00:00.000Z');
  });

  describe('America/New_York spring forward, 2026-03-08 (02:00 -> 03:00)', () => {
    const date = d('2026-03-08');
    const tz = 'America/New_York';

    it('times before and after the gap use the old and new offsets', () => {
      expect(iso(fromLocal(date, 1 * 60 + 59, tz))).toBe('2026-03-08T06:59:00.000Z');
      expect(iso(fromLocal(date, 3 * 60, tz))).toBe('2026-03-08T07:00:00.000Z');
    });

    it('moves a skipped time forward by the gap (02:00 -> 03:00, 02:30 -> 03:30)', () => {
      expect(iso(fromLocal(date, 2 * 60, tz))).toBe('2026-03-08T07:00:00.000Z');
      expect(iso(fromLocal(date, 2 * 60 + 30, tz))).toBe('2026-03-08T07:30:00.000Z');
      expect(toLocal(fromLocal(date, 2 * 60 + 30, tz), tz).time).toBe('03:30');
    });
  });

  describe('America/New_York fall back, 2026-11-01 (02:00 -> 01:00)', () => {
    const date = d('2026-11-01');
    const tz = 'America/New_York';

    it('an ambiguous time takes the earlier instant (still daylight time)', () => {
      expect(iso(fromLocal(date, 1 * 60, tz))).toBe('2026-11-01T05:00:00.000Z');
      expect(iso(fromLocal(date, 1 * 60 + 30, tz))).toBe('2026-11-01T05:30:00.000Z');
    });

    it('02:00 exists only once, after the repeated hour', () => {
      expect(iso(fromLocal(date, 2 * 60, tz))).toBe('2026-11-01T07:00:00.000Z');
    });

    it('00:59 is still on daylight time', () => {
      expect(iso(fromLocal(date, 59, tz))).toBe('2026-11-01T04:59:00.000Z');
    });
  });

  describe('Europe/London', () => {
    const tz = 'Europe/London';
    it('spring forward 2026-03-29 (01:00 -> 02:00): 01:30 becomes 02:30 BST', () => {
      const date = d('2026-03-29');
      expect(iso(fromLocal(date, 0 * 60 + 59, tz))).toBe('2026-03-29T00:59:00.000Z');
      expect(iso(fromLocal(date, 1 * 60, tz))).toBe('2026-03-29T01:00:00.000Z');
      expect(iso(fromLocal(date, 1 * 60 + 30, tz))).toBe('2026-03-29T01:30:00.000Z');
      expect(toLocal(fromLocal(date, 90, tz), tz).time).toBe('02:30');
      expect(iso(fromLocal(date, 2 * 60, tz))).toBe('2026-03-29T01:00:00.000Z');
    });

    it('fall back 2026-10-25 (02:00 -> 01:00): 01:30 takes the BST (earlier) instant', () => {
      const date = d('2026-10-25');
      expect(iso(fromLocal(date, 1 * 60 + 30, tz))).toBe('2026-10-25T00:30:00.000Z');
      expect(iso(fromLocal(date, 2 * 60, tz))).toBe('2026-10-25T02:00:00.000Z');
    });
  });

  describe('Australia/Lord_Howe (a 30-minute shift)', () => {
    const tz = 'Australia/Lord_Howe';
    it('fall back 2026-04-05 (02:00 -> 01:30): 01:45 takes the earlier (+11:00) instant', () => {
      const date = d('2026-04-05');
      expect(iso(fromLocal(date, 1 * 60 + 45, tz))).toBe('2026-04-04T14:45:00.000Z');
      expect(iso(fromLocal(date, 2 * 60, tz))).toBe('2026-04-04T15:30:00.000Z');
    });

    it('spring forward 2026-10-04 (02:00 -> 02:30): 02:15 moves forward 30 minutes to 02:45', () => {
      const date = d('2026-10-04');
      expect(iso(fromLocal(date, 1 * 60 + 59, tz))).toBe('2026-10-03T15:29:00.000Z');
      expect(iso(fromLocal(date, 2 * 60 + 15, tz))).toBe('2026-10-03T15:45:00.000Z');
      expect(toLocal(fromLocal(date, 2 * 60 + 15, tz), tz).time).toBe('02:45');
      expect(iso(fromLocal(date, 2 * 60 + 30, tz))).toBe('2026-10-03T15:30:00.000Z');
    });
  });

  describe('America/Santiago (clocks change at midnight)', () => {
    const tz = 'America/Santiago';
    it('spring forward 2026-09-06: local midnight does not exist and becomes 01:00', () => {
      const midnight = fromLocal(d('2026-09-06'), 0, tz);
      expect(iso(midnight)).toBe('2026-09-06T04:00:00.000Z');
      expect(toLocal(midnight, tz)).toEqual({ date: '2026-09-06', time: '01:00', weekday: 0 });
      // The end of the previous day is the same instant.
      expect(iso(fromLocal(d('2026-09-05'), 1440, tz))).toBe('2026-09-06T04:00:00.000Z');
    });

    it('fall back 2026-04-05: 23:00 on the 4th is ambiguous and takes the earlier instant', () => {
      expect(iso(fromLocal(d('2026-04-04'), 23 * 60, tz))).toBe('2026-04-05T02:00:00.000Z');
      expect(iso(fromLocal(d('2026-04-04'), 1440, tz))).toBe('2026-04-05T04:00:00.000Z');
    });
  });

  it('round-trips every quarter hour through toLocal on DST days (except skipped times)', () => {
    const cases: [string, string][] = [
      ['America/New_York', '2026-03-08'],
      ['America/New_York', '2026-11-01'],
      ['Europe/London', '2026-03-29'],
      ['Europe/London', '2026-10-25'],
      ['Australia/Lord_Howe', '2026-04-05'],
      ['Australia/Lord_Howe', '2026-10-04'],
      ['UTC', '2026-06-01'],
    ];
    const skipped: Record<string, [number, number]> = {
      'America/New_York 2026-03-08': [120, 180],
      'Europe/London 2026-03-29': [60, 120],
      'Australia/Lord_Howe 2026-10-04': [120, 150],
    };
    let checked = 0;
    for (const [tz, dateText] of cases) {
      const gap = skipped[`${tz} ${dateText}`];
      for (let m = 0; m < 1440; m += 15) {
        if (gap && m >= gap[0] && m < gap[1]) continue;
        const local = toLocal(fromLocal(parseDate(dateText), m, tz), tz);
        expect(local.date).toBe(dateText);
        expect(local.time).toBe(formatTime(m));
        checked++;
      }
    }
    expect(checked).toBe(7 * 96 - 4 - 4 - 2);
  });

  it('round-trips instants through toLocal -> fromLocal where the wall time is unambiguous', () => {
    const tz = 'America/New_York';
    for (const s of ['2026-03-08T06:30:00Z', '2026-03-08T07:00:00Z', '2026-11-01T04:30:00Z', '2026-11-01T07:00:00Z', '2026-07-04T16:45:00Z']) {
      const local = toLocal(new Date(s), tz);
      expect(iso(fromLocal(parseDate(local.date), parseTime(local.time), tz))).toBe(new Date(s).toISOString());
    }
  });

  it('maps the second occurrence of an ambiguous time back to the first one', () => {
    const tz = 'America/New_York';
    const second = new Date('2026-11-01T06:30:00Z'); // 01:30 EST
    const local = toLocal(second, tz);
    expect(local.time).toBe('01:30');
    expect(iso(fromLocal(parseDate(local.date), parseTime(local.time), tz))).toBe('2026-11-01T05:30:00.000Z');
  });

  it('has 23 real hours on spring-forward day and 25 on fall-back day', () => {
    const tz = 'America/New_York';
    const length = (s: string) => fromLocal(parseDate(s), 1440, tz).getTime() - fromLocal(parseDate(s), 0, tz).getTime();
    expect(length('2026-03-08')).toBe(23 * HOUR_MS);
    expect(length('2026-11-01')).toBe(25 * HOUR_MS);
    expect(length('2026-07-01')).toBe(24 * HOUR_MS);
  });
});

describe('wallTimeExists / slotBoundary', () => {
  const d = (text: string) => parseDate(text);
  const ny = 'America/New_York';

  it('New York spring forward 2026-03-08: 02:00-02:59 never show; 02:00 is where a slot may end or resume, 02:30 is nothing', () => {
    expect(wallTimeExists(d('2026-03-08'), 1 * 60 + 59, ny)).toBe(true);
    expect(wallTimeExists(d('2026-03-08'), 2 * 60, ny)).toBe(false);
    expect(wallTimeExists(d('2026-03-08'), 2 * 60 + 30, ny)).toBe(false);
    expect(wallTimeExists(d('2026-03-08'), 3 * 60, ny)).toBe(true);
    // The clocks jump at 07:00Z: 01:59:59 EST is followed by 03:00 EDT.
    expect(iso(slotBoundary(d('2026-03-08'), 2 * 60, ny)!)).toBe('2026-03-08T07:00:00.000Z');
    expect(slotBoundary(d('2026-03-08'), 2 * 60 + 30, ny)).toBeUndefined();
    expect(slotBoundary(d('2026-03-08'), 2 * 60 + 15, ny)).toBeUndefined();
    expect(iso(slotBoundary(d('2026-03-08'), 3 * 60, ny)!)).toBe('2026-03-08T07:00:00.000Z');
  });

  it('a repeated time (fall back) exists and takes the earlier instant', () => {
    expect(wallTimeExists(d('2026-11-01'), 1 * 60 + 30, ny)).toBe(true);
    expect(iso(slotBoundary(d('2026-11-01'), 1 * 60 + 30, ny)!)).toBe('2026-11-01T05:30:00.000Z');
  });

  it('Lord Howe spring forward 2026-10-04 (02:00 -> 02:30): 02:15 is nothing, 02:00 and 02:30 are the same instant', () => {
    const lh = 'Australia/Lord_Howe';
    expect(slotBoundary(d('2026-10-04'), 2 * 60 + 15, lh)).toBeUndefined();
    expect(iso(slotBoundary(d('2026-10-04'), 2 * 60, lh)!)).toBe('2026-10-03T15:30:00.000Z');
    expect(iso(slotBoundary(d('2026-10-04'), 2 * 60 + 30, lh)!)).toBe('2026-10-03T15:30:00.000Z');
  });

  it('Santiago: a gap at midnight (2026-09-06) starts at 00:00, reached from the day before', () => {
    const tz = 'America/Santiago';
    expect(wallTimeExists(d('2026-09-06'), 0, tz)).toBe(false);
    expect(iso(slotBoundary(d('2026-09-06'), 0, tz)!)).toBe('2026-09-06T04:00:00.000Z');
    expect(slotBoundary(d('2026-09-06'), 30, tz)).toBeUndefined();
    expect(iso(slotBoundary(d('2026-09-05'), 1440, tz)!)).toBe('2026-09-06T04:00:00.000Z');
  });

  it('every quarter hour of an ordinary day exists', () => {
    for (let m = 0; m <= 1440; m += 15) expect(wallTimeExists(d('2026-06-10'), m, ny)).toBe(true);
  });
});
