import { describe, expect, it } from 'vitest';
import { bookedPlay, changeoverExplained, changeoverRule, checkChangeoverFits, playEnd, playEnds, playMinutes } from './changeover.ts';
import { everyDay, type Schedule } from './schedule.ts';
import { daySlots, freeSlots } from './slots.ts';
import { errorOf } from './test-support.ts';

const hour = (start: string) => ({ startsAt: new Date(start), endsAt: new Date(new Date(start).getTime() + 3_600_000) });
const iso = (d: Date) => d.toISOString();

describe('a changeover comes out of the end of the booked time', () => {
  const ny: Schedule = { timezone: 'America/New_York', openingHours: everyDay(), slotMinutes: 60, maxBookingMinutes: 240 };
  const before = new Date('2026-06-09T12:00:00Z');

  it('two one-hour bookings leave every other hour of the day on sale: a booking takes exactly its slot', () => {
    const slots = daySlots(ny, '2026-06-10');
    // 10:00-11:00 and 14:00-15:00 in New York.
    const busy = [hour('2026-06-10T14:00:00Z'), hour('2026-06-10T18:00:00Z')];
    const free = freeSlots(slots, busy, before).map((s) => s.startTime);
    expect(free).toEqual(['08:00', '09:00', '11:00', '12:00', '13:00', '15:00', '16:00', '17:00', '18:00', '19:00', '20:00', '21:00']);
  });

  it('a one-hour booking with a 10-minute changeover plays 50 minutes, ending 10 minutes before its end', () => {
    const b = hour('2026-06-10T14:00:00Z');
    expect(iso(playEnd(b, 10))).toBe('2026-06-10T14:50:00.000Z');
    expect(playMinutes(60, 10)).toBe(50);
    expect(playEnd(b, 0)).toEqual(b.endsAt);
    expect(playMinutes(60, 0)).toBe(60);
  });

  it("a customer's own back-to-back bookings play straight through: only the last one ends early", () => {
    const run = [hour('2026-06-10T15:00:00Z'), hour('2026-06-10T14:00:00Z'), hour('2026-06-10T18:00:00Z')];
    expect(playEnds(run, 10).map(iso)).toEqual(['2026-06-10T15:50:00.000Z', '2026-06-10T15:00:00.000Z', '2026-06-10T18:50:00.000Z']);
    expect(iso(playEnd(run[1]!, 10, true))).toBe('2026-06-10T15:00:00.000Z');
    expect(playMinutes(60, 10, true)).toBe(60);
  });

  it('explains the changeover from the slot length, as staff read it before saving', () => {
    expect(changeoverExplained(60, 10)).toBe(
      "Each 60-minute booking ends its play 10 minutes early so the court can be turned over (50 minutes of play); neighbouring slots stay on sale, and a customer's own back-to-back slots play straight through.",
    );
    expect(changeoverExplained(60, 0)).toBe('No changeover: play runs to the end of each booked slot.');
    expect(changeoverRule(30, 5)).toBe('the last 5 minutes of each booking (25 minutes of play a slot); your own back-to-back slots play through');
  });

  it('a booking says its play on the facility clock, through a daylight-saving change', () => {
    // 01:00-03:00 New York on 2026-11-01 lasts three hours (01:00 comes twice): play ends at 02:50.
    const long = { startsAt: new Date('2026-11-01T05:00:00Z'), endsAt: new Date('2026-11-01T08:00:00Z') };
    expect(bookedPlay({ ...long, changeoverMinutes: 10, runsOn: false }, 'America/New_York')).toEqual({ playEndsAt: new Date('2026-11-01T07:50:00Z'), playEndTime: '02:50', playMinutes: 170 });
    expect(bookedPlay({ ...long, changeoverMinutes: 10, runsOn: true }, 'America/New_York').playEndTime).toBe('03:00');
    const late = { startsAt: new Date('2026-06-11T03:00:00Z'), endsAt: new Date('2026-06-11T04:00:00Z') };
    expect(bookedPlay({ ...late, changeoverMinutes: 0, runsOn: false }, 'America/New_York').playEndTime).toBe('24:00');
  });

  it('a changeover must leave some play in one slot', () => {
    expect(() => checkChangeoverFits(59, 60)).not.toThrow();
    const err = errorOf(() => checkChangeoverFits(30, 30));
    expect([err.code, err.path, err.message]).toEqual(['INVALID_POLICY', 'policy.bufferMinutes', 'policy.bufferMinutes (30) must be shorter than one slot (30 minutes), or no time is left to play']);
  });
});
