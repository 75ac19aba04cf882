/**
 * How customers read money, dates and times, one style everywhere they look: dollars with cents
 * ("$28.00"), dates written out ("Saturday, 21 November 2026"), 24-hour clock times ("14:00").
 * Money is dollars on the wire; dates are civil YYYY-MM-DD dates (no time zone shift).
 */

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$28.00"; '' for a missing amount. */
export function formatMoney(amount: number | null | undefined): string {
  return typeof amount === 'number' && Number.isFinite(amount) ? dollars.format(amount) : '';
}

/** The customer's date style, for Intl formatters that need it in a given zone. */
export const LONG_DATE: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' };
/** The customer's clock: "14:00". */
export const CLOCK: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
export const DATE_LOCALE = 'en-GB';

const civil = new Intl.DateTimeFormat(DATE_LOCALE, { ...LONG_DATE, timeZone: 'UTC' });

/** "2026-11-21" -> "Saturday, 21 November 2026"; anything else comes back as it was. */
export function formatLongDate(date: string): string {
  const t = /^\d{4}-\d{2}-\d{2}$/.test(date) ? Date.parse(`${date}T12:00:00Z`) : NaN;
  return Number.isNaN(t) ? date : civil.format(t);
}
