import { describe, expect, it } from 'vitest';
import { errorOf } from './test-support.ts';
import { everyDay, type Schedule } from './schedule.ts';
import type { BookingPolicy } from './booking-request.ts';
import { SlotFree, checkWindow, offerDeadline, offerExpiry, waitlistKey, waitlistStatusAt, windowSlots } from './waitlist.ts';

const padel: Schedule = { timezone: 'America/New_York', openingHours: { ...everyDay({ open: '08:00', close: '22:00' }), mon: null }, slotMinutes: 30, maxBookingMinutes: 120 };
// 2026-06-01 09:00 in New York.
const policy: BookingPolicy = { now: new Date('2026-06-01T13:00:00Z'), horizonDays: 60 };
const window = (from: string, to: string, minutes: number, date = '2026-06-06') => ({ date, from, to, minutes });
const times = (slots: { startTime: string; endTime: string }[]) => slots.map((s) => `${s.startTime}-${s.endTime}`);

describe('a window entry: the slots it would take at one facility', () => {
  it("every start on the facility's grid inside the window, the length asked, on its own clock", () => {
    const slots = windowSlots(padel, window('18:00', '21:00', 90), policy);
    expect(times(slots)).toEqual(['18:00-19:30', '18:30-20:00', '19:00-20:30', '19:30-21:00']);
    // 2026-06-06 is on EDT (-04:00).
    expect(slots[0]!.startsAt.toISOString()).toBe('2026-06-06T22:00:00.000Z');
  });

  it('stops at closing time and leaves out a day the facility is closed', () => {
    expect(times(windowSlots(padel, window('20:00', '23:00', 60), policy))).toEqual(['20:00-21:00', '20:30-21:30', '21:00-22:00']);
    expect(windowSlots(padel, window('18:00', '21:00', 60, '2026-06-08'), policy)).toEqual([]); // a Monday
  });

  it('gives nothing a customer could not book: longer than the facility takes, off its grid, too soon', () => {
    expect(windowSlots(padel, window('18:00', '22:00', 180), policy)).toEqual([]);
    const hourly: Schedule = { ...padel, slotMinutes: 60 };
    expect(windowSlots(hourly, window('18:00', '21:00', 90), policy)).toEqual([]);
    // 09:00 in New York with 90 minutes' notice: the first start is 10:30.
    const soon = { ...policy, now: new Date('2026-06-02T13:00:00Z'), minNoticeMinutes: 90 };
    expect(times(windowSlots(padel, window('09:00', '12:00', 60, '2026-06-02'), soon))).toEqual(['10:30-11:30', '11:00-12:00']);
  });

  it("follows the wall clock across a change of the clocks: a start that does not exist that night is not a slot", () => {
    const night: Schedule = { ...padel, openingHours: everyDay({ open: '00:00', close: '24:00' }), slotMinutes: 60 };
    const spring = { now: new Date('2026-03-01T12:00:00Z'), horizonDays: 60 };
    expect(times(windowSlots(night, window('01:00', '04:00', 60, '2026-03-08'), spring))).toEqual(['01:00-02:00', '03:00-04:00']);
  });

  it('refuses a window that cannot hold its length, naming the field', () => {
    expect(errorOf(() => checkWindow(window('19:00', '18:00', 60)))).toMatchObject({ code: 'END_BEFORE_START', path: 'to' });
    expect(errorOf(() => checkWindow(window('18:00', '18:30', 60)))).toMatchObject({ code: 'TOO_SHORT', path: 'to' });
    expect(errorOf(() => checkWindow(window('18:00', '20:00', 10)))).toMatchObject({ code: 'OUT_OF_RANGE', path: 'minutes' });
    expect(errorOf(() => checkWindow(window('18:00', '20:00', 60, '2026-02-30')))).toMatchObject({ path: 'date' });
  });
});

describe('an offer', () => {
  const now = new Date('2026-06-06T20:00:00Z');
  it('lasts the offer minutes, never past the start less the notice', () => {
    const start = new Date('2026-06-06T22:00:00Z');
    expect(offerDeadline(start, 60).toISOString()).toBe('2026-06-06T21:00:00.000Z');
    expect(offerExpiry(now, 20, offerDeadline(start, 60)).toISOString()).toBe('2026-06-06T20:20:00.000Z');
    expect(offerExpiry(now, 20, offerDeadline(start, 110)).toISOString()).toBe('2026-06-06T20:10:00.000Z');
  });

  it("an entry's status as read: waiting past its last chance, or offered with its hold lapsed, is expired", () => {
    const later = new Date('2026-06-06T21:00:00Z');
    expect(waitlistStatusAt({ status: 'waiting', expiresAt: later }, now)).toBe('waiting');
    expect(waitlistStatusAt({ status: 'waiting', expiresAt: now }, now)).toBe('expired');
    expect(waitlistStatusAt({ status: 'offered', expiresAt: later, offer: { holdLapsed: false } }, now)).toBe('offered');
    expect(waitlistStatusAt({ status: 'offered', expiresAt: later, offer: { holdLapsed: true } }, now)).toBe('expired');
    expect(waitlistStatusAt({ status: 'booked', expiresAt: now, offer: { holdLapsed: false } }, later)).toBe('booked');
  });
});

describe('the same wish twice', () => {
  it('is one key per slot or per window, whatever else differs', () => {
    expect(waitlistKey({ facilityId: 'f1', date: '2026-06-06', startTime: '18:00', endTime: '19:00' })).toBe('slot:f1:2026-06-06:18:00-19:00');
    expect(waitlistKey({ sport: 'padel', date: '2026-06-06', from: '18:00', to: '21:00', minutes: 90 })).toBe('window:padel:2026-06-06:18:00-21:00:90');
  });

  it('a free slot is offered instead, named in the refusal', () => {
    const one = new SlotFree([{ facilityId: 'f1', facilityName: 'Padel A', date: '2026-06-06', startTime: '18:00', endTime: '19:30' }]);
    expect(one).toMatchObject({ kind: 'conflict', code: 'SLOT_FREE', message: 'Padel A is free 6:00 PM – 7:30 PM on Saturday, June 6, 2026: book it instead of waiting.' });
    expect(new SlotFree(one.freeSlots, 'en-GB').message).toBe('Padel A is free 18:00–19:30 on Saturday, 6 June 2026: book it instead of waiting.');
    expect(new SlotFree([one.freeSlots[0]!, one.freeSlots[0]!]).message).toBe('2 slots are free for that: book one instead of waiting.');
  });
});
