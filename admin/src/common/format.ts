import { formatClockTime, formatDateAs, formatLongDate, formatMoney, formatTimeRange, formatZone, moneyFormat, setMoneyFormat, venueLocale } from '@courtside/browser';
import type { PublicSettings } from '@courtside/contracts';
import { displayDateTime, todayIn, toLocal, type MoneyFormat } from '@courtside/domain';

/**
 * Display helpers: money is major units of the venue's currency on the wire, dates are the facility's
 * local YYYY-MM-DD and times its HH:mm; all are written in the venue's LOCALE (its clock too), through
 * the one formatter the site and the emails use.
 */

/** "$28.00": the one money format of the site and the back office, in the venue's currency and locale. */
export const money = formatMoney;

/** react-admin NumberField's `options` for an amount: the venue's currency (set with setVenueMoneyFormat). */
export const currencyOptions: Intl.NumberFormatOptions = { style: 'currency', currency: moneyFormat().currency };
/** NumberField's `locales` for an amount: the venue's LOCALE. */
export const moneyLocale = () => moneyFormat().locale;

/** Amounts in the venue's currency and locale from now on: for money(), currencyOptions and moneyLocale(). */
export function setVenueMoneyFormat(format: MoneyFormat): void {
  setMoneyFormat(format);
  currencyOptions.currency = format.currency;
}

/**
 * Reads the venue's currency and locale (GET /api/settings, public) before the first screen
 * renders an amount. Should the API not answer, amounts keep the default (USD) and the screens
 * report the API's failure themselves.
 */
export async function loadVenueMoneyFormat(): Promise<void> {
  try {
    const res = await fetch('/api/settings', { headers: { accept: 'application/json' } });
    if (!res.ok) return;
    const { data } = (await res.json()) as { data: PublicSettings };
    setVenueMoneyFormat({ currency: data.currency, locale: data.locale });
  } catch {
    // Keep the default; see above.
  }
}

/** The viewer's own zone: for instants that belong to no facility (when a message was sent, a payment made). */
const viewersZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** "Thursday, November 26, 2026": a facility's local date, in the venue's locale. */
export const longDate = (date: string): string => formatLongDate(date);

/** An instant in the viewer's zone: "Nov 22, 2026, 2:15 PM". */
export const dateTime = (iso: string | null) => (iso ? displayDateTime(iso, viewersZone(), venueLocale(), 'medium') : '');

/** An instant on a facility's clock, the zone its booking's date and times are in: "Thu, Nov 26, 10:00 AM". */
export const facilityDateTime = (iso: string, zone: string) => displayDateTime(iso, zone, venueLocale(), 'short');

/** "Nov 22, 2:15 PM" for lists; the year only when it is not this one. */
export const shortDateTime = (iso: string) => {
  const zone = viewersZone();
  const thisYear = toLocal(Date.parse(iso), zone).date.slice(0, 4) === todayIn(zone).slice(0, 4);
  return displayDateTime(iso, zone, venueLocale(), thisYear ? 'dayMonth' : 'medium');
};

/** "Thu, Nov 26": a facility's local date in lists and grids. */
export const shortDate = (date: string): string => formatDateAs(date, 'short');

/** "Jun 1, 2027": a day of a season or a validity period. */
export const mediumDate = (date: string): string => formatDateAs(date, 'medium');

/** A facility's wall-clock time (HH:mm) on the venue's clock: "8:00 PM" or "20:00". */
export const clockTime = formatClockTime;

/** "8:00 PM – 9:00 PM" or "20:00–21:00": a booking's or an opening's times on the venue's clock. */
export const timeRange = formatTimeRange;

/** A time zone as everyone reads it: "New York time". */
export const zoneName = formatZone;

/** The message of a failed call (the API's own words), or nothing. */
export function reasonOf(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') return error.message;
  return '';
}

/** "<what failed>: <why>", or just what failed when the server gave no reason. */
export function failure(text: string, error: unknown): string {
  const reason = reasonOf(error);
  return reason && reason !== text ? `${text}: ${reason}` : text;
}

export const hoursText = (minutes: number) => {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} h ${m} min` : `${h} h`;
};

/** "1 booking", "3 bookings". */
export const countOf = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
