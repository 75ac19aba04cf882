import { parseDate, weekdayOf } from '@courtside/domain';
import { shortDate, timeRange } from '../common/format.ts';
import type { Occurrence, SeriesRecord } from './types.ts';

/** Words for a weekly series: its rule and its dates, as the list and the show view say them. */

const WEEKDAY_NAMES = ['Sundays', 'Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays'];

/** "Tuesdays 6:00 PM – 7:00 PM, every week" or "..., every 2 weeks" (on the venue's clock). */
export function seriesRule(s: Pick<SeriesRecord, 'firstDate' | 'startTime' | 'endTime' | 'every'>): string {
  const day = WEEKDAY_NAMES[weekdayOf(parseDate(s.firstDate))];
  return `${day} ${timeRange(s.startTime, s.endTime)}, every ${s.every === 1 ? 'week' : `${s.every} weeks`}`;
}

/** "Tue, Mar 2 – Tue, Mar 23". */
export const seriesSpan = (s: Pick<SeriesRecord, 'firstDate' | 'lastDate'>) => (s.firstDate === s.lastDate ? shortDate(s.firstDate) : `${shortDate(s.firstDate)} – ${shortDate(s.lastDate)}`);

/** An occurrence that still holds its time (held or confirmed), so cancelling from it changes something. */
export const isLive = (o: Pick<Occurrence, 'status'>) => o.status === 'pending' || o.status === 'confirmed';

/** Live occurrences from `date` on: what "Cancel this and the following" would cancel (the server leaves started ones alone). */
export const liveFrom = (s: Pick<SeriesRecord, 'occurrences'>, date: string) => s.occurrences.filter((o) => o.date >= date && isLive(o));
