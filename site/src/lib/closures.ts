/**
 * How customers read a facility's closures, on the facility's clock (the API gives local dates and
 * times, a day's end as "24:00"), in the site's date style:
 * "Closed Wednesday 2 December, 08:00 – Friday 4 December, 22:00: Resurfacing", whole days as
 * "Closed 2–4 December: Resurfacing", and, for one chosen day, "Closed 12:00–15:00: Resurfacing".
 * The year is written only when it is not the current one (or the range crosses into another).
 */
import type { PublicClosureDto } from '@courtside/contracts';
import { DATE_LOCALE } from '@courtside/browser';

export type Closure = Pick<PublicClosureDto, 'startDate' | 'startTime' | 'endDate' | 'endTime' | 'reason'>;

const DAY_START = '00:00';
const DAY_END = '24:00';

const WEEKDAY_DAY_MONTH: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long' };
const DAY_MONTH: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long' };

const yearOf = (date: string) => date.slice(0, 4);
const monthOf = (date: string) => date.slice(0, 7);

/** A civil YYYY-MM-DD date with the parts asked for (read at noon UTC: no zone shifts it a day). */
function civilDate(date: string, parts: Intl.DateTimeFormatOptions, withYear: boolean): string {
  const options: Intl.DateTimeFormatOptions = { ...parts, ...(withYear ? { year: 'numeric' } : {}), timeZone: 'UTC' };
  return new Intl.DateTimeFormat(DATE_LOCALE, options).format(Date.parse(`${date}T12:00:00Z`));
}

/** Staff write reasons as they come ("resurfacing"); the notice starts it with a capital. */
function reasonText(reason: string): string {
  const [first = '', ...rest] = reason.trim();
  return first.toLocaleUpperCase('en') + rest.join('');
}

/** "2–4 December", "30 November – 2 December", "30 December 2026 – 2 January 2027". */
function dayRange(start: string, end: string, withYear: boolean): string {
  const sameYear = yearOf(start) === yearOf(end);
  const last = civilDate(end, DAY_MONTH, withYear);
  if (monthOf(start) === monthOf(end)) return `${Number(start.slice(8))}–${last}`;
  return `${civilDate(start, DAY_MONTH, withYear && !sameYear)} – ${last}`;
}

function closedWhen(c: Closure, withYear: boolean): string {
  const from = civilDate(c.startDate, WEEKDAY_DAY_MONTH, withYear);
  const sameDay = c.startDate === c.endDate;
  if (c.startTime === DAY_START && c.endTime === DAY_END) return sameDay ? from : dayRange(c.startDate, c.endDate, withYear);
  if (sameDay) return `${from}, ${c.startTime}–${c.endTime}`;
  return `${from}, ${c.startTime} – ${civilDate(c.endDate, WEEKDAY_DAY_MONTH, withYear)}, ${c.endTime}`;
}

/** One closure as the facility page lists it; `today` is the facility's date (for the year). */
export function closureNotice(c: Closure, today: string): string {
  const withYear = yearOf(c.startDate) !== yearOf(c.endDate) || yearOf(c.startDate) !== yearOf(today);
  return `Closed ${closedWhen(c, withYear)}: ${reasonText(c.reason)}`;
}

/** The part of `date` a closure covers, as the booking page explains it; null when it leaves that day open. */
export function closureOnDay(c: Closure, date: string): string | null {
  if (date < c.startDate || date > c.endDate) return null;
  const from = date === c.startDate ? c.startTime : DAY_START;
  const to = date === c.endDate ? c.endTime : DAY_END;
  if (from >= to) return null;
  const when = from === DAY_START && to === DAY_END ? 'all day' : `${from}–${to}`;
  return `Closed ${when}: ${reasonText(c.reason)}`;
}

/** Every closure of `date`, soonest first as given. */
export function closuresOnDay(closures: readonly Closure[], date: string): string[] {
  return closures.flatMap((c) => closureOnDay(c, date) ?? []);
}
