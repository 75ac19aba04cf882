import { formatTime, parseDate, parseTime, slotBoundary, weekdayOf, type CivilDate } from './clock.ts';
import { WEEKDAYS, type Schedule } from './schedule.ts';

/** One bookable slot: wall-clock labels for people, instants for the database. */
export interface Slot {
  startTime: string;
  endTime: string;
  startsAt: Date;
  endsAt: Date;
}

export interface Interval {
  startsAt: Date;
  endsAt: Date;
}

/** Opening minutes of the local day, or null when closed. */
export function dayWindow(schedule: Schedule, date: CivilDate): { open: number; close: number } | null {
  const hours = schedule.openingHours[WEEKDAYS[weekdayOf(date)]!];
  if (!hours) return null;
  return { open: parseTime(hours.open), close: parseTime(hours.close) };
}

/**
 * The real interval of the wall-clock span `start`..`end` (minutes after midnight of `date`),
 * or undefined when it does not exist: it starts or ends inside a daylight-saving gap, or has
 * no real length (the gap swallowed it). A span cut short by a gap keeps what is left; one
 * stretched by a repeated hour lasts longer. Slots and booking requests both go through here.
 */
export function wallInterval(date: CivilDate, start: number, end: number, tz: string): Interval | undefined {
  const startsAt = slotBoundary(date, start, tz);
  const endsAt = startsAt && slotBoundary(date, end, tz);
  if (!startsAt || !endsAt || endsAt.getTime() <= startsAt.getTime()) return undefined;
  return { startsAt, endsAt };
}

/**
 * The slot grid of one local day, following the wall clock. A slot inside a daylight-saving
 * gap does not exist (02:00-02:30 in New York on spring-forward day); one stretched by a
 * repeated hour lasts longer in real time, and is priced for that.
 */
export function daySlots(schedule: Schedule, dateText: string): Slot[] {
  const date = parseDate(dateText);
  const window = dayWindow(schedule, date);
  if (!window) return [];
  const slots: Slot[] = [];
  for (let m = window.open; m + schedule.slotMinutes <= window.close; m += schedule.slotMinutes) {
    const real = wallInterval(date, m, m + schedule.slotMinutes, schedule.timezone);
    if (real) slots.push({ startTime: formatTime(m), endTime: formatTime(m + schedule.slotMinutes), ...real });
  }
  return slots;
}

export function overlaps(a: Interval, b: Interval): boolean {
  return a.startsAt.getTime() < b.endsAt.getTime() && b.startsAt.getTime() < a.endsAt.getTime();
}

/**
 * Slots that have not started yet and collide with no busy interval (half-open ranges). A
 * changeover does not widen anything here: it comes out of the end of each booking's play
 * (changeover.ts), so a booking takes exactly its own slots.
 */
export function freeSlots(slots: Slot[], busy: Interval[], now: Date): Slot[] {
  return slots.filter((slot) => slot.startsAt.getTime() > now.getTime() && !busy.some((b) => overlaps(slot, b)));
}
