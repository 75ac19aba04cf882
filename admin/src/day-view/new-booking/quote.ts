import type { SeriesDatePlan } from '@courtside/contracts';
import { countOf, hoursText, money } from '../../common/format.ts';
import { minutesBetween, quoteCents } from '../../common/slot-times.ts';
import type { FacilityRecord } from '../../facilities/types.ts';
import type { BookingDraft } from './draft.ts';

/**
 * What the dialog says a booking or a series costs, and what its preview found. The figures
 * are the facility's rate and price rules for the real time (the domain's facilityPriceCents); the server computes
 * the amount the booking records.
 */

/** "$30.00 · 1 h at $30.00/h", or for a series "$150.00 · 5 dates at $30.00 (1 h at $30.00/h)"; undefined until the times make a booking. */
export function priceLine(facility: FacilityRecord, draft: Pick<BookingDraft, 'date' | 'startTime' | 'endTime'>, dates?: SeriesDatePlan[]): string | undefined {
  const minutes = minutesBetween(draft.startTime, draft.endTime);
  const rate = `${hoursText(minutes ?? 0)} at ${facility.priceRules?.length ? "the facility's prices" : `${money(facility.pricePerHour)}/h`}`;
  if (!dates) {
    const cents = quoteCents(facility, draft);
    return cents === undefined ? undefined : `${money(cents / 100)} · ${rate}`;
  }
  const free = dates.filter((d) => d.free);
  if (free.length === 0) return undefined;
  const each = free.map((d) => quoteCents(facility, d) ?? 0);
  const total = each.reduce((a, b) => a + b, 0);
  const same = each.every((c) => c === each[0]);
  return `${money(total / 100)} · ${countOf(free.length, 'date')} at ${same ? money(each[0]! / 100) : 'about ' + money(total / free.length / 100)} (${rate})`;
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
