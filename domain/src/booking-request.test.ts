import { describe, expect, it } from 'vitest';
import { errorOf } from './test-support.ts';
import { everyDay, type Schedule } from './schedule.ts';
import { localTimes, resolveBookingChange, resolveBookingRequest, type BookingPolicy, type BookingRequest } from './booking-request.ts';
import { priceCents } from './pricing.ts';

const iso = (d: Date) => d.toISOString();

const ny: Schedule = {
  timezone: 'America/New_York',
  openingHours: { ...everyDay(), mon: null },
  slotMinutes: 60,
  maxBookingMinutes: 240,
};
// 2026-06-01 09:00 in New York.
const policy: BookingPolicy = { now: new Date('2026-06-01T13:00:00Z'), horizonDays: 60 };
const req = (date: string, startTime: string, endTime: string): BookingRequest => ({ date, startTime, endTime });

describe('resolveBookingRequest: happy path', () => {
  it('turns a wall-clock request into real instants in the facility zone', () => {
    // 2026-06-10 is a Wednesday; New York is on EDT (-04:00).
    const interval = resolveBookingRequest(ny, req('2026-06-10', '10:00', '12:00'), policy);
    expect(iso(interval.startsAt)).toBe('2026-06-10T14:00:00.000Z');
    expect(iso(interval.endsAt)).toBe('2026-06-10T16:00:00.000Z');
  });

  it('uses standard time in winter', () => {
    const winter: BookingPolicy = { now: new Date('2026-01-01T00:00:00Z'), horizonDays: 60 };
    const interval = resolveBookingRequest(ny, req('2026-01-14', '08:00', '09:00'), winter);
    expect(iso(interval.startsAt)).toBe('2026-01-14T13:00:00.000Z');
    expect(iso(interval.endsAt)).toBe('2026-01-14T14:00:00.000Z');
  });

  it('accepts the first and the last slot of the day and exactly maxBookingMinutes', () => {
    expect(iso(resolveBookingRequest(ny, req('2026-06-10', '08:00', '09:00'), policy).startsAt)).toBe('2026-06-10T12:00:00.000Z');
    expect(iso(resolveBookingRequest(ny, req('2026-06-10', '21:00', '22:00'), policy).endsAt)).toBe('2026-06-11T02:00:00.000Z');
    const four = resolveBookingRequest(ny, req('2026-06-10', '18:00', '22:00'), policy);
    expect(four.endsAt.getTime() - four.startsAt.getTime()).toBe(4 * 3_600_000);
  });

  it('works for a zone ahead of UTC (the local date starts on the previous UTC day)', () => {
    const lh: Schedule = { ...ny, timezone: 'Australia/Lord_Howe', openingHours: everyDay() };
    const interval = resolveBookingRequest(lh, req('2026-06-10', '08:00', '09:00'), policy);
    expect(iso(interval.startsAt)).toBe('2026-06-09T21:30:00.000Z');
    expect(iso(interval.endsAt)).toBe('2026-06-09T22:30:00.000Z');
  });

  it('on fall-back day a 01:00-02:00 booking lasts 2 real hours and is priced for them', () => {
    const allDay: Schedule = { ...ny, openingHours: everyDay({ open: '00:00', close: '24:00' }) };
    const interval = resolveBookingRequest(allDay, req('2026-11-01', '01:00', '02:00'), { now: new Date('2026-10-20T00:00:00Z'), horizonDays: 60 });
    expect(iso(interval.startsAt)).toBe('2026-11-01T05:00:00.000Z');
    expect(iso(interval.endsAt)).toBe('2026-11-01T07:00:00.000Z');
    expect(priceCents(3000, interval)).toBe(6000);
  });

  it('on spring-forward day a 01:00-03:00 booking lasts 1 real hour', () => {
    const allDay: Schedule = { ...ny, openingHours: everyDay({ open: '00:00', close: '24:00' }) };
    const interval = resolveBookingRequest(allDay, req('2026-03-08', '01:00', '03:00'), { now: new Date('2026-03-01T00:00:00Z'), horizonDays: 60 });
    expect(iso(interval.startsAt)).toBe('2026-03-08T06:00:00.000Z');
    expect(iso(interval.endsAt)).toBe('2026-03-08T07:00:00.000Z');
    expect(priceCents(3000, interval)).toBe(3000);
  });

  it('accepts a booking ending at 24:00', () => {
    const late: Schedule = { ...ny, openingHours: everyDay({ open: '20:00', close: '24:00' }) };
    const interval = resolveBookingRequest(late, req('2026-06-10', '22:00', '24:00'), policy);
    expect(iso(interval.startsAt)).toBe('2026-06-11T02:00:00.000Z');
    expect(iso(interval.endsAt)).toBe('2026-06-11T04:00:00.000Z');
  });

  it('accepts bookings on a 30-minute grid anchored at the opening time', () => {
    const half: Schedule = { ...ny, openingHours: everyDay({ open: '08:30', close: '22:00' }), slotMinutes: 30 };
    const interval = resolveBookingRequest(half, req('2026-06-10', '09:30', '11:00'), policy);
    expect(iso(interval.startsAt)).toBe('2026-06-10T13:30:00.000Z');
    expect(iso(interval.endsAt)).toBe('2026-06-10T15:00:00.000Z');
  });
});

