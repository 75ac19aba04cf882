import { parseTime as minutesOf } from '@courtside/domain';
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
  taken: 'That slot was just taken. Please choose another time.',
  failed: 'Error creating booking. Please try again.',
} as const;

/** True for a well-formed date between min and max (inclusive). */
export function dateInRange(date: string, min: string, max: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(Date.parse(date)) && date >= min && date <= max;
}

/**
 * The end times a booking starting at `start` may have: the end of that slot, and of each
 * following free slot as long as they are back to back and within `maxMinutes` in total.
 */
export function endOptions(slots: Slot[], start: string, maxMinutes: number): string[] {
  const i = slots.findIndex((s) => s.startTime === start);
  if (i < 0) return [];
  const from = minutesOf(start);
  const ends: string[] = [];
  for (let j = i; j < slots.length; j++) {
    const slot = slots[j]!;
    if (j > i && slot.startTime !== slots[j - 1]!.endTime) break;
    const length = minutesOf(slot.endTime) - from;
    if (length <= 0 || length > maxMinutes) break;
    ends.push(slot.endTime);
  }
  return ends;
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

/** What a click on a slot chip selects: extend the current choice when it can, else start over. */
export function selectSlot(slots: Slot[], current: { start: string; end: string }, slot: Slot, maxMinutes: number): { start: string; end: string } {
  if (current.start && minutesOf(slot.startTime) >= minutesOf(current.start)) {
    const ends = endOptions(slots, current.start, maxMinutes);
    // Clicking the single selected slot again keeps it; a later reachable slot extends (or shortens) the range.
    if (ends.includes(slot.endTime) && !(slot.startTime === current.start && current.end === slot.endTime)) {
      return { start: current.start, end: slot.endTime };
    }
  }
  return { start: slot.startTime, end: slot.endTime };
}

/** The form's own checks, with the original product's messages; null when fine. */
export function validateTimes(start: string, end: string): string | null {
  if (!start || !end) return MESSAGES.missingTimes;
  if (minutesOf(end) <= minutesOf(start)) return MESSAGES.endBeforeStart;
  return null;
}

/** Hours between two wall-clock times (0 when the range is empty or inverted). */
export function hoursBetween(start: string, end: string): number {
  if (!start || !end) return 0;
  return Math.max(0, minutesOf(end) - minutesOf(start)) / 60;
}

/** Estimated price in dollars, rounded to cents. */
export function priceFor(start: string, end: string, pricePerHour: number): number {
  return Math.round(hoursBetween(start, end) * pricePerHour * 100) / 100;
}

/**
 * The total of a choice: the sum of the prices the server gave its slots (peak hours cost
 * what they cost), else the flat rate times its length.
 */
export function totalFor(slots: Slot[], start: string, end: string, pricePerHour: number): number {
  const covered = coveredSlots(slots, start, end);
  const chosen = slots.filter((s) => covered.has(s.startTime));
  const spans = chosen.length > 0 && minutesOf(chosen[0]!.startTime) === minutesOf(start) && minutesOf(chosen[chosen.length - 1]!.endTime) === minutesOf(end);
  if (!spans || chosen.some((s) => s.price === undefined)) return priceFor(start, end, pricePerHour);
  return Math.round(chosen.reduce((sum, s) => sum + s.price! * 100, 0)) / 100;
}

/** The tier whose prices the slots show (the server names it on each slot it priced), if any. */
export function priceTierOf(slots: Slot[]): string | undefined {
  return slots.find((s) => s.tier !== undefined)?.tier;
}

/**
 * The summary's "Rate": the customer's tier prices when a tier priced the slots, "Varies by
 * time" when the choice's total is not the flat rate times its length, else the flat rate.
 */
export function rateText(choice: { start: string; end: string; total: number }, pricePerHour: number, tier: string | undefined): string {
  if (tier) return `${tier} prices`;
  const varies = hoursBetween(choice.start, choice.end) > 0 && choice.total !== priceFor(choice.start, choice.end, pricePerHour);
  return varies ? 'Varies by time' : `${formatMoney(pricePerHour)} / hour`;
}

export function formatHours(hours: number): string {
  const text = Number.isInteger(hours) ? String(hours) : hours.toFixed(2).replace(/0$/, '');
  return `${text} ${hours === 1 ? 'hour' : 'hours'}`;
}

/** What a screen reader hears about the day's slots. */
export function slotsAnnouncement(date: string, slots: SlotsState): string {
  if (slots.status === 'loading') return 'Loading available slots…';
  if (slots.status === 'error') return slots.message;
  const n = slots.slots.length;
  return n === 0 ? MESSAGES.noSlots : `${n} free ${n === 1 ? 'slot' : 'slots'} on ${formatLongDate(date)}.`;
}

export type SlotsState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; slots: Slot[] };
