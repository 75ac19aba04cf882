import { DAY_MS, addDays, formatDate, parseDate } from './clock.ts';
import { DomainError } from './errors.ts';

/**
 * What the back office's reports count, named once for the API, the contract and the screen.
 * A report covers the bookings played in a period (each facility's own calendar dates).
 */

/** How a booking came in: a series made at the desk, a payment link staff sent, the desk, or the site. */
export const BOOKING_CHANNELS = ['site', 'desk', 'series', 'payment-link'] as const;
export type BookingChannel = (typeof BOOKING_CHANNELS)[number];

export const CHANNEL_LABELS: Record<BookingChannel, string> = {
  site: 'Booked on the site',
  desk: 'Booked at the desk',
  series: 'Weekly series',
  'payment-link': 'Payment link',
};

/** Revenue and cancellations are grouped by ISO week (starting Monday) or by calendar month. */
export const REPORT_GROUPINGS = ['week', 'month'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

export const REPORT_NAMES = ['occupancy', 'revenue', 'channels', 'cancellations', 'top-customers'] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

/** The longest period one report covers: a year, leap years included. */
export const MAX_REPORT_DAYS = 366;
/** How many customers the top-customers report lists. */
export const TOP_CUSTOMERS = 10;

/** A report asked without a period covers the last twelve weeks, today included. */
export const DEFAULT_REPORT_DAYS = 12 * 7;

/**
 * A report's period as asked: its first and last dates, checked (the last not before the first,
 * at most a year). Left out, the last is today and the first DEFAULT_REPORT_DAYS before the last.
 */
export function reportPeriod(fromText: string | undefined, toText: string | undefined, today: string): { from: string; to: string; days: number } {
  const to = parseDate(toText ?? today, 'to');
  const from = fromText === undefined ? addDays(to, 1 - DEFAULT_REPORT_DAYS) : parseDate(fromText, 'from');
  fromText ??= formatDate(from);
  toText ??= formatDate(to);
  const days = Math.round((Date.UTC(to.year, to.month - 1, to.day) - Date.UTC(from.year, from.month - 1, from.day)) / DAY_MS) + 1;
  if (days < 1) throw new DomainError('invalid', 'INVALID_DATE', `The period ends (${toText}) before it starts (${fromText}).`, 'to');
  if (days > MAX_REPORT_DAYS) throw new DomainError('invalid', 'INVALID_DATE', `A report covers at most ${MAX_REPORT_DAYS} days; ${fromText} to ${toText} is ${days}.`, 'to');
  return { from: formatDate(from), to: formatDate(to), days };
}

/** The share of open time that was booked, 0..1 (time booked outside opening hours does not push it past full). */
export const occupancyRate = (bookedMinutes: number, openMinutes: number): number =>
  openMinutes > 0 ? Math.min(1, Math.round((bookedMinutes / openMinutes) * 10_000) / 10_000) : 0;
