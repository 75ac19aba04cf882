import { parseDate, todayIn } from '@courtside/domain';

/** The day-view's calendar: which day the address asks for, and the days either side. */

/** The browser's time zone. */
export const viewersZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The viewer's own date, until the server has said what today is at the venue. */
export const viewersToday = (now = Date.now()) => todayIn(viewersZone(), now);

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