describe('resolveBookingRequest: refusals', () => {
  it('END_BEFORE_START when end equals or precedes start', () => {
    for (const [s, e] of [['10:00', '10:00'], ['11:00', '10:00']] as const) {
      const err = errorOf(() => resolveBookingRequest(ny, req('2026-06-10', s, e), policy));
      expect(err.code).toBe('END_BEFORE_START');
      expect(err.kind).toBe('invalid');
      expect(err.path).toBe('endTime');
      expect(err.message).toBe('End time must be after the start time.');
    }
  });

  it('CLOSED on a closed weekday', () => {
    const err = errorOf(() => resolveBookingRequest(ny, req('2026-06-08', '10:00', '11:00'), policy)); // Monday
    expect(err.code).toBe('CLOSED');
    expect(err.path).toBe('date');
    expect(err.message).toBe('The facility is closed on Monday, June 8, 2026.');
  });

  it('OUTSIDE_OPENING_HOURS before opening (path startTime) and after closing (path endTime)', () => {
    const early = errorOf(() => resolveBookingRequest(ny, req('2026-06-10', '07:00', '09:00'), policy));
    expect(early.code).toBe('OUTSIDE_OPENING_HOURS');
    expect(early.path).toBe('startTime');
    const late = errorOf(() => resolveBookingRequest(ny, req('2026-06-10', '21:00', '23:00'), policy));
    expect(late.code).toBe('OUTSIDE_OPENING_HOURS');
    expect(late.path).toBe('endTime');
  });

  it('OFF_GRID for a start or end between slots', () => {
    const start = errorOf(() => resolveBookingRequest(ny, req('2026-06-10', '10:30', '12:00'), policy));
    expect(start.code).toBe('OFF_GRID');
    expect(start.path).toBe('startTime');
    expect(start.message).toBe('startTime must fall on the 60-minute slot grid.');
    const end = errorOf(() => resolveBookingRequest(ny, req('2026-06-10', '10:00', '11:15'), policy));
    expect(end.code).toBe('OFF_GRID');
    expect(end.path).toBe('endTime');
  });

  it('TOO_LONG beyond maxBookingMinutes', () => {
    const err = errorOf(() => resolveBookingRequest(ny, req('2026-06-10', '10:00', '15:00'), policy));
    expect(err.code).toBe('TOO_LONG');
    expect(err.path).toBe('endTime');
    expect(err.message).toBe('A booking can last at most 240 minutes.');
  });

  it('IN_THE_PAST for a slot that already started, or starts exactly now', () => {
    // now = 2026-06-01 09:00 EDT (a Monday, so use a schedule open on Mondays)
    const open: Schedule = { ...ny, openingHours: everyDay() };
    const started = errorOf(() => resolveBookingRequest(open, req('2026-06-01', '08:00', '10:00'), policy));
    expect(started.code).toBe('IN_THE_PAST');
    expect(started.path).toBe('startTime');
    const now = errorOf(() => resolveBookingRequest(open, req('2026-06-01', '09:00', '10:00'), policy));
    expect(now.code).toBe('IN_THE_PAST');
    expect(errorOf(() => resolveBookingRequest(open, req('2026-05-20', '10:00', '11:00'), policy)).code).toBe('IN_THE_PAST');
    // The next slot is fine.
    expect(iso(resolveBookingRequest(open, req('2026-06-01', '10:00', '11:00'), policy).startsAt)).toBe('2026-06-01T14:00:00.000Z');
  });

  it('BEYOND_HORIZON more than horizonDays ahead; exactly at the horizon is allowed', () => {
    const open: Schedule = { ...ny, openingHours: everyDay() };
    // now + 60 days = 2026-07-31T13:00Z = 09:00 EDT on 2026-07-31.
    const atHorizon = resolveBookingRequest(open, req('2026-07-31', '09:00', '10:00'), policy);
    expect(iso(atHorizon.startsAt)).toBe('2026-07-31T13:00:00.000Z');
    const err = errorOf(() => resolveBookingRequest(open, req('2026-07-31', '10:00', '11:00'), policy));
    expect(err.code).toBe('BEYOND_HORIZON');
    expect(err.path).toBe('date');
    expect(err.message).toBe('Bookings open at most 60 days ahead.');
    expect(errorOf(() => resolveBookingRequest(open, req('2027-01-01', '10:00', '11:00'), policy)).code).toBe('BEYOND_HORIZON');
  });

  it('NONEXISTENT_TIME for a slot swallowed by spring forward', () => {
    const allDay: Schedule = { ...ny, openingHours: everyDay({ open: '00:00', close: '24:00' }) };
    const err = errorOf(() =>
      resolveBookingRequest(allDay, req('2026-03-08', '02:00', '03:00'), { now: new Date('2026-03-01T00:00:00Z'), horizonDays: 60 }),
    );
    expect(err.code).toBe('NONEXISTENT_TIME');
  });

  it('NONEXISTENT_TIME for a 30-minute slot inside the spring-forward gap, whichever half; the slots around it are fine', () => {
    const halfHours: Schedule = { ...ny, slotMinutes: 30, openingHours: everyDay({ open: '00:00', close: '24:00' }) };
    const early = { now: new Date('2026-03-01T00:00:00Z'), horizonDays: 60 };
    for (const [startTime, endTime] of [['02:00', '02:30'], ['02:30', '03:00']] as const) {
      const err = errorOf(() => resolveBookingRequest(halfHours, req('2026-03-08', startTime, endTime), early));
      expect(err.code).toBe('NONEXISTENT_TIME');
      expect(err.path).toBe('startTime');
      expect(err.message).toBe('That time does not exist on this date (the clocks change).');
    }
    // Ending inside the gap is refused too, naming the end: 01:30-02:30 is not 01:30-03:30.
    const end = errorOf(() => resolveBookingRequest(halfHours, req('2026-03-08', '01:30', '02:30'), early));
    expect(end.code).toBe('NONEXISTENT_TIME');
    expect(end.path).toBe('endTime');
    const before = resolveBookingRequest(halfHours, req('2026-03-08', '01:30', '02:00'), early);
    expect([iso(before.startsAt), iso(before.endsAt)]).toEqual(['2026-03-08T06:30:00.000Z', '2026-03-08T07:00:00.000Z']);
    const after = resolveBookingRequest(halfHours, req('2026-03-08', '03:00', '03:30'), early);
    expect([iso(after.startsAt), iso(after.endsAt)]).toEqual(['2026-03-08T07:00:00.000Z', '2026-03-08T07:30:00.000Z']);
    // Across the gap: 01:30-03:00 on the wall clock is 30 real minutes.
    const across = resolveBookingRequest(halfHours, req('2026-03-08', '01:30', '03:00'), early);
    expect(across.endsAt.getTime() - across.startsAt.getTime()).toBe(30 * 60_000);
  });

  it('INVALID_DATE / INVALID_TIME for malformed input, naming the field', () => {
    const d = errorOf(() => resolveBookingRequest(ny, req('2026-02-30', '10:00', '11:00'), policy));
    expect(d.code).toBe('INVALID_DATE');
    expect(d.path).toBe('date');
    const far = errorOf(() => resolveBookingRequest(ny, req('9999-12-31', '10:00', '11:00'), policy));
    expect(far.code).toBe('DATE_OUT_OF_RANGE');
    expect(far.path).toBe('date');
    const s = errorOf(() => resolveBookingRequest(ny, req('2026-06-10', '9:00', '11:00'), policy));
    expect(s.code).toBe('INVALID_TIME');
    expect(s.path).toBe('startTime');
    const e = errorOf(() => resolveBookingRequest(ny, req('2026-06-10', '10:00', '24:30'), policy));
    expect(e.code).toBe('INVALID_TIME');
    expect(e.path).toBe('endTime');
  });
});

