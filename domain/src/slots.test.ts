import { describe, expect, it } from 'vitest';
import { DomainError } from './errors.ts';
import { everyDay, type Schedule } from './schedule.ts';
import { dayWindow, daySlots, freeSlots, overlaps, type Slot } from './slots.ts';
import { parseDate } from './clock.ts';
import { priceCents } from './pricing.ts';

const at = (s: string) => new Date(s);
const iso = (d: Date) => d.toISOString();
const realMinutes = (s: Slot) => (s.endsAt.getTime() - s.startsAt.getTime()) / 60_000;

const schedule = (timezone: string, open = '08:00', close = '22:00', slotMinutes = 60): Schedule => ({
  timezone,
  openingHours: everyDay({ open, close }),
  slotMinutes,
  maxBookingMinutes: 240,
});
const allDay = (timezone: string) => schedule(timezone, '00:00', '24:00');

describe('dayWindow', () => {
  it('returns the opening minutes of the weekday', () => {
    const s = schedule('UTC');
    s.openingHours.sun = { open: '10:00', close: '18:30' };
    s.openingHours.mon = null;
    expect(dayWindow(s, parseDate('2026-03-08'))).toEqual({ open: 600, close: 1110 }); // Sunday
    expect(dayWindow(s, parseDate('2026-03-09'))).toBeNull(); // Monday
    expect(dayWindow(s, parseDate('2026-03-10'))).toEqual({ open: 480, close: 1320 }); // Tuesday
  });
});

