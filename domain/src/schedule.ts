import { invalid } from './errors.ts';
import { parseTime, isValidTimeZone } from './clock.ts';

export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Opening and closing wall-clock times of one day; `null` means closed all day. */
export interface DayHours {
  open: string;
  close: string;
}
export type OpeningHours = Record<Weekday, DayHours | null>;

/** Everything about a facility that decides which slots exist. */
export interface Schedule {
  timezone: string;
  openingHours: OpeningHours;
  slotMinutes: number;
  maxBookingMinutes: number;
}

export const DEFAULT_DAY_HOURS: DayHours = { open: '08:00', close: '22:00' };
export const DEFAULT_SLOT_MINUTES = 60;
export const DEFAULT_MAX_BOOKING_MINUTES = 240;

export function everyDay(hours: DayHours | null = DEFAULT_DAY_HOURS): OpeningHours {
  return Object.fromEntries(WEEKDAYS.map((d) => [d, hours && { ...hours }])) as OpeningHours;
}

/** Checks a schedule an admin submits; every message names the field at fault. */
export function validateSchedule(s: Schedule): Schedule {
  if (!isValidTimeZone(s.timezone)) {
    throw invalid('INVALID_TIMEZONE', `timezone "${s.timezone}" is not an IANA time zone`, 'timezone');
  }
  if (!Number.isInteger(s.slotMinutes) || s.slotMinutes < 15 || s.slotMinutes > 240 || 1440 % s.slotMinutes !== 0) {
    throw invalid('INVALID_SLOT_MINUTES', 'slotMinutes must be 15, 20, 30, 60, 120 or another divisor of a day between 15 and 240', 'slotMinutes');
  }
  if (!Number.isInteger(s.maxBookingMinutes) || s.maxBookingMinutes < s.slotMinutes || s.maxBookingMinutes % s.slotMinutes !== 0 || s.maxBookingMinutes > 1440) {
    throw invalid('INVALID_MAX_BOOKING_MINUTES', 'maxBookingMinutes must be a whole number of slots, at least one slot and at most a day', 'maxBookingMinutes');
  }
  for (const day of WEEKDAYS) {
    const hours = s.openingHours[day];
    const path = `openingHours.${day}`;
    if (hours === undefined) throw invalid('INVALID_OPENING_HOURS', `${path} is missing (use null for closed)`, path);
    if (hours === null) continue;
    const open = parseTime(hours.open, `${path}.open`);
    const close = parseTime(hours.close, `${path}.close`);
    if (close <= open) throw invalid('INVALID_OPENING_HOURS', `${path}.close must be after ${path}.open`, `${path}.close`);
    if ((close - open) % s.slotMinutes !== 0 || open % s.slotMinutes !== 0) {
      throw invalid('INVALID_OPENING_HOURS', `${path} must start and end on the ${s.slotMinutes}-minute slot grid`, path);
    }
  }
  return s;
}

/**
 * Minutes of the day's opening hours (`open`..`close`, minutes from midnight) left once the
 * `closed` ranges (minutes from midnight, any order, possibly overlapping) are taken out: the
 * hours a facility could really sell that day.
 */
export function openMinutesLeft(open: number, close: number, closed: readonly { start: number; end: number }[]): number {
  const clipped = closed
    .map((c) => ({ start: Math.max(c.start, open), end: Math.min(c.end, close) }))
    .filter((c) => c.end > c.start)
    .sort((a, b) => a.start - b.start);
  let covered = 0;
  let reach = open;
  for (const c of clipped) {
    if (c.end <= reach) continue;
    covered += c.end - Math.max(c.start, reach);
    reach = c.end;
  }
  return Math.max(0, close - open - covered);
}
