import { describe, expect, it } from 'vitest';
import { priceCents } from './pricing.ts';
import { daySlots } from './slots.ts';
import { everyDay } from './schedule.ts';

const interval = (start: string, minutes: number) => {
  const startsAt = new Date(start);
  return { startsAt, endsAt: new Date(startsAt.getTime() + minutes * 60_000) };
};

describe('priceCents', () => {
  it('charges the hourly price for 60 minutes', () => {
    expect(priceCents(2500, interval('2026-06-10T10:00:00Z', 60))).toBe(2500);
  });

  it('charges one and a half times for 90 minutes', () => {
    expect(priceCents(2500, interval('2026-06-10T10:00:00Z', 90))).toBe(3750);
    expect(priceCents(1999, interval('2026-06-10T10:00:00Z', 90))).toBe(2999); // 2998.5 rounds up
  });

  it('scales with the duration', () => {
    expect(priceCents(2500, interval('2026-06-10T10:00:00Z', 30))).toBe(1250);
    expect(priceCents(2500, interval('2026-06-10T10:00:00Z', 120))).toBe(5000);
    expect(priceCents(2500, interval('2026-06-10T10:00:00Z', 240))).toBe(10000);
    expect(priceCents(2500, interval('2026-06-10T10:00:00Z', 15))).toBe(625);
  });

  it('rounds to the nearest cent', () => {
    expect(priceCents(1000, interval('2026-06-10T10:00:00Z', 20))).toBe(333); // 333.33
    expect(priceCents(1000, interval('2026-06-10T10:00:00Z', 40))).toBe(667); // 666.67
    expect(priceCents(1001, interval('2026-06-10T10:00:00Z', 30))).toBe(501); // 500.5
    expect(priceCents(999, interval('2026-06-10T10:00:00Z', 45))).toBe(749); // 749.25
    expect(Number.isInteger(priceCents(777, interval('2026-06-10T10:00:00Z', 50)))).toBe(true);
  });

  it('is zero for a free facility or an empty interval', () => {
    expect(priceCents(0, interval('2026-06-10T10:00:00Z', 120))).toBe(0);
    expect(priceCents(2500, interval('2026-06-10T10:00:00Z', 0))).toBe(0);
  });

  it('charges for the real elapsed time across a fall-back change (2 real hours)', () => {
    // New York 2026-11-01 01:00 EDT (05:00Z) to 02:00 EST (07:00Z).
    const stretched = { startsAt: new Date('2026-11-01T05:00:00Z'), endsAt: new Date('2026-11-01T07:00:00Z') };
    expect(priceCents(2500, stretched)).toBe(5000);
  });
});

// What a slot of a daylight-saving day costs: only the slot whose real length the change
// stretches or cuts differs from the hourly price times its length.
describe('priceCents over a day of slots', () => {
  const allDay = (timezone: string, slotMinutes: number) => ({ timezone, openingHours: everyDay({ open: '00:00', close: '24:00' }), slotMinutes, maxBookingMinutes: 240 });
  const unusual = (timezone: string, date: string, slotMinutes: number) =>
    daySlots(allDay(timezone, slotMinutes), date)
      .map((s) => [s.startTime, priceCents(2000, s)] as const)
      .filter(([, cents]) => cents !== (2000 * slotMinutes) / 60);

  it('an ordinary day: every slot costs the hourly price for its length', () => {
    expect(unusual('America/New_York', '2026-06-10', 60)).toEqual([]);
    expect(unusual('America/New_York', '2026-06-10', 30)).toEqual([]);
  });

  it('fall back (New York 2026-11-01): only 01:00-02:00 costs more, for its two real hours', () => {
    expect(unusual('America/New_York', '2026-11-01', 60)).toEqual([['01:00', 4000]]);
  });

  it('fall back with 30-minute slots: 01:30-02:00 runs from 01:30 daylight time to 02:00 standard time, 90 real minutes', () => {
    expect(unusual('America/New_York', '2026-11-01', 30)).toEqual([['01:30', 3000]]);
  });

  it('Lord Howe spring forward (2026-10-04): the hour cut to 30 real minutes costs half', () => {
    expect(unusual('Australia/Lord_Howe', '2026-10-04', 60)).toEqual([['02:00', 1000]]);
  });
});
