import type { MoneyFormat } from '@courtside/domain';
import { setMoneyFormat } from '@courtside/browser';
import { venueSettings, type PageRequest } from './api.server.ts';

/**
 * The currency and locale every amount on this request's page is written in (GET /api/settings,
 * read once), set as formatMoney's for the server render. Undefined when the API cannot say;
 * the page's own calls to it fail too then.
 */
export async function pageMoneyFormat(page: PageRequest): Promise<MoneyFormat | undefined> {
  const settings = await venueSettings(page);
  if (!settings) return undefined;
  const format = { currency: settings.currency, locale: settings.locale };
  setMoneyFormat(format);
  return format;
}
