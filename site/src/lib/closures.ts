/**
 * How customers read a facility's closures, on the facility's clock (the API gives local dates and
 * times, a day's end as "24:00"), in the venue's locale and clock (en-US here):
 * "Closed Wednesday, December 2, 8:00 AM – Friday, December 4, 10:00 PM: Resurfacing", whole days
 * as "Closed December 2 – 4: Resurfacing", and, for one chosen day, "Closed 12:00 PM – 3:00 PM: Resurfacing".
 * The year is written only when it is not the current one (or the range crosses into another).
 */
import type { PublicClosureDto } from '@courtside/contracts';
import { venueLocale } from '@courtside/browser';
import { displayDate, displayDateRange, displayTime, displayTimeRange, type DateStyle } from '@courtside/domain';

export type Closure = Pick<PublicClosureDto, 'startDate' | 'startTime' | 'endDate' | 'endTime' | 'reason'>;

const DAY_START = '00:00';
const DAY_END = '24:00';

const yearOf = (date: string) => date.slice(0, 4);

/** A civil YYYY-MM-DD date, with its weekday or not, with its year or not. */
function civilDate(date: string, weekday: boolean, withYear: boolean): string {
  const style: DateStyle = weekday ? (withYear ? 'full' : 'fullNoYear') : withYear ? 'long' : 'dayMonthLong';
  return displayDate(date, venueLocale(), style);
}

/** Staff write reasons as they come ("resurfacing"); the notice starts it with a capital. */
function reasonText(reason: string): string {
  const [first = '', ...rest] = reason.trim();
  return first.toLocaleUpperCase('en') + rest.join('');
}

function closedWhen(c: Closure, withYear: boolean): string {
  const from = civilDate(c.startDate, true, withYear);
  const sameDay = c.startDate === c.endDate;
  if (c.startTime === DAY_START && c.endTime === DAY_END) {
    return sameDay ? from : displayDateRange(c.startDate, c.endDate, venueLocale(), withYear ? 'long' : 'dayMonthLong');
  }
  if (sameDay) return `${from}, ${displayTimeRange(c.startTime, c.endTime, venueLocale())}`;
  return `${from}, ${displayTime(c.startTime, venueLocale())} – ${civilDate(c.endDate, true, withYear)}, ${displayTime(c.endTime, venueLocale())}`;
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
  const when = from === DAY_START && to === DAY_END ? 'all day' : displayTimeRange(from, to, venueLocale());
  return `Closed ${when}: ${reasonText(c.reason)}`;
}

/** Every closure of `date`, soonest first as given. */
export function closuresOnDay(closures: readonly Closure[], date: string): string[] {
  return closures.flatMap((c) => closureOnDay(c, date) ?? []);
}
