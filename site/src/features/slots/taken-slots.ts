import { daySlots, escapeHtml, MINUTE_MS, type Schedule } from '@courtside/domain';
import { formatClockTime } from '@courtside/browser';
import type { Closure } from '../../lib/closures.ts';
import { facilityStepHref } from '../booking/choice.ts';

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

/** Where a taken slot's chip leads: the facility's booking step on that slot, which offers its waitlist (signing in first). */
export const waitlistHref = (facilityId: string, date: string, slot: GridSlot): string =>
  `${facilityStepHref(facilityId, date)}&start=${encodeURIComponent(slot.startTime)}&end=${encodeURIComponent(slot.endTime)}`;

/** The taken slots as chips beside the free ones' (slotChipsHtml), each a link to join its waitlist. */
export function takenChipsHtml(facility: { _id: string; name: string }, date: string, taken: readonly GridSlot[]): string {
  const items = taken.map((slot) => {
    const when = `${formatClockTime(slot.startTime)} to ${formatClockTime(slot.endTime)}`;
    return (
      `<li><a class="slot-chip is-taken" href="${escapeHtml(waitlistHref(facility._id, date, slot))}" aria-label="${escapeHtml(`${when}, taken: join the waitlist`)}">` +
      `<span class="slot-chip-time"><span class="slot-chip-at">${escapeHtml(formatClockTime(slot.startTime))}</span> <span class="slot-chip-to">to</span> <span class="slot-chip-at">${escapeHtml(formatClockTime(slot.endTime))}</span></span>` +
      ' <span class="slot-chip-play">Taken: join waitlist</span></a></li>'
    );
  });
  return `<ul class="slot-chips" aria-label="${escapeHtml(`Taken slots at ${facility.name}`)}">${items.join('')}</ul>`;
}
