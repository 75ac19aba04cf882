import { DAY_MS, parseDate, parseTime, toLocal, wallTimeExists } from './clock.ts';
import { invalid } from './errors.ts';
import type { Schedule } from './schedule.ts';
import { dayWindow, wallInterval, type Interval } from './slots.ts';

export interface BookingRequest {
  date: string;
  startTime: string;
  endTime: string;
}

export interface BookingPolicy {
  now: Date;
  horizonDays: number;
}

/**
 * Turns a wall-clock request into a real interval, or says exactly which rule it breaks:
 * inside opening hours, on the slot grid, in the future, within the horizon, not too long.
 */
export function resolveBookingRequest(schedule: Schedule, req: BookingRequest, policy: BookingPolicy): Interval {
  const date = parseDate(req.date, 'date');
  const start = parseTime(req.startTime, 'startTime');
  const end = parseTime(req.endTime, 'endTime');
  if (end <= start) throw invalid('END_BEFORE_START', 'End time must be after the start time.', 'endTime');

  const window = dayWindow(schedule, date);
  if (!window) throw invalid('CLOSED', `The facility is closed on ${req.date}.`, 'date');
  if (start < window.open || end > window.close) {
    throw invalid('OUTSIDE_OPENING_HOURS', 'The booking must lie inside the opening hours.', start < window.open ? 'startTime' : 'endTime');
  }
  const step = schedule.slotMinutes;
  if ((start - window.open) % step !== 0) {
    throw invalid('OFF_GRID', `startTime must fall on the ${step}-minute slot grid.`, 'startTime');
  }
  if ((end - window.open) % step !== 0) {
    throw invalid('OFF_GRID', `endTime must fall on the ${step}-minute slot grid.`, 'endTime');
  }
  if (end - start > schedule.maxBookingMinutes) {
    throw invalid('TOO_LONG', `A booking can last at most ${schedule.maxBookingMinutes} minutes.`, 'endTime');
  }

  const interval = wallInterval(date, start, end, schedule.timezone);
  if (!interval) {
    const path = wallTimeExists(date, start, schedule.timezone) ? 'endTime' : 'startTime';
    throw invalid('NONEXISTENT_TIME', 'That time does not exist on this date (the clocks change).', path);
  }
  if (interval.startsAt.getTime() <= policy.now.getTime()) {
    throw invalid('IN_THE_PAST', 'The booking must start in the future.', 'startTime');
  }
  if (interval.startsAt.getTime() > policy.now.getTime() + policy.horizonDays * DAY_MS) {
    throw invalid('BEYOND_HORIZON', `Bookings open at most ${policy.horizonDays} days ahead.`, 'date');
  }
  return interval;
}

/** The local date and wall-clock times of an interval on `timezone`'s clock; one ending at midnight ends at 24:00. */
export function localTimes(startsAt: Date, endsAt: Date, timezone: string): BookingRequest {
  const start = toLocal(startsAt, timezone);
  const end = toLocal(endsAt, timezone);
  const endTime = end.date !== start.date && end.time === '00:00' ? '24:00' : end.time;
  return { date: start.date, startTime: start.time, endTime };
}

/** A booking where it stands: its interval and the time zone of the facility it is at. */
export interface BookedInterval extends Interval {
  timezone: string;
}

/**
 * Where a change moves a booking. What the change leaves out keeps what the booking shows now
 * on its facility's clock (a date alone keeps the times, times alone keep the date, a move to
 * another facility alone keeps all three), and the result obeys the rules of a new booking at
 * `schedule`, the facility it moves to.
 */
export function resolveBookingChange(schedule: Schedule, booked: BookedInterval, change: Partial<BookingRequest>, policy: BookingPolicy): Interval {
  const shown = localTimes(booked.startsAt, booked.endsAt, booked.timezone);
  const wanted = { date: change.date ?? shown.date, startTime: change.startTime ?? shown.startTime, endTime: change.endTime ?? shown.endTime };
  return resolveBookingRequest(schedule, wanted, policy);
}
