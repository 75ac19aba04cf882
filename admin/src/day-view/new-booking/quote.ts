import type { DeskQuoteDto, SeriesDatePlan, SeriesPreviewDto } from '@courtside/contracts';
import { countOf, hoursText, money } from '../../common/format.ts';

/**
 * What the dialog says a booking or a series costs, and what its preview found. Every figure is
 * the server's answer for this customer (their tier, the facility's price rules, the real
 * length), from the price function the booking is then recorded with; nothing is priced here.
 */

/** " · Gold price (public $60.00)" when the customer's tier changes the price; nothing otherwise. */
const tierNote = (tier: string | null, price: number, publicPrice?: number) =>
  tier && price !== publicPrice ? ` · ${tier} price${publicPrice === undefined ? '' : ` (public ${money(publicPrice)})`}` : '';

/** "$48.00 · 1 h · Gold price (public $60.00)": one booking as the server quoted it. */
export function priceLine(quote: DeskQuoteDto, minutes: number | undefined): string {
  return `${money(quote.price)}${minutes ? ` · ${hoursText(minutes)}` : ''}${tierNote(quote.tier, quote.price, quote.publicPrice)}`;
}

/** "$240.00 · 5 dates at $48.00 · Gold price", or "about" when the dates differ (a price rule on some); undefined when no date is free. */
export function seriesPriceLine(preview: Pick<SeriesPreviewDto, 'dates' | 'tier'>): string | undefined {
  const each = preview.dates.flatMap((d) => (d.free && d.price !== null ? [d.price] : []));
  if (each.length === 0) return undefined;
  const total = each.reduce((a, b) => a + b, 0);
  const same = each.every((p) => p === each[0]);
  const per = same ? money(each[0]!) : `about ${money(total / each.length)}`;
  return `${money(total)} · ${countOf(each.length, 'date')} at ${per}${tierNote(preview.tier, total)}`;
}

/** "6 dates: 5 free, 1 taken or closed; it is skipped.": the preview in one line. */
export function previewSummary(dates: SeriesDatePlan[], onConflict: 'skip' | 'fail'): string {
  const free = dates.filter((d) => d.free).length;
  const other = dates.length - free;
  if (other === 0) return `${countOf(dates.length, 'date')}, all free.`;
  const outcome =
    free === 0 ? 'nothing can be booked' : onConflict === 'skip' ? `${other === 1 ? 'it is' : 'they are'} skipped` : 'the series would be refused: choose "Skip that date" or other times';
  return `${countOf(dates.length, 'date')}: ${free} free, ${other} taken or closed; ${outcome}.`;
}

/** Whether saving would book something: some date is free, and none is in the way when the series must be whole. */
export const previewBooks = (dates: SeriesDatePlan[], onConflict: 'skip' | 'fail') => dates.some((d) => d.free) && (onConflict === 'skip' || dates.every((d) => d.free));
