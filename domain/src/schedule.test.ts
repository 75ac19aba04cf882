import { describe, expect, it } from 'vitest';
import { errorOf } from './test-support.ts';
import {
  DEFAULT_DAY_HOURS,
  DEFAULT_MAX_BOOKING_MINUTES,
  DEFAULT_SLOT_MINUTES,
  WEEKDAYS,
  everyDay,
  openMinutesLeft,
  validateSchedule,
  type Schedule,
} from './schedule.ts';

const base = (over: Partial<Schedule> = {}): Schedule => ({
  timezone: 'America/New_York',
  openingHours: everyDay(),
  slotMinutes: 60,
  maxBookingMinutes: 240,
  ...over,
});

describe('defaults', () => {
  it('match the design (08:00-22:00 daily, 60-minute slots, 240-minute maximum)', () => {
    expect(DEFAULT_DAY_HOURS).toEqual({ open: '08:00', close: '22:00' });
    expect(DEFAULT_SLOT_MINUTES).toBe(60);
    expect(DEFAULT_MAX_BOOKING_MINUTES).toBe(240);
    expect(WEEKDAYS).toEqual(['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat']);
  });
});

describe('everyDay', () => {
  it('gives every weekday the default hours', () => {
    const h = everyDay();
    expect(Object.keys(h).sort()).toEqual([...WEEKDAYS].sort());
    for (const d of WEEKDAYS) expect(h[d]).toEqual({ open: '08:00', close: '22:00' });
  });

  it('gives every weekday its own copy (editing one day leaves the others)', () => {
    const h = everyDay({ open: '06:00', close: '20:00' });
    h.mon!.open = '09:00';
    expect(h.tue).toEqual({ open: '06:00', close: '20:00' });
    expect(DEFAULT_DAY_HOURS.open).toBe('08:00');
    const d = everyDay();
    d.sun!.close = '23:00';
    expect(DEFAULT_DAY_HOURS.close).toBe('22:00');
  });

  it('null means closed every day', () => {
    const h = everyDay(null);
    for (const d of WEEKDAYS) expect(h[d]).toBeNull();
  });
});

