import { parseDate, parseTime, toLocal, wallTimeExists } from './clock.ts';
import { invalid } from './errors.ts';
import { displayDate } from './datetime-format.ts';
import { checkHorizon, checkLength, checkNotice, type EffectivePolicy } from './policy.ts';
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
  /**
   * Staff booking at the front desk: a walk-in already playing may be booked into a slot of
   * today that has started (not one that is over), bookings open FRONT_DESK_HORIZON_DAYS ahead,
   * and no minimum notice applies.
   */
  frontDesk?: boolean;
  /**
   * With frontDesk: staff confirm that this booking of today may start before now (a walk-in
   * already playing). Without it a start in the past is refused at the desk too.
   */
  lateEntry?: boolean;
  /** Named in refusals ("Bookings for Centre Court open 14 days ahead."); without it they name no facility. */
  facilityName?: string;
  /** The venue's LOCALE: refusals write dates as every page does (default en-US). */
  locale?: string;
  /** The facility's policy beyond the schedule (policy.ts); each left out applies no limit. */
  minNoticeMinutes?: number;
  minMinutes?: number;
  maxMinutes?: number;
}

/** The BookingPolicy of a facility whose policy in force is `policy` (effectivePolicy). */
export function bookingPolicyOf(policy: EffectivePolicy, now: Date, options: { facilityName?: string; frontDesk?: boolean; lateEntry?: boolean; locale?: string } = {}): BookingPolicy {
  const { horizonDays, minNoticeMinutes, minMinutes, maxMinutes } = policy;
  return { now, horizonDays, minNoticeMinutes, minMinutes, maxMinutes, ...options };
}

/** How far ahead staff may book (a season's league nights), whatever the public horizon. */
export const FRONT_DESK_HORIZON_DAYS = 730;

/** A front-desk booking of today (the facility's today) that has started but is not over. */
function startedTodayAtTheDesk(interval: Interval, date: string, timezone: string, policy: BookingPolicy): boolean {
  return policy.frontDesk === true && interval.endsAt.getTime() > policy.now.getTime() && toLocal(policy.now, timezone).date === date;
}

/** Why a start at or before now is refused: at the desk, a booking of today not yet over asks for a late entry. */
function inThePast(startedToday: boolean, policy: BookingPolicy) {
  if (startedToday) return invalid('IN_THE_PAST', 'This booking starts before now. To record a walk-in already playing, confirm a late entry (lateEntry: true).', 'lateEntry');
  return invalid('IN_THE_PAST', policy.frontDesk ? 'The booking must not be over, and may start in the past only today.' : 'The booking must start in the future.', 'startTime');
}

/**
 * Turns a wall-clock request into a real interval, or says exactly which rule it breaks:
 * inside opening hours, on the slot grid, not too short or too long (the schedule's
 * maxBookingMinutes and the policy's limits, the stricter), in the future, with enough notice,
 * within the horizon.
 */
export function resolveBookingRequest(schedule: Schedule, req: BookingRequest, policy: BookingPolicy): Interval {
  const date = parseDate(req.date, 'date');
  const start = parseTime(req.startTime, 'startTime');
  const end = parseTime(req.endTime, 'endTime');
  if (end <= start) throw invalid('END_BEFORE_START', 'End time must be after the start time.', 'endTime');

  const window = dayWindow(schedule, date);
  if (!window) throw invalid('CLOSED', `The facility is closed on ${displayDate(req.date, policy.locale)}.`, 'date');
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
  const maxMinutes = Math.min(schedule.maxBookingMinutes, policy.maxMinutes ?? Infinity);
  checkLength(end - start, { minMinutes: policy.minMinutes ?? 0, maxMinutes }, policy.facilityName);

  const interval = wallInterval(date, start, end, schedule.timezone);
  if (!interval) {
    const path = wallTimeExists(date, start, schedule.timezone) ? 'endTime' : 'startTime';
    throw invalid('NONEXISTENT_TIME', 'That time does not exist on this date (the clocks change).', path);
  }
  if (interval.startsAt.getTime() <= policy.now.getTime()) {
    const startedToday = startedTodayAtTheDesk(interval, req.date, schedule.timezone, policy);
    if (!startedToday || policy.lateEntry !== true) throw inThePast(startedToday, policy);
  }
  if (!policy.frontDesk) checkNotice(interval.startsAt, policy.now, policy.minNoticeMinutes ?? 0, policy.facilityName);
  const horizonDays = policy.frontDesk ? Math.max(policy.horizonDays, FRONT_DESK_HORIZON_DAYS) : policy.horizonDays;
  checkHorizon(interval.startsAt, policy.now, horizonDays, policy.facilityName);
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
