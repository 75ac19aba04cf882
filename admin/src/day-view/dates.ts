import { addDays, formatDate, parseDate, toLocal } from '@courtside/domain';

/** The day-view's calendar: which day the address asks for, and the days either side. */

/** The browser's time zone. */
export const viewersZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The viewer's own date, until the server has said what today is at the venue. */
export const viewersToday = (now = Date.now()) => toLocal(now, viewersZone()).date;

/** The date a YYYY-MM-DD parameter names, or undefined when it names no real day the product knows. */
export function validDate(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    parseDate(value);
    return value;
  } catch {
    return undefined;
  }
}

/** The date `days` after (or before, when negative) `date`. */
export const stepDate = (date: string, days: number) => formatDate(addDays(parseDate(date), days));
