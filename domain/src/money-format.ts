import { centsToDollars } from './money.ts';

/**
 * How amounts read everywhere (site, back office, messages, payment pages): the venue's ISO 4217
 * currency and a locale for the number style. Amounts are kept in hundredths (cents), so only
 * currencies with two minor digits are accepted: a yen or a dinar would need another unit.
 */
export interface MoneyFormat {
  currency: string;
  locale: string;
}

export const DEFAULT_MONEY_FORMAT: MoneyFormat = { currency: 'USD', locale: 'en-US' };

/** Why `currency` (upper case) cannot be the venue's currency; undefined when it can. */
export function currencyProblem(currency: string): string | undefined {
  if (!/^[A-Z]{3}$/.test(currency)) return 'must be a 3-letter ISO 4217 code such as USD, EUR or GBP';
  if (typeof Intl.supportedValuesOf === 'function' && !Intl.supportedValuesOf('currency').includes(currency)) return 'is not a currency this runtime knows';
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits;
  if (digits !== 2) return `has ${digits} minor digits; amounts are kept in hundredths, so only currencies with 2 (USD, EUR, GBP, CHF...) are supported`;
  return undefined;
}

/** Why `locale` cannot style the venue's numbers; undefined when it can. */
export function localeProblem(locale: string): string | undefined {
  try {
    return Intl.NumberFormat.supportedLocalesOf([locale]).length === 0 ? 'is not a locale this runtime formats numbers in' : undefined;
  } catch {
    return 'must be a language tag such as en-US, en-GB or de-DE';
  }
}

/** One Intl formatter per format: building one costs far more than using it. */
const formatters = new Map<string, Intl.NumberFormat>();
function formatterOf({ currency, locale }: MoneyFormat): Intl.NumberFormat {
  const key = `${currency} ${locale}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** An amount in major units as people read it: "$1,234.50" (USD, en-US), "1.234,50 €" (EUR, de-DE). */
export function formatAmount(amount: number, format: MoneyFormat = DEFAULT_MONEY_FORMAT): string {
  return formatterOf(format).format(amount);
}

/** Stored cents as people read them. */
export function formatCents(cents: number, format: MoneyFormat = DEFAULT_MONEY_FORMAT): string {
  return formatAmount(centsToDollars(cents), format);
}

/** The sign the locale writes for the currency: "$", "€", "CHF". */
export function currencySymbol(format: MoneyFormat = DEFAULT_MONEY_FORMAT): string {
  return formatterOf(format).formatToParts(0).find((part) => part.type === 'currency')?.value ?? format.currency;
}
