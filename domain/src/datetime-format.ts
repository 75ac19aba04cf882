import { isDateText, parseTime, toLocal } from './clock.ts';

/**
 * How people read dates, times and time zones, one way everywhere (the site, the back office,
 * messages): in the venue's LOCALE, whose clock (12- or 24-hour) every time and every time input
 * follows. Dates are civil YYYY-MM-DD dates and times HH:mm wall-clock times of a facility;
 * instants are read on a facility's zone first (toLocal), so the process's zone never shows.
 * Machine formats (URLs, API payloads, calendar files) stay ISO and never come through here.
 */

export const DEFAULT_LOCALE = 'en-US';

/** The ways a date is written: "Thursday, November 26, 2026" (full) ... "Thu" (weekdayShort), in en-US. */
const DATE_STYLES = {
  full: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  /** "Thursday, November 26": a date of this year, or one a sentence already places. */
  fullNoYear: { weekday: 'long', day: 'numeric', month: 'long' },
  /** "Nov 26, 2026". */
  medium: { day: 'numeric', month: 'short', year: 'numeric' },
  /** "Thu, Nov 26": lists and grids. */
  short: { weekday: 'short', day: 'numeric', month: 'short' },
  /** "Nov 26": under a day chip's weekday. */
  dayMonth: { day: 'numeric', month: 'short' },
  /** "November 26". */
  dayMonthLong: { day: 'numeric', month: 'long' },
  /** "November 26, 2026". */
  long: { day: 'numeric', month: 'long', year: 'numeric' },
  /** "26": the day of the month alone, under a weekday in a narrow grid. */
  day: { day: 'numeric' },
  /** "Thursday". */
  weekday: { weekday: 'long' },
  /** "Thu". */
  weekdayShort: { weekday: 'short' },
  /** "November 2026". */
  monthYear: { month: 'long', year: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof DATE_STYLES;

/**
 * ICU versions differ on the spaces they put before AM/PM and around a range's dash (narrow or
 * thin no-break spaces, or plain ones): a page rendered by the server and again in the browser,
 * an email and its test, must read the same, so every text here uses plain spaces.
 */
const plainSpaces = (text: string) => text.replace(/[\u202f\u2009\u00a0]/g, ' ');

/** One Intl formatter per locale and style: building one costs far more than using it. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(locale: string, key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const id = `${locale} ${key}`;
  let f = formatters.get(id);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    formatters.set(id, f);
  }
  return f;
}

/** A civil date as people read it in `locale`; anything that is not a YYYY-MM-DD date comes back as it was. */
export function displayDate(date: string, locale: string = DEFAULT_LOCALE, style: DateStyle = 'full'): string {
  // Noon UTC, formatted in UTC: no zone can move it to another day. Date.parse refuses 2026-13-40.
  const at = isDateText(date) ? Date.parse(`${date}T12:00:00Z`) : NaN;
  return Number.isNaN(at) ? date : plainSpaces(formatterOf(locale, style, DATE_STYLES[style]).format(at));
}

/**
 * Two civil dates as one span, as the locale writes it: "December 2 – 4" (en-US), "2–4 December"
 * (en-GB), "December 30, 2026 – January 2, 2027". Either not a date: both as they were.
 */
export function displayDateRange(start: string, end: string, locale: string = DEFAULT_LOCALE, style: DateStyle = 'dayMonthLong'): string {
  const [from, to] = [start, end].map((d) => (isDateText(d) ? Date.parse(`${d}T12:00:00Z`) : NaN)) as [number, number];
  if (Number.isNaN(from) || Number.isNaN(to) || to < from) return `${start} – ${end}`;
  return plainSpaces(formatterOf(locale, style, DATE_STYLES[style]).formatRange(from, to));
}

/** "November 2026" for a YYYY-MM month; anything else comes back as it was. */
export function displayMonth(month: string, locale: string = DEFAULT_LOCALE): string {
  return /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? displayDate(`${month}-15`, locale, 'monthYear') : month;
}

/** Whether the locale's clock runs 1-12 with AM/PM (en-US) rather than 0-23 (en-GB, de-DE). */
export function usesTwelveHourClock(locale: string = DEFAULT_LOCALE): boolean {
  const cycle = formatterOf(locale, 'hour', { hour: 'numeric' }).resolvedOptions().hourCycle;
  return cycle === 'h12' || cycle === 'h11';
}

const minutesOf = (time: string | number) => (typeof time === 'number' ? time : parseTime(time));

/**
 * A wall-clock time (HH:mm or minutes after midnight) on the locale's clock: "8:00 PM" (en-US),
 * "20:00" (en-GB). The end of a day (24:00) reads as midnight.
 */
export function displayTime(time: string | number, locale: string = DEFAULT_LOCALE): string {
  const minutes = (((minutesOf(time) % 1440) + 1440) % 1440);
  const twelve = usesTwelveHourClock(locale);
  const options: Intl.DateTimeFormatOptions = twelve ? { hour: 'numeric', minute: '2-digit', hourCycle: 'h12' } : { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
  return plainSpaces(formatterOf(locale, twelve ? 'time12' : 'time24', options).format(Date.UTC(2000, 0, 1) + minutes * 60_000));
}

/** "8:00 PM – 9:00 PM" (spaced where the times have spaces) or "20:00–21:00". */
const joinRange = (from: string, to: string) => (/\s/.test(from + to) ? `${from} – ${to}` : `${from}–${to}`);

/**
 * From one wall-clock time to another on the locale's clock. An end at or before the start is
 * on the next day and says so ("10:00 PM – 1:00 AM (next day)"); 24:00 is that day's midnight.
 */
export function displayTimeRange(start: string | number, end: string | number, locale: string = DEFAULT_LOCALE): string {
  const [from, to] = [minutesOf(start), minutesOf(end)];
  const range = joinRange(displayTime(from, locale), displayTime(to, locale));
  return to <= from ? `${range} (next day)` : range;
}

/**
 * A span of whole hours, short, on the locale's clock: "6 AM – 12 PM" (en-US), "06–12" (en-GB).
 * For labels that name a part of the day; a time people book at is written in full (displayTimeRange).
 */
export function displayHourRange(start: string | number, end: string | number, locale: string = DEFAULT_LOCALE): string {
  const twelve = usesTwelveHourClock(locale);
  const options: Intl.DateTimeFormatOptions = twelve ? { hour: 'numeric', hourCycle: 'h12' } : { hour: '2-digit', hourCycle: 'h23' };
  const hour = (time: string | number) => {
    const minutes = ((minutesOf(time) % 1440) + 1440) % 1440;
    return plainSpaces(formatterOf(locale, twelve ? 'hour12' : 'hour24', options).format(Date.UTC(2000, 0, 1) + minutes * 60_000));
  };
  return joinRange(hour(start), hour(end));
}

/**
 * A time zone as people read it: its city ("New York time" for America/New_York, "Buenos Aires
 * time" for America/Argentina/Buenos_Aires); zones with no city ("UTC", "Etc/GMT+5") as they are.
 */
export function displayZone(timeZone: string): string {
  const parts = timeZone.split('/');
  const city = parts.at(-1)!.replace(/_/g, ' ');
  return parts.length === 1 || parts[0] === 'Etc' ? city : `${city} time`;
}

type Instant = Date | number | string;
const millisOf = (at: Instant) => (at instanceof Date ? at.getTime() : typeof at === 'number' ? at : Date.parse(at));

/** An instant's time on the wall clock of `timeZone`, on the locale's clock: "8:00 PM". */
export function displayInstantTime(at: Instant, timeZone: string, locale: string = DEFAULT_LOCALE): string {
  return displayTime(toLocal(millisOf(at), timeZone).time, locale);
}

/** The date an instant falls on in `timeZone`. */
export function displayInstantDate(at: Instant, timeZone: string, locale: string = DEFAULT_LOCALE, style: DateStyle = 'full'): string {
  return displayDate(toLocal(millisOf(at), timeZone).date, locale, style);
}

/** "Thursday, November 26, 2026, 8:00 PM": a moment on the wall clock of `timeZone`. */
export function displayDateTime(at: Instant, timeZone: string, locale: string = DEFAULT_LOCALE, style: DateStyle = 'full'): string {
  const local = toLocal(millisOf(at), timeZone);
  return `${displayDate(local.date, locale, style)}, ${displayTime(local.time, locale)}`;
}

/**
 * A booking's time on its facility's clock: "Thursday, November 26, 2026, 8:00 PM – 9:00 PM",
 * one ending the next day "…, 11:00 PM – 1:00 AM (next day)", a longer one with both dates.
 */
export function displayInstantRange(startsAt: Instant, endsAt: Instant, timeZone: string, locale: string = DEFAULT_LOCALE, style: DateStyle = 'full'): string {
  const start = toLocal(millisOf(startsAt), timeZone);
  const end = toLocal(millisOf(endsAt), timeZone);
  const day = displayDate(start.date, locale, style);
  const nextDay = Date.parse(`${end.date}T00:00:00Z`) - Date.parse(`${start.date}T00:00:00Z`) === 86_400_000;
  if (end.date === start.date) return `${day}, ${displayTimeRange(start.time, end.time, locale)}`;
  // Ending at the next midnight is the same evening; ending later that night says "(next day)".
  if (nextDay && end.time === '00:00') return `${day}, ${displayTimeRange(start.time, 1440, locale)}`;
  if (nextDay && end.time <= start.time) return `${day}, ${displayTimeRange(start.time, end.time, locale)}`;
  return `${day}, ${displayTime(start.time, locale)} – ${displayDate(end.date, locale, style)}, ${displayTime(end.time, locale)}`;
}
