import { DEFAULT_MONEY_FORMAT, currencySymbol as symbolOf, formatAmount, type MoneyFormat } from '@courtside/domain';

/**
 * How customers read money, dates and times, one style everywhere they look: amounts in the
 * venue's currency and locale ("$28.00" by default, "28,00 €" with EUR and de-DE), dates written
 * out ("Saturday, 21 November 2026"), 24-hour clock times ("14:00"). Money is major units on the
 * wire; dates are civil YYYY-MM-DD dates (no time zone shift).
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

const monthYear = new Intl.DateTimeFormat(DATE_LOCALE, { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "2026-11" -> "November 2026"; anything else comes back as it was. */
export function formatMonth(month: string): string {
  return /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? monthYear.format(Date.parse(`${month}-15T12:00:00Z`)) : month;
}
