import { fromLocal, formatTime, parseDate, parseTime, weekdayOf, type CivilDate } from './clock.ts';
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
 * The slot grid of one local day, following the wall clock. A slot swallowed by a
 * daylight-saving gap (zero real length) does not exist; one stretched by a repeated
 * hour lasts longer in real time, and is priced for that.
 */
export function daySlots(schedule: Schedule, dateText: string): Slot[] {
  const date = parseDate(dateText);
  const window = dayWindow(schedule, date);
  if (!window) return [];
  const slots: Slot[] = [];
  for (let m = window.open; m + schedule.slotMinutes <= window.close; m += schedule.slotMinutes) {
    const startsAt = fromLocal(date, m, schedule.timezone);
    const endsAt = fromLocal(date, m + schedule.slotMinutes, schedule.timezone);
    if (endsAt.getTime() <= startsAt.getTime()) continue;
    slots.push({ startTime: formatTime(m), endTime: formatTime(m + schedule.slotMinutes), startsAt, endsAt });
  }
  return slots;
}

export function overlaps(a: Interval, b: Interval): boolean {
  return a.startsAt.getTime() < b.endsAt.getTime() && b.startsAt.getTime() < a.endsAt.getTime();
}

/** Slots that have not started yet and collide with no busy interval (half-open ranges). */
export function freeSlots(slots: Slot[], busy: Interval[], now: Date): Slot[] {
  return slots.filter(
    (slot) => slot.startsAt.getTime() > now.getTime() && !busy.some((b) => overlaps(slot, b)),
  );
}
