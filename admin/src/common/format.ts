import { formatMoney, moneyFormat, setMoneyFormat } from '@courtside/browser';
import type { PublicSettings } from '@courtside/contracts';
import type { MoneyFormat } from '@courtside/domain';

/** Display helpers: money is major units of the venue's currency on the wire, dates are the facility's local YYYY-MM-DD. */

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

export function longDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

/** An instant in the viewer's zone: "Nov 22, 2026, 2:15 PM". */
export const dateTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : '');

/** "Nov 22, 2:15 PM" for lists; the year only when it is not this one. */
export const shortDateTime = (iso: string) => {
  const d = new Date(iso);
  const year = d.getFullYear() === new Date().getFullYear() ? undefined : 'numeric';
  return d.toLocaleString('en-US', { month: 'short', day: 'numeric', year, hour: 'numeric', minute: '2-digit' });
};

export function shortDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

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
