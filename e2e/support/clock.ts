import { displayDate, displayDateTime, displayInstantTime, displayTime, displayTimeRange, displayZone, type DateStyle } from '@courtside/domain';

/**
 * Dates and times as the server under test writes them: its LOCALE is the default (en-US), so
 * pages, the back office and emails use the 12-hour clock. The same formatter the product uses
 * (domain/src/datetime-format.ts, whose own tests pin its output), so a spec says "the 18:00 slot"
 * and finds "6:00 PM" on the page.
 */
export const LOCALE = 'en-US';

/** "6:00 PM" for "18:00". */
export const clock = (time: string) => displayTime(time, LOCALE);
/** "6:00 PM – 7:00 PM" for 18:00 to 19:00. */
export const times = (start: string, end: string) => displayTimeRange(start, end, LOCALE);
/** "Saturday, November 28, 2026" (or another style) for "2026-11-28". */
export const day = (date: string, style: DateStyle = 'full') => displayDate(date, LOCALE, style);
/** An instant on a facility's clock: "Saturday, November 28, 2026, 6:00 PM". */
export const moment = (at: number, timeZone: string) => displayDateTime(at, timeZone, LOCALE);
/** An instant's time on a facility's clock: "6:00 PM". */
export const instantTime = (at: number, timeZone: string) => displayInstantTime(at, timeZone, LOCALE);
/** "New York time". */
export const zone = displayZone;

/** A time as the product writes it ("8:00 PM", or "20:00" on a 24-hour clock) back to HH:mm. */
export function hhmm(text: string): string {
  const [, h = '0', m = '00', half] = /^(\d{1,2}):(\d\d)(?: ([AP]M))?$/.exec(text.trim()) ?? [];
  const hour = half ? (Number(h) % 12) + (half === 'PM' ? 12 : 0) : Number(h);
  return `${String(hour).padStart(2, '0')}:${m}`;
}

/** A time on the product's clock, in a RegExp: "8:00 PM" or "20:00". */
export const CLOCK_TIME = String.raw`\d{1,2}:\d\d(?: [AP]M)?`;

/** Text made safe inside a RegExp. */
export const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
