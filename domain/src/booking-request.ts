import { DAY_MS, parseDate, parseTime, wallTimeExists } from './clock.ts';
import { DomainError, invalid } from './errors.ts';
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

export const slotTaken = () =>
  new DomainError('conflict', 'SLOT_TAKEN', 'This time slot is already booked. Please choose another time.', 'startTime');
