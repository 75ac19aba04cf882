import { formatLongDate, type FailureCode } from '@courtside/browser';
import { escapeHtml, nearestSlots, slotChipsHtml, type ChipFacility, type ChipSlot } from '../slots/slot-chips.ts';
import type { SlotChoice } from './choice.ts';

/**
 * The booking step's rules, pure: whether a choice is still free in a day's free slots, what it
 * costs, and what to offer when it was taken. The server renders with them and the step's
 * script uses them again after a refusal.
 */

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The free slots a choice covers, back to back from its start to its end; null when any part of it is not free. */
export function coveredSlots<T extends ChipSlot>(slots: readonly T[], choice: Pick<SlotChoice, 'start' | 'end'>): T[] | null {
  const covered: T[] = [];
  let at = choice.start;
  while (minutes(at) < minutes(choice.end)) {
    const slot = slots.find((s) => s.startTime === at);
    if (!slot || minutes(slot.endTime) > minutes(choice.end)) return null;
    covered.push(slot);
    at = slot.endTime;
  }
  return covered.length > 0 ? covered : null;
}

/** What the covered slots cost together (major units, summed in cents); undefined when a slot carries no price. */
export function priceOf(covered: readonly ChipSlot[]): number | undefined {
  if (covered.some((s) => s.price === undefined)) return undefined;
  return Math.round(covered.reduce((cents, s) => cents + Math.round(s.price! * 100), 0)) / 100;
}

/** "Saturday, 21 November 2026, 18:00–19:00". */
export const choiceWhen = (choice: SlotChoice): string => `${formatLongDate(choice.date)}, ${choice.start}–${choice.end}`;

/**
 * Refusals that mean the time is no longer to be had (someone took it, the changeover before it,
 * a closure, the clock passed it): say so and offer the nearest free times instead of the
 * server's words. Any other refusal (a quota, the hold limit) is the customer's to read.
 */
export const GONE: ReadonlySet<FailureCode> = new Set<FailureCode>(['SLOT_TAKEN', 'BUFFER', 'FACILITY_CLOSED', 'CLOSURE_CONFLICT', 'CLOSED', 'IN_THE_PAST', 'TOO_SOON', 'OUTSIDE_OPENING_HOURS']);

export interface GoneLinks {
  /** Find a court on that day (and sport). */
  find: string;
  /** The facility's page on that day. */
  facility: string;
}

/** The step when the choice is gone: say so, the nearest free times that day as chips, and where else to look. */
export function goneHtml(facility: ChipFacility, choice: SlotChoice, slots: readonly ChipSlot[] | null, links: GoneLinks): string {
  const nearest = slots ? nearestSlots(slots, choice.start) : [];
  const name = escapeHtml(facility.name);
  const offer = nearest.length > 0
    ? `<p>The nearest free times at ${name} that day:</p>${slotChipsHtml(facility, choice.date, nearest)}`
    : slots
      ? `<p>Nothing else is free at ${name} that day.</p>`
      : '';
  return (
    '<div class="book-gone">' +
    `<p class="alert alert-warn book-gone-title"><strong>Sorry, ${escapeHtml(choice.start)}–${escapeHtml(choice.end)} at ${name} is no longer free.</strong> Someone may have just booked it.</p>` +
    offer +
    `<p class="book-gone-links"><a class="btn btn-secondary" href="${escapeHtml(links.find)}">Find another court</a>` +
    `<a class="btn btn-secondary" href="${escapeHtml(links.facility)}">Other days at ${name}</a></p>` +
    '</div>'
  );
}

/**
 * A refusal the customer can act on (a quota, the hold limit, no answer): the reason, then the
 * ways on. "Try again" only with `retryHref`, for a request that got no answer: anything else
 * would be refused the same way, so My bookings (where a booking can be freed) leads.
 */
export function refusedHtml(reason: string, links: GoneLinks & { myBookings: string }, retryHref?: string): string {
  const primary = retryHref
    ? `<a class="btn" href="${escapeHtml(retryHref)}">Try again</a><a class="btn btn-secondary" href="${escapeHtml(links.myBookings)}">My bookings</a>`
    : `<a class="btn" href="${escapeHtml(links.myBookings)}">My bookings</a>`;
  return (
    '<div class="card book-panel">' +
    `<p class="alert alert-error">Could not hold this slot. ${escapeHtml(reason)}</p>` +
    `<p class="book-gone-links">${primary}<a class="btn btn-secondary" href="${escapeHtml(links.find)}">Find another court</a></p>` +
    '</div>'
  );
}

/** The step when the facility's rules refuse the choice: the rule, and where to look instead. */
export function refusedByRuleHtml(facility: ChipFacility, reason: string, links: GoneLinks): string {
  const name = escapeHtml(facility.name);
  return (
    '<div class="book-gone">' +
    `<p class="alert alert-warn book-gone-title"><strong>This slot cannot be booked.</strong> ${escapeHtml(reason)}</p>` +
    `<p class="book-gone-links"><a class="btn btn-secondary" href="${escapeHtml(links.find)}">Find another court</a>` +
    `<a class="btn btn-secondary" href="${escapeHtml(links.facility)}">Other days at ${name}</a></p>` +
    '</div>'
  );
}

/** What the customer's own bookings say of a choice the server called taken: they hold it already (a second tap, a reload), have it booked, or neither. */
export function ownBookingOf(
  bookings: readonly { facility: { _id: string }; date: string; startTime: string; endTime: string; status: string; holdExpiresAt: string | null }[],
  choice: SlotChoice,
  now = Date.now(),
): 'held' | 'booked' | null {
  const same = bookings.filter((b) => b.facility._id === choice.facility && b.date === choice.date && b.startTime === choice.start && b.endTime === choice.end);
  if (same.some((b) => b.status === 'confirmed')) return 'booked';
  if (same.some((b) => b.status === 'pending' && (b.holdExpiresAt === null || Date.parse(b.holdExpiresAt) > now))) return 'held';
  return null;
}