describe('daySlots', () => {
  it('builds the default 08:00-22:00 grid: 14 one-hour slots', () => {
    const slots = daySlots(schedule('America/New_York'), '2026-06-10');
    expect(slots).toHaveLength(14);
    expect(slots[0]).toEqual({
      startTime: '08:00',
      endTime: '09:00',
      startsAt: at('2026-06-10T12:00:00Z'),
      endsAt: at('2026-06-10T13:00:00Z'),
    });
    expect(slots[13]!.startTime).toBe('21:00');
    expect(slots[13]!.endTime).toBe('22:00');
    expect(iso(slots[13]!.endsAt)).toBe('2026-06-11T02:00:00.000Z');
    for (let i = 1; i < slots.length; i++) expect(slots[i]!.startsAt).toEqual(slots[i - 1]!.endsAt);
  });

  it('returns no slots on a closed day', () => {
    const s = schedule('UTC');
    s.openingHours.wed = null;
    expect(daySlots(s, '2026-06-10')).toEqual([]); // a Wednesday
    expect(daySlots(s, '2026-06-11')).toHaveLength(14);
  });

  it('uses the weekday of the local date, not of a UTC instant', () => {
    const s = schedule('Australia/Lord_Howe');
    s.openingHours.sat = null;
    s.openingHours.sun = { open: '06:00', close: '08:00' };
    // 2026-06-14 is a Sunday; its 06:00 in Lord Howe (+10:30) is Saturday 19:30Z.
    const slots = daySlots(s, '2026-06-14');
    expect(slots.map((x) => x.startTime)).toEqual(['06:00', '07:00']);
    expect(iso(slots[0]!.startsAt)).toBe('2026-06-13T19:30:00.000Z');
    expect(daySlots(s, '2026-06-13')).toEqual([]);
  });

  it('supports 30-minute slots and drops a final partial slot', () => {
    const s = schedule('UTC', '09:00', '11:00', 30);
    expect(daySlots(s, '2026-06-10').map((x) => `${x.startTime}-${x.endTime}`)).toEqual([
      '09:00-09:30',
      '09:30-10:00',
      '10:00-10:30',
      '10:30-11:00',
    ]);
    const odd = schedule('UTC', '09:00', '11:30', 60);
    expect(daySlots(odd, '2026-06-10').map((x) => x.startTime)).toEqual(['09:00', '10:00']);
  });

  it('rejects an invalid date', () => {
    expect(() => daySlots(schedule('UTC'), '2026-02-30')).toThrow(DomainError);
  });

  describe('America/New_York', () => {
    it('spring forward 2026-03-08, 24-hour facility: 23 slots, no 02:00-03:00, each one real hour', () => {
      const slots = daySlots(allDay('America/New_York'), '2026-03-08');
      expect(slots).toHaveLength(23);
      expect(slots.map((s) => s.startTime)).not.toContain('02:00');
      expect(slots.map((s) => s.startTime).slice(0, 4)).toEqual(['00:00', '01:00', '03:00', '04:00']);
      for (const s of slots) expect(realMinutes(s)).toBe(60);
      const oneToTwo = slots[1]!;
      expect(iso(oneToTwo.startsAt)).toBe('2026-03-08T06:00:00.000Z');
      expect(iso(oneToTwo.endsAt)).toBe('2026-03-08T07:00:00.000Z');
      const threeToFour = slots[2]!;
      expect(iso(threeToFour.startsAt)).toBe('2026-03-08T07:00:00.000Z');
      const total = slots.reduce((sum, s) => sum + realMinutes(s), 0);
      expect(total).toBe(23 * 60);
      expect(iso(slots[0]!.startsAt)).toBe('2026-03-08T05:00:00.000Z');
      expect(iso(slots[22]!.endsAt)).toBe('2026-03-09T04:00:00.000Z');
    });

    it('spring forward 2026-03-08 with 30-minute slots: 02:00-02:30 and 02:30-03:00 do not exist (never sold as 03:00-03:30)', () => {
      const slots = daySlots(schedule('America/New_York', '00:00', '24:00', 30), '2026-03-08');
      const starts = slots.map((s) => s.startTime);
      expect(slots).toHaveLength(46);
      expect(starts).not.toContain('02:00');
      expect(starts).not.toContain('02:30');
      expect(starts.slice(2, 6)).toEqual(['01:00', '01:30', '03:00', '03:30']);
      for (const s of slots) expect(realMinutes(s)).toBe(30);
      // No two slots share a real instant.
      for (let i = 1; i < slots.length; i++) expect(slots[i]!.startsAt.getTime()).toBeGreaterThanOrEqual(slots[i - 1]!.endsAt.getTime());
      const beforeGap = slots.find((s) => s.startTime === '01:30')!;
      expect(iso(beforeGap.endsAt)).toBe('2026-03-08T07:00:00.000Z');
    });

    it('spring forward 2026-03-08 with 15-minute slots: none of the four inside the gap exists', () => {
      const slots = daySlots(schedule('America/New_York', '00:00', '24:00', 15), '2026-03-08');
      expect(slots).toHaveLength(92);
      expect(slots.filter((s) => s.startTime.startsWith('02:'))).toEqual([]);
    });

    it('fall back 2026-11-01, 24-hour facility: 24 slots over 25 real hours; 01:00-02:00 lasts 2 hours and costs 2 hours', () => {
      const slots = daySlots(allDay('America/New_York'), '2026-11-01');
      expect(slots).toHaveLength(24);
      const long = slots[1]!;
      expect(long.startTime).toBe('01:00');
      expect(long.endTime).toBe('02:00');
      expect(iso(long.startsAt)).toBe('2026-11-01T05:00:00.000Z');
      expect(iso(long.endsAt)).toBe('2026-11-01T07:00:00.000Z');
      expect(realMinutes(long)).toBe(120);
      expect(priceCents(2500, long)).toBe(5000);
      for (const s of slots.filter((x) => x !== long)) expect(realMinutes(s)).toBe(60);
      const total = slots.reduce((sum, s) => sum + realMinutes(s), 0);
      expect(total).toBe(25 * 60);
      for (let i = 1; i < slots.length; i++) expect(slots[i]!.startsAt).toEqual(slots[i - 1]!.endsAt);
    });

    it.each(['2026-03-08', '2026-11-01'])('08:00-22:00 on DST day %s: 14 slots each exactly one hour', (date) => {
      const slots = daySlots(schedule('America/New_York'), date);
      expect(slots).toHaveLength(14);
      expect(slots[0]!.startTime).toBe('08:00');
      expect(slots[13]!.endTime).toBe('22:00');
      for (const s of slots) expect(realMinutes(s)).toBe(60);
    });

    it('08:00 uses the new offset after spring forward and the old one before', () => {
      expect(iso(daySlots(schedule('America/New_York'), '2026-03-07')[0]!.startsAt)).toBe('2026-03-07T13:00:00.000Z');
      expect(iso(daySlots(schedule('America/New_York'), '2026-03-08')[0]!.startsAt)).toBe('2026-03-08T12:00:00.000Z');
      expect(iso(daySlots(schedule('America/New_York'), '2026-11-01')[0]!.startsAt)).toBe('2026-11-01T13:00:00.000Z');
    });
  });

  describe('Europe/London', () => {
    it('spring forward 2026-03-29, 24-hour facility: 23 slots, no 01:00-02:00', () => {
      const slots = daySlots(allDay('Europe/London'), '2026-03-29');
      expect(slots).toHaveLength(23);
      expect(slots.map((s) => s.startTime).slice(0, 3)).toEqual(['00:00', '02:00', '03:00']);
      for (const s of slots) expect(realMinutes(s)).toBe(60);
      expect(iso(slots[1]!.startsAt)).toBe('2026-03-29T01:00:00.000Z');
    });

    it('fall back 2026-10-25, 24-hour facility: 01:00-02:00 lasts 2 real hours', () => {
      const slots = daySlots(allDay('Europe/London'), '2026-10-25');
      expect(slots).toHaveLength(24);
      expect(slots[1]!.startTime).toBe('01:00');
      expect(iso(slots[1]!.startsAt)).toBe('2026-10-25T00:00:00.000Z');
      expect(iso(slots[1]!.endsAt)).toBe('2026-10-25T02:00:00.000Z');
      expect(slots.reduce((sum, s) => sum + realMinutes(s), 0)).toBe(25 * 60);
    });

    it.each(['2026-03-29', '2026-10-25'])('08:00-22:00 on DST day %s: 14 one-hour slots', (date) => {
      const slots = daySlots(schedule('Europe/London'), date);
      expect(slots).toHaveLength(14);
      for (const s of slots) expect(realMinutes(s)).toBe(60);
    });
  });

  describe('Australia/Lord_Howe (30-minute shift)', () => {
    it('fall back 2026-04-05: 01:00-02:00 lasts 90 real minutes; the day lasts 24.5 hours', () => {
      const slots = daySlots(allDay('Australia/Lord_Howe'), '2026-04-05');
      expect(slots).toHaveLength(24);
      expect(slots[1]!.startTime).toBe('01:00');
      expect(iso(slots[1]!.startsAt)).toBe('2026-04-04T14:00:00.000Z');
      expect(iso(slots[1]!.endsAt)).toBe('2026-04-04T15:30:00.000Z');
      expect(realMinutes(slots[1]!)).toBe(90);
      expect(priceCents(2000, slots[1]!)).toBe(3000);
      expect(slots.reduce((sum, s) => sum + realMinutes(s), 0)).toBe(24 * 60 + 30);
    });

    it('spring forward 2026-10-04: 02:00-03:00 keeps only its last 30 real minutes; the day lasts 23.5 hours', () => {
      const slots = daySlots(allDay('Australia/Lord_Howe'), '2026-10-04');
      expect(slots).toHaveLength(24);
      const short = slots[2]!;
      expect(short.startTime).toBe('02:00');
      expect(iso(short.startsAt)).toBe('2026-10-03T15:30:00.000Z');
      expect(iso(short.endsAt)).toBe('2026-10-03T16:00:00.000Z');
      expect(realMinutes(short)).toBe(30);
      expect(priceCents(2000, short)).toBe(1000);
      expect(slots.reduce((sum, s) => sum + realMinutes(s), 0)).toBe(23 * 60 + 30);
    });

    it('spring forward 2026-10-04 with 15-minute slots: 02:00-02:15 and 02:15-02:30 do not exist', () => {
      const slots = daySlots(schedule('Australia/Lord_Howe', '00:00', '24:00', 15), '2026-10-04');
      expect(slots).toHaveLength(94);
      const starts = slots.map((s) => s.startTime);
      expect(starts).not.toContain('02:00');
      expect(starts).not.toContain('02:15');
      expect(starts).toContain('02:30');
      for (const s of slots) expect(realMinutes(s)).toBe(15);
    });

    it('spring forward 2026-10-04 with 30-minute slots: the 02:00-02:30 slot does not exist', () => {
      const slots = daySlots(schedule('Australia/Lord_Howe', '00:00', '24:00', 30), '2026-10-04');
      expect(slots).toHaveLength(47);
      expect(slots.map((s) => s.startTime)).not.toContain('02:00');
      expect(slots.map((s) => s.startTime)).toContain('02:30');
      for (const s of slots) expect(realMinutes(s)).toBe(30);
    });
  });

  describe('America/Santiago (clocks change at midnight)', () => {
    it('spring forward 2026-09-06: the 00:00-01:00 slot does not exist', () => {
      const slots = daySlots(allDay('America/Santiago'), '2026-09-06');
      expect(slots).toHaveLength(23);
      expect(slots[0]!.startTime).toBe('01:00');
      expect(iso(slots[0]!.startsAt)).toBe('2026-09-06T04:00:00.000Z');
    });

    it('fall back: the last slot of 2026-04-04 (23:00-24:00) lasts 2 real hours', () => {
      const slots = daySlots(allDay('America/Santiago'), '2026-04-04');
      const last = slots[23]!;
      expect(last.endTime).toBe('24:00');
      expect(iso(last.startsAt)).toBe('2026-04-05T02:00:00.000Z');
      expect(iso(last.endsAt)).toBe('2026-04-05T04:00:00.000Z');
      expect(realMinutes(last)).toBe(120);
    });
  });

  it('gives the same real instants whatever the process time zone (UTC facility)', () => {
    const slots = daySlots(allDay('UTC'), '2026-03-08');
    expect(slots).toHaveLength(24);
    expect(iso(slots[2]!.startsAt)).toBe('2026-03-08T02:00:00.000Z');
    for (const s of slots) expect(realMinutes(s)).toBe(60);
  });
});

