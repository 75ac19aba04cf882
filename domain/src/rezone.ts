import { DAY_MS, fromLocal, parseDate, parseTime, toLocal } from './clock.ts';
import type { Interval } from './slots.ts';

/**
 * The interval that shows the same wall-clock times in `toTz` as `interval` shows in `fromTz`:
 * a booking made for 10:00-12:00 at the venue stays 10:00-12:00 there when the venue's zone is
 * corrected. An interval that crosses midnight keeps its days. Undefined when either end does
 * not exist on the new zone's clock (skipped by a daylight-saving change) or the result would
 * be empty: the caller refuses rather than move the booking to another time.
 */
export function sameWallClock(interval: Interval, fromTz: string, toTz: string): Interval | undefined {
  if (fromTz === toTz) return interval;
  const start = toLocal(interval.startsAt, fromTz);
  const end = toLocal(interval.endsAt, fromTz);
  const day = parseDate(start.date);
  const endDay = parseDate(end.date);
  const daysLater = Math.round((Date.UTC(endDay.year, endDay.month - 1, endDay.day) - Date.UTC(day.year, day.month - 1, day.day)) / DAY_MS);
  const startsAt = fromLocal(day, parseTime(start.time), toTz);
  const endsAt = fromLocal(day, daysLater * 24 * 60 + parseTime(end.time), toTz);
  const same = (a: ReturnType<typeof toLocal>, b: ReturnType<typeof toLocal>) => a.date === b.date && a.time === b.time;
  if (!same(toLocal(startsAt, toTz), start) || !same(toLocal(endsAt, toTz), end)) return undefined;
  if (endsAt.getTime() <= startsAt.getTime()) return undefined;
  return { startsAt, endsAt };
}
