import { durationText, isDateText, parseTime as minutesOf } from '@courtside/domain';
import { formatLongDate, formatMoney } from '@courtside/browser';

/**
 * Pure rules of the booking screen (no DOM, no React), so they are easy to read and test:
 * dates within the booking horizon, end-time choices from free slots, and price. Calendar
 * arithmetic is the domain's. The server re-checks everything and computes the real price;
 * these only guide the form.
 */
export interface Slot {
  startTime: string;
  endTime: string;
  /** What the slot costs, in dollars, as the server prices it for the caller (the facility's price rules, their tier). */
  price?: number;
  /** The signed-in customer's tier when it priced the slot ("Member"). */
  tier?: string;
}

export const MESSAGES = {
  missingTimes: 'Please select both start and end times.',
  endBeforeStart: 'End time must be after the start time.',
  noSlots: 'No available slots for the selected date.',
  allTaken: 'Every slot is taken on this day. Tap one to join its waitlist.',
  taken: 'That slot was just taken. Please choose another time.',
  failed: 'Error creating booking. Please try again.',
  waitlisted: 'People are waiting for this time, so it goes to the first in line. Join the waitlist to be next.',
} as const;

/** True for a well-formed date between min and max (inclusive). */
export function dateInRange(date: string, min: string, max: string): boolean {
  return isDateText(date) && !Number.isNaN(Date.parse(date)) && date >= min && date <= max;
}

/**
 * How long a booking at the facility may be, in minutes, as the server checks it: at least one
 * slot and the facility's shortest booking, at most its longest (the stricter of its schedule's
 * and its policy's).
 */
export interface LengthRules {
  minMinutes: number;
  maxMinutes: number;
}

/**
 * The end times a booking starting at `start` may have: the end of that slot, and of each
 * following free slot as long as they are back to back, no shorter than `minMinutes` and no
 * longer than `maxMinutes` in total.
 */
export function endOptions(slots: Slot[], start: string, rules: LengthRules): string[] {
  const i = slots.findIndex((s) => s.startTime === start);
  if (i < 0) return [];
  const from = minutesOf(start);
  const ends: string[] = [];
  for (let j = i; j < slots.length; j++) {
    const slot = slots[j]!;
    if (j > i && slot.startTime !== slots[j - 1]!.endTime) break;
    const length = minutesOf(slot.endTime) - from;
    if (length <= 0 || length > rules.maxMinutes) break;
    if (length >= rules.minMinutes) ends.push(slot.endTime);
  }
  return ends;
}

/** A length the customer may choose from a start: its end, its minutes and its price (the sum of its slots' server prices). */
export interface LengthOption {
  end: string;
  minutes: number;
  price: number | undefined;
}

/** The lengths a booking starting at `start` may have, shortest first, each priced. */
export function lengthOptions(slots: Slot[], start: string, rules: LengthRules): LengthOption[] {
  return endOptions(slots, start, rules).map((end) => ({ end, minutes: minutesOf(end) - minutesOf(start), price: slotsPrice(slots, start, end) }));
}

/** The starts worth offering: those from which some allowed length is free. */
export function startOptions(slots: Slot[], rules: LengthRules): Slot[] {
  return slots.filter((s) => endOptions(slots, s.startTime, rules).length > 0);
}

/** "1 hour · $20.00": a length as the list of lengths names it. */
export function lengthLabel(option: LengthOption): string {
  const price = formatMoney(option.price);
  return price ? `${durationText(option.minutes)} · ${price}` : durationText(option.minutes);
}

/** The slots a start/end choice covers (to highlight them). */
export function coveredSlots(slots: Slot[], start: string, end: string): Set<string> {
  const covered = new Set<string>();
  if (!start || !end) return covered;
  const from = minutesOf(start);
  const to = minutesOf(end);
  for (const s of slots) if (minutesOf(s.startTime) >= from && minutesOf(s.endTime) <= to) covered.add(s.startTime);
  return covered;
}

/** What a tap on a slot chip selects: extend the current choice when it can, else start over from that slot. */
export function selectSlot(slots: Slot[], current: { start: string; end: string }, slot: Slot, rules: LengthRules): { start: string; end: string } {
  if (current.start && minutesOf(slot.startTime) >= minutesOf(current.start)) {
    const ends = endOptions(slots, current.start, rules);
    // Clicking the single selected slot again keeps it; a later reachable slot extends (or shortens) the range.
    if (ends.includes(slot.endTime) && !(slot.startTime === current.start && current.end === slot.endTime)) {
      return { start: current.start, end: slot.endTime };
    }
  }
  // A new start gets its shortest allowed length (one slot, or the facility's shortest booking).
  return { start: slot.startTime, end: endOptions(slots, slot.startTime, rules)[0] ?? '' };
}

/** The form's own checks, with the original product's messages; null when fine. */
export function validateTimes(start: string, end: string): string | null {
  if (!start || !end) return MESSAGES.missingTimes;
  if (minutesOf(end) <= minutesOf(start)) return MESSAGES.endBeforeStart;
  return null;
}

/** The free slots a choice covers, back to back from its start to its end; null when any part of it is not free. */
export function freeRun<T extends Slot>(slots: readonly T[], start: string, end: string): T[] | null {
  const run: T[] = [];
  let at = start;
  while (minutesOf(at) < minutesOf(end)) {
    const slot = slots.find((s) => s.startTime === at);
    if (!slot || minutesOf(slot.endTime) > minutesOf(end)) return null;
    run.push(slot);
    at = slot.endTime;
  }
  return run.length > 0 ? run : null;
}

/**
 * What a choice costs: the sum of the prices the server gave its slots (the domain's price of
 * each, for the caller's tier), added in cents; undefined unless it is free and every slot carries a price.
 */
export function slotsPrice(slots: readonly Slot[], start: string, end: string): number | undefined {
  const run = freeRun(slots, start, end);
  if (!run || run.some((s) => s.price === undefined)) return undefined;
  return run.reduce((cents, s) => cents + Math.round(s.price! * 100), 0) / 100;
}

/** The tier whose prices the slots show (the server names it on each slot it priced), if any. */
export function priceTierOf(slots: Slot[]): string | undefined {
  return slots.find((s) => s.tier !== undefined)?.tier;
}

/** What a screen reader hears about the day's slots. */
export function slotsAnnouncement(date: string, slots: SlotsState): string {
  if (slots.status === 'loading') return 'Loading available slots…';
  if (slots.status === 'error') return slots.message;
  const n = slots.slots.length;
  return n === 0 ? MESSAGES.noSlots : `${n} free ${n === 1 ? 'slot' : 'slots'} on ${formatLongDate(date)}.`;
}

export type SlotsState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; slots: Slot[] };
