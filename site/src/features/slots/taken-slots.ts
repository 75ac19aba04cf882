import { daySlots, MINUTE_MS, type Schedule } from '@courtside/domain';
import type { Closure } from '../../lib/closures.ts';

/**
 * The slots of a day that someone else holds: the facility's grid for that day (its opening
 * hours and slot length, on its clock) less the free slots the availability API answered, less
 * what is not for sale anyway (started, inside the facility's notice, closed). The API names only
 * free slots; what remains of the grid is taken, and is what a customer may wait for.
 */
export interface GridSlot {
  startTime: string;
  endTime: string;
}

const DAY_START = '00:00';
const DAY_END = '24:00';

/** The part of `date` a closure covers, as local HH:mm bounds; null when it leaves the day open. */
function closedSpan(c: Closure, date: string): { from: string; to: string } | null {
  if (date < c.startDate || date > c.endDate) return null;
  const from = date === c.startDate ? c.startTime : DAY_START;
  const to = date === c.endDate ? c.endTime : DAY_END;
  return from < to ? { from, to } : null;
}

export function takenSlots(
  schedule: Schedule,
  date: string,
  free: readonly GridSlot[],
  { closures = [], now = Date.now(), minNoticeMinutes = 0 }: { closures?: readonly Closure[]; now?: number; minNoticeMinutes?: number } = {},
): GridSlot[] {
  const freeStarts = new Set(free.map((s) => s.startTime));
  const closed = closures.flatMap((c) => closedSpan(c, date) ?? []);
  const earliest = now + minNoticeMinutes * MINUTE_MS;
  return daySlots(schedule, date)
    .filter((s) => s.startsAt.getTime() > earliest && !freeStarts.has(s.startTime))
    .filter((s) => !closed.some((c) => s.startTime < c.to && s.endTime > c.from))
    .map(({ startTime, endTime }) => ({ startTime, endTime }));
}
