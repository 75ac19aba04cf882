import { invalid } from './errors.ts';

/** Local wall-clock helpers for IANA time zones, built on Intl only (no I/O, no dependency). */

/**
 * A local date as every request, address and page writes it: YYYY-MM-DD. The shape only (the
 * request schemas use it as their pattern); the calendar (2026-13-40) is checked apart.
 */
export const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
const DATE_SHAPE = new RegExp(DATE_PATTERN);
/** Whether text has the shape of a local date (YYYY-MM-DD), before its calendar is checked. */
export const isDateText = (text: string): boolean => DATE_SHAPE.test(text);
const TIME_RE = /^([01]\d|2[0-4]):([0-5]\d)$/;

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

export interface CivilDate {
  year: number;
  month: number;
  day: number;
}

/**
 * The dates the product works with, one range for every route that takes a date: far wider than
 * any booking horizon or history, and narrow enough that every instant near them is a timestamp
 * PostgreSQL, JavaScript and Intl all handle (9999-12-31 plus a day of zone offset is not).
 */
export const FIRST_DATE = '2000-01-01';
export const LAST_DATE = '2100-12-31';
const FIRST_YEAR = 2000;
const LAST_YEAR = 2100;

/** Parses YYYY-MM-DD and rejects dates that do not exist (2026-02-30) or lie outside FIRST_DATE..LAST_DATE. */
export function parseDate(value: string, path = 'date'): CivilDate {
  if (typeof value !== 'string' || !isDateText(value)) throw invalid('INVALID_DATE', `${path} must be a date formatted YYYY-MM-DD`, path);
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  // The range first: Date.UTC reads years 0-99 as 1900-1999.
  if (year < FIRST_YEAR || year > LAST_YEAR) {
    throw invalid('DATE_OUT_OF_RANGE', `${path} must be between ${FIRST_DATE} and ${LAST_DATE}`, path);
  }
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) {
    throw invalid('INVALID_DATE', `${path} is not a real calendar date`, path);
  }
  return { year, month, day };
}

/** Parses HH:mm (00:00 to 24:00) into minutes after local midnight. */
export function parseTime(value: string, path = 'time'): number {
  const m = TIME_RE.exec(value);
  const minutes = m ? Number(m[1]) * 60 + Number(m[2]) : NaN;
  if (!m || minutes > 24 * 60) {
    throw invalid('INVALID_TIME', `${path} must be a time formatted HH:mm`, path);
  }
  return minutes;
}

export function formatTime(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

export function formatDate(d: CivilDate): string {
  return `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

export function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(tz, f);
  }
  return f;
}

/** The wall clock of `tz` at an instant, expressed as if it were UTC milliseconds. */
function wallAsUtc(instant: number, tz: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(tz).formatToParts(new Date(instant))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/**
 * Offsets already computed, by zone and whole second. Intl's formatToParts costs microseconds
 * and one day of slots needs about a hundred offsets: measured, this was most of the CPU time
 * of an availability check. Exact keys, so the cache can never answer differently; bounded.
 */
const offsets = new Map<string, number>();
const OFFSET_CACHE_MAX = 50_000;

/** UTC offset of `tz` at an instant, in milliseconds. */
export function offsetAt(instant: number, tz: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  const key = `${tz} ${whole}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = wallAsUtc(whole, tz) - whole;
    if (offsets.size >= OFFSET_CACHE_MAX) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

export interface LocalInstant {
  date: string;
  time: string;
  /** 0 = Sunday ... 6 = Saturday */
  weekday: number;
}

/** Where an instant falls on the local calendar and clock of `tz`. */
export function toLocal(instant: Date | number, tz: string): LocalInstant {
  const t = typeof instant === 'number' ? instant : instant.getTime();
  // Through the offset cache: a day view formats two instants per booking.
  const wall = new Date(t + offsetAt(t, tz));
  return {
    date: formatDate({ year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() }),
    time: formatTime(wall.getUTCHours() * 60 + wall.getUTCMinutes()),
    weekday: wall.getUTCDay(),
  };
}

/**
 * The instant at which the wall clock of `tz` shows `minutes` after midnight of `date`
 * (1440 = the next midnight). Like Temporal's "compatible" disambiguation: a repeated
 * time (clocks go back) takes the earlier instant; a skipped time (clocks go forward)
 * is moved forward by the length of the gap.
 */
export function fromLocal(date: CivilDate, minutes: number, tz: string): Date {
  const wall = Date.UTC(date.year, date.month - 1, date.day) + minutes * MINUTE_MS;
  const before = offsetAt(wall - DAY_MS, tz);
  const after = offsetAt(wall + DAY_MS, tz);
  const candidates = [wall - before, wall - after].filter((t) => t + offsetAt(t, tz) === wall);
  if (candidates.length > 0) return new Date(Math.min(...candidates));
  return new Date(wall - before);
}

/** Whether the wall clock of `tz` ever shows `minutes` after midnight of `date` (false inside a daylight-saving gap). */
export function wallTimeExists(date: CivilDate, minutes: number, tz: string): boolean {
  return shows(fromLocal(date, minutes, tz), date, minutes, tz);
}

const shows = (at: Date, date: CivilDate, minutes: number, tz: string) =>
  at.getTime() + offsetAt(at.getTime(), tz) === Date.UTC(date.year, date.month - 1, date.day) + minutes * MINUTE_MS;

/**
 * The instant a slot may start or end at `minutes` after midnight of `date`: a wall time that
 * exists, or the first minute of a daylight-saving gap (the instant the clocks jump, where the
 * slot before the gap ends and a slot cut short by it resumes). Undefined for a time further
 * inside the gap: 02:30 in New York on spring-forward day is no instant at all, and moving it
 * forward by the gap (to 03:30) would sell a time nobody asked for.
 */
export function slotBoundary(date: CivilDate, minutes: number, tz: string): Date | undefined {
  const at = fromLocal(date, minutes, tz);
  return shows(at, date, minutes, tz) || wallTimeExists(date, minutes - 1, tz) ? at : undefined;
}

export function weekdayOf(date: CivilDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

export function addDays(date: CivilDate, days: number): CivilDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day) + days * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** A YYYY-MM-DD date `days` later (or earlier): pure calendar arithmetic, as forms and pages step through days. */
export function shiftDate(date: string, days: number, path = 'date'): string {
  return formatDate(addDays(parseDate(date, path), days));
}

/** Today's date (YYYY-MM-DD) on the wall calendar of `tz`. */
export function todayIn(tz: string, now: Date | number = Date.now()): string {
  return toLocal(now, tz).date;
}
