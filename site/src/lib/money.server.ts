import type { MoneyFormat } from '@courtside/domain';
import { setMoneyFormat } from '@courtside/browser';
import { apiOrigin, fetchSettings, type PageRequest } from './api.server.ts';

/** The venue's format per API origin: configuration, fixed for the life of the server process. */
const known = new Map<string, MoneyFormat>();

/**
 * The currency and locale every amount on this request's page is written in (GET /api/settings,
 * read once), set as formatMoney's for the server render. Undefined when the API cannot say;
 * the page's own calls to it fail too then.
 */
export async function pageMoneyFormat(page: PageRequest): Promise<MoneyFormat | undefined> {
  const origin = apiOrigin(page);
  let format = known.get(origin);
  if (!format) {
    const settings = await fetchSettings(page).catch(() => null);
    if (!settings) return undefined;
    format = { currency: settings.currency, locale: settings.locale };
    known.set(origin, format);
  }
  setMoneyFormat(format);
  return format;
}
