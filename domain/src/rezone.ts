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
  const { startsAt, endsAt } = readOnNewClock(interval, fromTz, toTz);
  const same = (at: Date, was: Date) => {
    const [a, b] = [toLocal(at, toTz), toLocal(was, fromTz)];
    return a.date === b.date && a.time === b.time;
  };
  if (!same(startsAt, interval.startsAt) || !same(endsAt, interval.endsAt)) return undefined;
  if (endsAt.getTime() <= startsAt.getTime()) return undefined;
  return { startsAt, endsAt };
}

/** The instants `toTz`'s clock gives the local times `interval` shows on `fromTz`'s (a time in a gap: as fromLocal reads it). */
function readOnNewClock(interval: Interval, fromTz: string, toTz: string): Interval {
  const start = toLocal(interval.startsAt, fromTz);
  const end = toLocal(interval.endsAt, fromTz);
  const day = parseDate(start.date);
  const endDay = parseDate(end.date);
  const daysLater = Math.round((Date.UTC(endDay.year, endDay.month - 1, endDay.day) - Date.UTC(day.year, day.month - 1, day.day)) / DAY_MS);
  return { startsAt: fromLocal(day, parseTime(start.time), toTz), endsAt: fromLocal(day, daysLater * 24 * 60 + parseTime(end.time), toTz) };
}

/**
 * Where a closed range goes when its facility's zone changes: it keeps its local times, as
 * bookings do, so the hours staff closed stay closed. An end in a time the new clock skips is
 * read as fromLocal reads it (the closure runs on past the gap: closing more, never less). Like
 * a closure written now, it closes from `now` on (time already played is left as it was);
 * undefined when it is over on the new clock.
 */
export function closureOnNewClock(range: Interval, fromTz: string, toTz: string, now: Date): Interval | undefined {
  const moved = fromTz === toTz ? range : readOnNewClock(range, fromTz, toTz);
  if (moved.endsAt.getTime() <= now.getTime() || moved.endsAt.getTime() <= moved.startsAt.getTime()) return undefined;
  return { startsAt: moved.startsAt > now ? moved.startsAt : now, endsAt: moved.endsAt };
}