describe('localTimes', () => {
  it('reads an interval on the zone clock; one ending at midnight ends at 24:00', () => {
    expect(localTimes(new Date('2026-06-10T14:00:00Z'), new Date('2026-06-10T16:00:00Z'), 'America/New_York')).toEqual(req('2026-06-10', '10:00', '12:00'));
    expect(localTimes(new Date('2026-06-11T02:00:00Z'), new Date('2026-06-11T04:00:00Z'), 'America/New_York')).toEqual(req('2026-06-10', '22:00', '24:00'));
    expect(localTimes(new Date('2026-06-11T02:00:00Z'), new Date('2026-06-11T04:00:00Z'), 'UTC')).toEqual(req('2026-06-11', '02:00', '04:00'));
  });

  it('is what resolveBookingRequest reads back', () => {
    const interval = resolveBookingRequest(ny, req('2026-06-10', '21:00', '22:00'), policy);
    expect(localTimes(interval.startsAt, interval.endsAt, ny.timezone)).toEqual(req('2026-06-10', '21:00', '22:00'));
  });
});

describe('resolveBookingChange', () => {
  // Booked 2026-06-10 10:00-12:00 in New York.
  const booked = { ...resolveBookingRequest(ny, req('2026-06-10', '10:00', '12:00'), policy), timezone: ny.timezone };
  const span = (i: { startsAt: Date; endsAt: Date }) => [iso(i.startsAt), iso(i.endsAt)];

  it('a new date alone keeps the times', () => {
    expect(span(resolveBookingChange(ny, booked, { date: '2026-06-12' }, policy))).toEqual(['2026-06-12T14:00:00.000Z', '2026-06-12T16:00:00.000Z']);
  });

  it('new times alone keep the date', () => {
    expect(span(resolveBookingChange(ny, booked, { startTime: '14:00', endTime: '16:00' }, policy))).toEqual(['2026-06-10T18:00:00.000Z', '2026-06-10T20:00:00.000Z']);
    expect(span(resolveBookingChange(ny, booked, { endTime: '11:00' }, policy))).toEqual(['2026-06-10T14:00:00.000Z', '2026-06-10T15:00:00.000Z']);
  });

  it('nothing changed resolves to the same interval', () => {
    expect(span(resolveBookingChange(ny, booked, {}, policy))).toEqual(span(booked));
  });

  it('a move to a facility in another zone alone keeps the wall-clock date and times', () => {
    const london: Schedule = { ...ny, timezone: 'Europe/London', openingHours: everyDay() };
    expect(span(resolveBookingChange(london, booked, {}, policy))).toEqual(['2026-06-10T09:00:00.000Z', '2026-06-10T11:00:00.000Z']);
  });

  it('a booking ending at midnight keeps ending at midnight', () => {
    const late: Schedule = { ...ny, openingHours: everyDay({ open: '08:00', close: '24:00' }) };
    const lateBooked = { ...resolveBookingRequest(late, req('2026-06-10', '22:00', '24:00'), policy), timezone: ny.timezone };
    expect(span(resolveBookingChange(late, lateBooked, { date: '2026-06-11' }, policy))).toEqual(['2026-06-12T02:00:00.000Z', '2026-06-12T04:00:00.000Z']);
  });

  it('the result obeys the rules of a new booking at the target schedule', () => {
    const offGrid = errorOf(() => resolveBookingChange(ny, booked, { startTime: '10:30' }, policy));
    expect(offGrid.code).toBe('OFF_GRID');
    expect(offGrid.path).toBe('startTime');
    // 2026-06-15 is a Monday: closed in New York.
    expect(errorOf(() => resolveBookingChange(ny, booked, { date: '2026-06-15' }, policy)).code).toBe('CLOSED');
    const short: Schedule = { ...ny, maxBookingMinutes: 60 };
    expect(errorOf(() => resolveBookingChange(short, booked, {}, policy)).code).toBe('TOO_LONG');
  });
});

