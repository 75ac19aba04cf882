import { formatLongDate, formatTimeRange } from '@courtside/browser';
import { escapeHtml } from '@courtside/domain';
import { nearestSlots, slotChipsHtml, type ChipFacility, type ChipSlot } from '../slots/slot-chips.ts';
import type { SlotChoice } from './choice.ts';

/**
 * What the booking step says, server-rendered, when the slot a link carries cannot be had: taken
 * (the nearest free times that day as chips), or refused by one of the facility's rules.
 */

/** "Saturday, 21 November 2026, 18:00–19:00". */
export const choiceWhen = (choice: SlotChoice): string => `${formatLongDate(choice.date)}, ${formatTimeRange(choice.start, choice.end)}`;

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
    `<p class="alert alert-warn book-gone-title"><strong>Sorry, ${escapeHtml(formatTimeRange(choice.start, choice.end))} at ${name} is no longer free.</strong> Someone may have just booked it.</p>` +
    offer +
    `<p class="book-gone-links"><a class="btn btn-secondary" href="${escapeHtml(links.find)}">Find another court</a>` +
    `<a class="btn btn-secondary" href="${escapeHtml(links.facility)}">Other days at ${name}</a></p>` +
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