describe('overlaps (half-open intervals)', () => {
  const i = (a: string, b: string) => ({ startsAt: at(`2026-06-10T${a}:00Z`), endsAt: at(`2026-06-10T${b}:00Z`) });

  it('back-to-back intervals do not overlap', () => {
    expect(overlaps(i('09:00', '10:00'), i('10:00', '11:00'))).toBe(false);
    expect(overlaps(i('10:00', '11:00'), i('09:00', '10:00'))).toBe(false);
  });

  it('partial, containing and identical intervals overlap', () => {
    expect(overlaps(i('09:00', '10:30'), i('10:00', '11:00'))).toBe(true);
    expect(overlaps(i('10:30', '11:30'), i('10:00', '11:00'))).toBe(true);
    expect(overlaps(i('08:00', '12:00'), i('10:00', '11:00'))).toBe(true);
    expect(overlaps(i('10:15', '10:45'), i('10:00', '11:00'))).toBe(true);
    expect(overlaps(i('10:00', '11:00'), i('10:00', '11:00'))).toBe(true);
  });

  it('disjoint intervals do not overlap', () => {
    expect(overlaps(i('08:00', '09:00'), i('10:00', '11:00'))).toBe(false);
  });

  it('a one-millisecond overlap counts', () => {
    const a = { startsAt: at('2026-06-10T09:00:00Z'), endsAt: at('2026-06-10T10:00:00.001Z') };
    expect(overlaps(a, i('10:00', '11:00'))).toBe(true);
  });
});