describe('resolveBookingRequest at the front desk', () => {
  // Tuesday 2026-06-02, 09:30 in New York.
  const desk: BookingPolicy = { now: new Date('2026-06-02T13:30:00Z'), horizonDays: 60, frontDesk: true };

  it("books a walk-in already playing into today's slot that has started, once staff confirm a late entry", () => {
    const interval = resolveBookingRequest(ny, req('2026-06-02', '09:00', '10:00'), { ...desk, lateEntry: true });
    expect(iso(interval.startsAt)).toBe('2026-06-02T13:00:00.000Z');
    // Without the confirmation, a start earlier today is refused, naming the flag to send.
    expect(errorOf(() => resolveBookingRequest(ny, req('2026-06-02', '09:00', '10:00'), desk))).toMatchObject({ code: 'IN_THE_PAST', path: 'lateEntry' });
    // A customer may not, confirmation or not.
    expect(errorOf(() => resolveBookingRequest(ny, req('2026-06-02', '09:00', '10:00'), { ...desk, frontDesk: false, lateEntry: true })).code).toBe('IN_THE_PAST');
  });

  it('refuses a slot that is over, and yesterday, naming startTime', () => {
    expect(errorOf(() => resolveBookingRequest(ny, req('2026-06-02', '08:00', '09:00'), { ...desk, lateEntry: true }))).toMatchObject({ code: 'IN_THE_PAST', path: 'startTime' });
    expect(errorOf(() => resolveBookingRequest(ny, req('2026-05-31', '20:00', '22:00'), desk)).code).toBe('IN_THE_PAST');
  });

  it('books beyond the public horizon, up to the front-desk horizon', () => {
    expect(iso(resolveBookingRequest(ny, req('2026-12-01', '10:00', '11:00'), desk).startsAt)).toBe('2026-12-01T15:00:00.000Z');
    expect(errorOf(() => resolveBookingRequest(ny, req('2026-12-01', '10:00', '11:00'), { ...desk, frontDesk: false })).code).toBe('BEYOND_HORIZON');
    expect(errorOf(() => resolveBookingRequest(ny, req('2028-06-06', '10:00', '11:00'), desk)).code).toBe('BEYOND_HORIZON');
  });
});
