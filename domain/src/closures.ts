import { DAY_MS, fromLocal, parseDate, parseTime, type CivilDate } from './clock.ts';
import { invalid } from './errors.ts';
import type { Interval } from './slots.ts';

/** A local wall-clock moment as staff write it: "2026-12-02T08:00". */
export interface LocalDateTime {
  date: CivilDate;
  minutes: number;
}

/** The longest closure one request may make (a season's works, not forever). */
export const MAX_CLOSURE_DAYS = 366;

/** Parses "YYYY-MM-DDTHH:mm" (24:00 allowed: the end of that day). */
export function parseLocalDateTime(value: string, path: string): LocalDateTime {
  const [date, time, ...rest] = value.split('T');
  if (!date || !time || rest.length > 0) throw invalid('INVALID_DATE', `${path} must be a local date and time formatted YYYY-MM-DDTHH:mm`, path);
  return { date: parseDate(date, path), minutes: parseTime(time, path) };
}

/**
 * The instants a closure covers at a facility: its local start and end read on that facility's
 * clock (so "08:00" is eight in the morning at every venue it closes, across daylight-saving
 * changes). Refuses an end not after the start, or a range longer than MAX_CLOSURE_DAYS.
 */
export function closureInterval(start: LocalDateTime, end: LocalDateTime, timezone: string): Interval {
  const startsAt = fromLocal(start.date, start.minutes, timezone);
  const endsAt = fromLocal(end.date, end.minutes, timezone);
  if (endsAt.getTime() <= startsAt.getTime()) throw invalid('END_BEFORE_START', 'end must be after start', 'end');
  if (endsAt.getTime() - startsAt.getTime() > MAX_CLOSURE_DAYS * DAY_MS) {
    throw invalid('OUT_OF_RANGE', `a closure may last at most ${MAX_CLOSURE_DAYS} days; make several for longer`, 'end');
  }
  return { startsAt, endsAt };
}

/**
 * The range a closure takes at a facility from `now` on: a closure that would end before now
 * changes nothing and is refused; one written from a moment already past ("closed from 14:00"
 * at 14:05) closes from now, so games already played stay as they were.
 */
export function closureFromNow(start: LocalDateTime, end: LocalDateTime, timezone: string, now: Date): Interval {
  const written = closureInterval(start, end, timezone);
  if (written.endsAt.getTime() <= now.getTime()) throw invalid('IN_THE_PAST', 'This closure would end before now: it would change nothing.', 'end');
  return { startsAt: written.startsAt > now ? written.startsAt : now, endsAt: written.endsAt };
}
