import { formatClockTime, formatMoney } from '@courtside/browser';
import { escapeHtml } from '@courtside/domain';
import { bookHref } from '../booking/choice.ts';

/**
 * The free-slot chip, one piece for every page that offers slots (Find a court, a facility's
 * page, the booking step's "nearest free" list): a real link to the booking step whose
 * accessible name says everything ("Centre Court, 10:00 to 11:00, $28.00"). Rendered as HTML
 * text so the server (set:html) and the small scripts that update a page in place (innerHTML)
 * write exactly the same markup; every text that is not ours is escaped.
 */
export interface ChipSlot {
  startTime: string;
  endTime: string;
  /** Major units of the venue's currency, as the server priced it for the caller. */
  price?: number;
  /** Minutes of play when the facility's changeover takes the end of the slot, as the server says it. */
  playMinutes?: number;
}

export interface ChipFacility {
  _id: string;
  name: string;
}


/** "50 min play" for a slot whose end the facility's changeover takes; undefined otherwise. */
export const slotPlayText = (slot: ChipSlot): string | undefined => (slot.playMinutes === undefined ? undefined : `${slot.playMinutes} min play`);

/** "Centre Court, 10:00 to 11:00, 50 min play, $28.00" (no price: no price part; no changeover: no play part). */
export function slotChipName(facility: ChipFacility, slot: ChipSlot): string {
  const price = formatMoney(slot.price);
  const play = slotPlayText(slot);
  return `${facility.name}, ${formatClockTime(slot.startTime)} to ${formatClockTime(slot.endTime)}${play ? `, ${play}` : ''}${price ? `, ${price}` : ''}`;
}

/** A time that never breaks inside ("6:00 PM"): a narrow chip wraps between its two times instead. */
const timeHtml = (time: string) => `<span class="slot-chip-at">${escapeHtml(formatClockTime(time))}</span>`;

/** One chip, a list item. */
export function slotChipHtml(facility: ChipFacility, date: string, slot: ChipSlot): string {
  const href = bookHref({ facility: facility._id, date, start: slot.startTime, end: slot.endTime });
  const price = formatMoney(slot.price);
  const play = slotPlayText(slot);
  return (
    `<li><a class="slot-chip" href="${escapeHtml(href)}" aria-label="${escapeHtml(slotChipName(facility, slot))}">` +
    // The name repeats the visible words in their order ("10:00 to 11:00", the price): what a voice user says is what works.
    `<span class="slot-chip-time">${timeHtml(slot.startTime)} <span class="slot-chip-to">to</span> ${timeHtml(slot.endTime)}</span>` +
    (play ? ` <span class="slot-chip-play">${escapeHtml(play)}</span>` : '') +
    // The space keeps the time and the price apart in the text assistive technology reads.
    (price ? ` <span class="slot-chip-price">${escapeHtml(price)}</span>` : '') +
    '</a></li>'
  );
}

/** A facility's chips for one day, as a list named for screen readers ("Free slots at Centre Court"). */
export function slotChipsHtml(facility: ChipFacility, date: string, slots: readonly ChipSlot[]): string {
  const items = slots.map((slot) => slotChipHtml(facility, date, slot)).join('');
  return `<ul class="slot-chips" aria-label="${escapeHtml(`Free slots at ${facility.name}`)}">${items}</ul>`;
}

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * The free slots nearest a wanted start time (the one just taken, left out even if a list read
 * a moment too early still has it), at most `count`, back in the day's order: what to offer instead.
 */
export function nearestSlots<T extends ChipSlot>(slots: readonly T[], wanted: string, count = 4): T[] {
  const at = minutes(wanted);
  return slots
    .filter((s) => s.startTime !== wanted)
    .sort((a, b) => Math.abs(minutes(a.startTime) - at) - Math.abs(minutes(b.startTime) - at) || minutes(a.startTime) - minutes(b.startTime))
    .slice(0, count)
    .sort((a, b) => minutes(a.startTime) - minutes(b.startTime));
}
