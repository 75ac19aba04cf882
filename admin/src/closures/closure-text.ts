import { CLOSURE_KINDS, type ClosureKind } from '@courtside/domain';
import { clockTime, shortDate, timeRange } from '../common/format.ts';

/** Words for a closure: its kind and its local range, as staff read them in lists and on the grid. */

const KIND_LABELS: Record<ClosureKind, string> = { maintenance: 'Maintenance', event: 'Event', weather: 'Weather', other: 'Other' };

export const kindLabel = (kind: string) => KIND_LABELS[kind as ClosureKind] ?? kind;
export const kindChoices = CLOSURE_KINDS.map((id) => ({ id, name: KIND_LABELS[id] }));

/**
 * "Wed, Mar 10 · 12:00–15:00" within a day, "Sat, Mar 20 18:00 – Mon, Mar 22 09:00" across days.
 * The times are local to each facility it closes ("YYYY-MM-DDTHH:mm").
 */
export function closureWhen(start: string, end: string): string {
  const [startDate = '', startTime = ''] = start.split('T');
  const [endDate = '', endTime = ''] = end.split('T');
  if (startDate === endDate) return `${shortDate(startDate)} · ${timeRange(startTime, endTime)}`;
  return `${shortDate(startDate)} ${clockTime(startTime)} – ${shortDate(endDate)} ${clockTime(endTime)}`;
}

/** The form's rule before it asks the server: the end comes after the start (both "YYYY-MM-DDTHH:mm", so text order is time order). */
export const endAfterStart = (values: { start?: string; end?: string }) =>
  values.start && values.end && values.end <= values.start ? { end: 'The end must be after the start' } : {};