describe('freeSlots', () => {
  const s = schedule('UTC', '08:00', '13:00');
  const slots = daySlots(s, '2026-06-10'); // 08, 09, 10, 11, 12
  const early = at('2026-06-01T00:00:00Z');
  const starts = (xs: Slot[]) => xs.map((x) => x.startTime);

  it('returns all slots when nothing is booked and the day is in the future', () => {
    expect(starts(freeSlots(slots, [], early))).toEqual(['08:00', '09:00', '10:00', '11:00', '12:00']);
  });

  it('a booking 10:00-11:00 leaves 09:00-10:00 and 11:00-12:00 free', () => {
    const busy = [{ startsAt: at('2026-06-10T10:00:00Z'), endsAt: at('2026-06-10T11:00:00Z') }];
    expect(starts(freeSlots(slots, busy, early))).toEqual(['08:00', '09:00', '11:00', '12:00']);
  });

  it('a booking spanning several slots removes each of them', () => {
    const busy = [{ startsAt: at('2026-06-10T09:00:00Z'), endsAt: at('2026-06-10T11:00:00Z') }];
    expect(starts(freeSlots(slots, busy, early))).toEqual(['08:00', '11:00', '12:00']);
  });

  it('a busy interval that only partly covers a slot still takes it', () => {
    const busy = [{ startsAt: at('2026-06-10T11:30:00Z'), endsAt: at('2026-06-10T11:45:00Z') }];
    expect(starts(freeSlots(slots, busy, early))).toEqual(['08:00', '09:00', '10:00', '12:00']);
  });

  it('busy intervals on other days change nothing', () => {
    const busy = [{ startsAt: at('2026-06-09T10:00:00Z'), endsAt: at('2026-06-09T11:00:00Z') }];
    expect(freeSlots(slots, busy, early)).toHaveLength(5);
  });

  it('removes slots that have started or passed relative to now', () => {
    expect(starts(freeSlots(slots, [], at('2026-06-10T09:30:00Z')))).toEqual(['10:00', '11:00', '12:00']);
    // A slot starting exactly now is no longer bookable.
    expect(starts(freeSlots(slots, [], at('2026-06-10T10:00:00Z')))).toEqual(['11:00', '12:00']);
    expect(starts(freeSlots(slots, [], at('2026-06-10T09:59:59.999Z')))).toEqual(['10:00', '11:00', '12:00']);
    expect(freeSlots(slots, [], at('2026-06-10T13:00:00Z'))).toEqual([]);
  });

  it('combines the past and busy filters', () => {
    const busy = [{ startsAt: at('2026-06-10T11:00:00Z'), endsAt: at('2026-06-10T12:00:00Z') }];
    expect(starts(freeSlots(slots, busy, at('2026-06-10T08:15:00Z')))).toEqual(['09:00', '10:00', '12:00']);
  });

  it('does not modify the input array', () => {
    const copy = [...slots];
    freeSlots(slots, [{ startsAt: at('2026-06-10T10:00:00Z'), endsAt: at('2026-06-10T11:00:00Z') }], early);
    expect(slots).toEqual(copy);
  });

  it('works on the real instants of a DST-stretched slot', () => {
    const ny = daySlots(allDay('America/New_York'), '2026-11-01');
    // A booking 06:00Z-06:30Z is the second 01:00 hour (EST) and falls inside the long 01:00-02:00 slot.
    const busy = [{ startsAt: at('2026-11-01T06:00:00Z'), endsAt: at('2026-11-01T06:30:00Z') }];
    const free = freeSlots(ny, busy, at('2026-10-31T00:00:00Z'));
    expect(free).toHaveLength(23);
    expect(starts(free)).not.toContain('01:00');
    expect(starts(free)).toContain('02:00');
  });
});
