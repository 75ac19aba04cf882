import { DEFAULT_MONEY_FORMAT, currencySymbol as symbolOf, displayDate, displayMonth, displayTime, displayHourRange, displayTimeRange, displayZone, formatAmount, type DateStyle, type MoneyFormat } from '@courtside/domain';

/**
 * How customers read money, dates and times, one style everywhere they look: amounts in the
 * venue's currency and locale ("$28.00" by default, "28,00 €" with EUR and de-DE), dates and
 * times in the same locale and its clock ("Saturday, November 21, 2026", "2:00 PM"; en-GB writes
 * "14:00"), through the one formatter of domain/src/datetime-format.ts. Money is major units on
 * the wire; dates are civil YYYY-MM-DD dates (no time zone shift).
 */

let money: MoneyFormat | undefined;

/**
 * Sets the venue's currency and locale (GET /api/settings) once at start-up; every formatMoney
 * after it uses them. The back office calls it before its first render; the site's pages carry
 * them on <html data-currency data-locale>, read on first use instead.
 */
export function setMoneyFormat(format: MoneyFormat): void {
  formatAmount(0, format); // an unknown currency or locale throws here, not at every amount
  money = { currency: format.currency, locale: format.locale };
}

/** The format the page was rendered with, if it says. */
function pageMoneyFormat(): MoneyFormat | undefined {
  const data = typeof document === 'undefined' ? undefined : document.documentElement.dataset;
  return data?.currency && data.locale ? { currency: data.currency, locale: data.locale } : undefined;
}

/** The currency and locale amounts are written in. */
export function moneyFormat(): MoneyFormat {
  if (!money) {
    const page = pageMoneyFormat();
    try {
      if (page) setMoneyFormat(page);
    } catch {
      // A page that names no format we know keeps the default.
    }
    money ??= DEFAULT_MONEY_FORMAT;
  }
  return money;
}

/** "$28.00" (in the venue's currency and locale); '' for a missing amount. */
export function formatMoney(amount: number | null | undefined): string {
  return typeof amount === 'number' && Number.isFinite(amount) ? formatAmount(amount, moneyFormat()) : '';
}

/** The currency's sign for labels: "Price per hour ($)". */
export const currencySymbol = (): string => symbolOf(moneyFormat());

/** The venue's LOCALE: how dates and times are written, and which clock (12- or 24-hour) times and time inputs use. */
export const venueLocale = (): string => moneyFormat().locale;

/** "2026-11-21" -> "Saturday, November 21, 2026" (en-US); anything else comes back as it was. */
export const formatLongDate = (date: string): string => displayDate(date, venueLocale());

/** A civil date in one of the shared styles ("Sat, Nov 21", "Nov 21, 2026", ...). */
export const formatDateAs = (date: string, style: DateStyle): string => displayDate(date, venueLocale(), style);

/** "2026-11" -> "November 2026"; anything else comes back as it was. */
export const formatMonth = (month: string): string => displayMonth(month, venueLocale());

/** A facility's wall-clock time (HH:mm) on the venue's clock: "8:00 PM" or "20:00". */
export const formatClockTime = (time: string | number): string => displayTime(time, venueLocale());

/** "8:00 PM – 9:00 PM" or "20:00–21:00", saying "(next day)" for a range past midnight. */
export const formatTimeRange = (start: string | number, end: string | number): string => displayTimeRange(start, end, venueLocale());

/** "6 AM – 12 PM": a part of the day, in whole hours. */
export const formatHourRange = (start: string | number, end: string | number): string => displayHourRange(start, end, venueLocale());

/** A time zone as people read it: "New York time". */
export const formatZone = displayZone;
