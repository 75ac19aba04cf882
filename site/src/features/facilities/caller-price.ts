import type { CallerPriceDto, HourlyPriceDto } from '@courtside/contracts';
import { formatMoney } from '@courtside/browser';
import { escapeHtml } from '@courtside/domain';

/**
 * A facility's hourly price as every page states it, list or the customer's own: "$28.00 / hour",
 * or "from $20.00 / hour" when its rules make it vary. Pure: the server-rendered pages and the
 * script that puts a signed-in customer's own price on them share it.
 */
export function hourlyPriceLabel(price: HourlyPriceDto): string {
  const label = `${formatMoney(price.pricePerHour)} / hour`;
  return price.varies ? `from ${label}` : label;
}

/**
 * What the price line says to a signed-in customer: their tier's price, labelled ("Member price"),
 * with the list price beside it, when the two differ; null when they pay the list price the
 * page already shows.
 */
export function callerPriceHtml(answer: CallerPriceDto): string | null {
  const own = hourlyPriceLabel(answer.price);
  const list = hourlyPriceLabel(answer.listPrice);
  if (!answer.tier || own === list) return null;
  return (
    `<span class="price-who">${escapeHtml(answer.tier)} price</span> <span class="price-own">${escapeHtml(own)}</span>` +
    ` <span class="price-list">List price <s>${escapeHtml(list)}</s></span>`
  );
}
