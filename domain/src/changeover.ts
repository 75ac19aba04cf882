import { MINUTE_MS } from './clock.ts';
import { localTimes } from './booking-request.ts';
import { invalid } from './errors.ts';
import { durationText } from './policy.ts';
import type { Interval } from './slots.ts';

/**
 * A facility's changeover comes out of the END of the booked time: a booking holds exactly the
 * slots it booked (so the neighbouring slots stay on sale) and its play ends `changeoverMinutes`
 * before its end, leaving the court free to be turned over. When the same customer's own next
 * booking on the facility starts right where this one ends, nobody needs the court turned over:
 * play runs on through, and only the last booking of the run ends early.
 */

/** When play ends in a booking. `runsOn`: the same customer's next booking on the facility starts at its end. */
export function playEnd(booking: Interval, changeoverMinutes: number, runsOn = false): Date {
  if (runsOn || changeoverMinutes <= 0) return booking.endsAt;
  return new Date(booking.endsAt.getTime() - changeoverMinutes * MINUTE_MS);
}

/** The minutes of play in `lengthMinutes` of booked time (see playEnd). */
export function playMinutes(lengthMinutes: number, changeoverMinutes: number, runsOn = false): number {
  return runsOn ? lengthMinutes : Math.max(0, lengthMinutes - changeoverMinutes);
}

/**
 * Each booking's play end among one customer's bookings at one facility (any order): a booking
 * another one of the list starts at the end of runs on. The list's order is kept.
 */
export function playEnds(bookings: readonly Interval[], changeoverMinutes: number): Date[] {
  const starts = new Set(bookings.map((b) => b.startsAt.getTime()));
  return bookings.map((b) => playEnd(b, changeoverMinutes, starts.has(b.endsAt.getTime())));
}

/**
 * What a changeover does, in the words staff read next to the field before they save it and the
 * facility page shows customers: "Each 60-minute booking ends its play 10 minutes early so the
 * court can be turned over; neighbouring slots stay on sale."
 */
export function changeoverExplained(slotMinutes: number, changeoverMinutes: number): string {
  if (changeoverMinutes <= 0) return 'No changeover: play runs to the end of each booked slot.';
  return `Each ${slotMinutes}-minute booking ends its play ${durationText(changeoverMinutes)} early so the court can be turned over ` +
    `(${playMinutes(slotMinutes, changeoverMinutes)} minutes of play); neighbouring slots stay on sale, and a customer's own back-to-back slots play straight through.`;
}

/** The changeover as a customer reads it among a facility's rules: "the last 10 minutes of each booking (50 minutes of play a slot); your own back-to-back slots play through". */
export function changeoverRule(slotMinutes: number, changeoverMinutes: number): string {
  return `the last ${durationText(changeoverMinutes)} of each booking (${playMinutes(slotMinutes, changeoverMinutes)} minutes of play a slot); your own back-to-back slots play through`;
}

/** INVALID_POLICY unless a changeover leaves play in the shortest booking (one slot). */
export function checkChangeoverFits(changeoverMinutes: number, slotMinutes: number, path = 'policy.bufferMinutes'): void {
  if (changeoverMinutes < slotMinutes) return;
  throw invalid('INVALID_POLICY', `${path} (${changeoverMinutes}) must be shorter than one slot (${slotMinutes} minutes), or no time is left to play`, path);
}

/** A booking's play as its screens, emails and calendar event show it. */
export interface BookedPlay {
  playEndsAt: Date;
  /** On the facility's wall clock, "HH:MM" ("24:00" at midnight), as localTimes says endTime. */
  playEndTime: string;
  playMinutes: number;
}

/** The play of one booking (see playEnd) at a facility in `timezone`. */
export function bookedPlay(booking: Interval & { changeoverMinutes: number; runsOn: boolean }, timezone: string): BookedPlay {
  const playEndsAt = playEnd(booking, booking.changeoverMinutes, booking.runsOn);
  return {
    playEndsAt,
    playEndTime: localTimes(booking.startsAt, playEndsAt, timezone).endTime,
    playMinutes: Math.round((playEndsAt.getTime() - booking.startsAt.getTime()) / MINUTE_MS),
  };
}
