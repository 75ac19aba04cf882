import { addDays, MINUTE_MS, parseDate, toLocal, fromLocal } from './clock.ts';

/**
 * Access codes: when a confirmed booking's six digits open the door, and from when its customer
 * is shown them. The database gives each confirmed booking its code (sql/courtside_access_code.sql)
 * and holds it unique for a window opening ACCESS_OPENS_MAX_MINUTES before the start; a code
 * opens the door for the shorter window below, so it names one booking whenever it opens one.
 */

/** The most ACCESS_OPENS_MINUTES may be: the database's uniqueness window opens this early. */
export const ACCESS_OPENS_MAX_MINUTES = 60;
export const ACCESS_OPENS_DEFAULT_MINUTES = 15;

/** When a booking's code starts to open the door: `opensMinutes` before its start. */
export function accessOpensAt(startsAt: Date, opensMinutes: number): Date {
  return new Date(startsAt.getTime() - opensMinutes * MINUTE_MS);
}

/** Whether the code opens the door at `now`: from accessOpensAt until the booking's end (exclusive). */
export function accessOpenAt(booking: { startsAt: Date; endsAt: Date }, opensMinutes: number, now: Date): boolean {
  return now >= accessOpensAt(booking.startsAt, opensMinutes) && now < booking.endsAt;
}

/**
 * From when the customer (and the booking's players) are shown the code: midnight, in the
 * facility's zone, of the day before the booking's day. Earlier than that a code is of no use
 * and, passed on, of use only to someone else.
 */
export function accessCodeShownFrom(startsAt: Date, timeZone: string): Date {
  const day = parseDate(toLocal(startsAt, timeZone).date);
  return fromLocal(addDays(day, -1), 0, timeZone);
}

/** Whether the code is shown at `now`: from accessCodeShownFrom until the booking ends. */
export function accessCodeShown(booking: { startsAt: Date; endsAt: Date }, timeZone: string, now: Date): boolean {
  return now >= accessCodeShownFrom(booking.startsAt, timeZone) && now < booking.endsAt;
}