describe('validateSchedule', () => {
  it('returns a valid schedule unchanged', () => {
    const s = base();
    expect(validateSchedule(s)).toBe(s);
  });

  it('accepts 24-hour opening, closed days and 15-minute slots', () => {
    const hours = everyDay({ open: '00:00', close: '24:00' });
    hours.sun = null;
    expect(() => validateSchedule(base({ openingHours: hours }))).not.toThrow();
    expect(() => validateSchedule(base({ slotMinutes: 15, maxBookingMinutes: 15 }))).not.toThrow();
    expect(() => validateSchedule(base({ slotMinutes: 240, maxBookingMinutes: 1440, openingHours: everyDay({ open: '00:00', close: '24:00' }) }))).not.toThrow();
  });

  it('rejects an unknown time zone', () => {
    const err = errorOf(() => validateSchedule(base({ timezone: 'Mars/Olympus_Mons' })));
    expect(err.code).toBe('INVALID_TIMEZONE');
    expect(err.kind).toBe('invalid');
    expect(err.path).toBe('timezone');
    expect(err.message).toContain('Mars/Olympus_Mons');
  });

  it.each([0, 10, 14, 25, 50, 61, 241, 480, 30.5, Number.NaN])('rejects slotMinutes %s', (slotMinutes) => {
    const err = errorOf(() => validateSchedule(base({ slotMinutes, maxBookingMinutes: 480 })));
    expect(err.code).toBe('INVALID_SLOT_MINUTES');
    expect(err.path).toBe('slotMinutes');
  });

  it.each([15, 20, 30, 60, 120, 240])('accepts slotMinutes %i', (slotMinutes) => {
    // 08:00-20:00 is on the grid of each of these (480 and 1200 are multiples of all of them).
    const openingHours = everyDay({ open: '08:00', close: '20:00' });
    expect(() => validateSchedule(base({ slotMinutes, maxBookingMinutes: 240, openingHours }))).not.toThrow();
  });

  it.each([
    ['less than one slot', 30],
    ['not a whole number of slots', 90],
    ['more than a day', 1500],
    ['fractional', 120.5],
  ])('rejects maxBookingMinutes %s', (_label, maxBookingMinutes) => {
    const err = errorOf(() => validateSchedule(base({ maxBookingMinutes })));
    expect(err.code).toBe('INVALID_MAX_BOOKING_MINUTES');
    expect(err.path).toBe('maxBookingMinutes');
  });

  it('rejects a missing weekday, naming it', () => {
    const hours = everyDay();
    delete (hours as Partial<typeof hours>).wed;
    const err = errorOf(() => validateSchedule(base({ openingHours: hours })));
    expect(err.code).toBe('INVALID_OPENING_HOURS');
    expect(err.path).toBe('openingHours.wed');
  });

  it('rejects close not after open', () => {
    const hours = everyDay();
    hours.fri = { open: '10:00', close: '10:00' };
    const err = errorOf(() => validateSchedule(base({ openingHours: hours })));
    expect(err.code).toBe('INVALID_OPENING_HOURS');
    expect(err.path).toBe('openingHours.fri.close');

    hours.fri = { open: '18:00', close: '09:00' };
    expect(errorOf(() => validateSchedule(base({ openingHours: hours }))).code).toBe('INVALID_OPENING_HOURS');
  });

  it('rejects hours off the slot grid', () => {
    const hours = everyDay();
    hours.mon = { open: '08:30', close: '21:30' };
    const err = errorOf(() => validateSchedule(base({ openingHours: hours })));
    expect(err.code).toBe('INVALID_OPENING_HOURS');
    expect(err.path).toBe('openingHours.mon');

    hours.mon = { open: '08:00', close: '21:30' };
    expect(errorOf(() => validateSchedule(base({ openingHours: hours }))).path).toBe('openingHours.mon');

    // With 30-minute slots the same hours are fine.
    hours.mon = { open: '08:30', close: '21:30' };
    expect(() => validateSchedule(base({ openingHours: hours, slotMinutes: 30, maxBookingMinutes: 240 }))).not.toThrow();
  });

  it('rejects 08:00-22:00 with 240-minute slots (14 hours is not a whole number of slots)', () => {
    const err = errorOf(() => validateSchedule(base({ slotMinutes: 240, maxBookingMinutes: 240 })));
    expect(err.code).toBe('INVALID_OPENING_HOURS');
    expect(err.path).toBe('openingHours.sun');
  });

  it('rejects malformed times, naming the field', () => {
    const hours = everyDay();
    hours.sat = { open: '8:00', close: '22:00' };
    const err = errorOf(() => validateSchedule(base({ openingHours: hours })));
    expect(err.code).toBe('INVALID_TIME');
    expect(err.path).toBe('openingHours.sat.open');

    hours.sat = { open: '08:00', close: '24:30' };
    const err2 = errorOf(() => validateSchedule(base({ openingHours: hours })));
    expect(err2.code).toBe('INVALID_TIME');
    expect(err2.path).toBe('openingHours.sat.close');
  });
});

describe('openMinutesLeft', () => {
  const h = (n: number) => n * 60;
  it('is the opening hours when nothing is closed', () => {
    expect(openMinutesLeft(h(8), h(22), [])).toBe(h(14));
  });
  it('takes out closed time inside the hours only, counting overlapping closures once', () => {
    expect(openMinutesLeft(h(8), h(22), [{ start: h(6), end: h(10) }])).toBe(h(12));
    expect(openMinutesLeft(h(8), h(22), [{ start: h(12), end: h(15) }, { start: h(14), end: h(16) }, { start: h(13), end: h(14) }])).toBe(h(10));
    expect(openMinutesLeft(h(8), h(22), [{ start: h(22), end: h(24) }, { start: h(0), end: h(8) }])).toBe(h(14));
  });
  it('is zero for a day closed whole, never negative', () => {
    expect(openMinutesLeft(h(8), h(22), [{ start: 0, end: h(24) }])).toBe(0);
    expect(openMinutesLeft(0, 0, [{ start: 0, end: h(24) }])).toBe(0);
  });
});
