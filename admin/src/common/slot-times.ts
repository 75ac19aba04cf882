import { dayWindow, formatTime, parseDate, parseTime, type Schedule } from '@courtside/domain';

/**
 * The times staff may pick for a booking at a facility on a date: its slot grid inside that
 * day's opening hours, and ends no longer than its longest booking. The same rules the server
 * applies (domain/src/booking-request.ts), so the menus offer only times it can accept.
 */

/** Where a booking is: the four fields the new-booking dialog and the move dialog share. */
export interface SlotChoice {
  facilityId: string;
  date: string;
  startTime: string;
  endTime: string;
}

/** The value a parser makes of the text, or undefined where it refuses it (a field half typed). */
const orUndefined = <T>(parse: () => T): T | undefined => {
  try {
    return parse();
  } catch {
    return undefined;
  }
};
const safeDate = (date: string) => orUndefined(() => parseDate(date));
const minutesOf = (time: string) => orUndefined(() => parseTime(time));

/** Opening minutes of that date, or null when the facility is closed that day (or the date is not one). */
export function openingOn(facility: Schedule, date: string): { open: number; close: number } | null {
  const day = safeDate(date);
  return day ? dayWindow(facility, day) : null;
}

/** Every slot start of the day: 08:00, 09:00, ... up to the last one that still fits. */
export function startTimes(facility: Schedule, date: string): string[] {
  const hours = openingOn(facility, date);
  if (!hours) return [];
  const times: string[] = [];
  for (let m = hours.open; m + facility.slotMinutes <= hours.close; m += facility.slotMinutes) times.push(formatTime(m));
  return times;
}

/** The ends a booking from `startTime` may have: one slot on, up to closing or its longest length. */
export function endTimes(facility: Schedule, date: string, startTime: string): string[] {
  const hours = openingOn(facility, date);
  const start = minutesOf(startTime);
  if (!hours || start === undefined) return [];
  const last = Math.min(hours.close, start + facility.maxBookingMinutes);
  const times: string[] = [];
  for (let m = start + facility.slotMinutes; m <= last; m += facility.slotMinutes) times.push(formatTime(m));
  return times;
}

/**
 * A new start keeps the booking's length when it still fits that day, else becomes one slot;
 * the end follows the start so the two never cross.
 */
export function withStart(facility: Schedule, choice: SlotChoice, startTime: string): SlotChoice {
  const length = minutesBetween(choice.startTime, choice.endTime) ?? facility.slotMinutes;
  const ends = endTimes(facility, choice.date, startTime);
  const kept = ends.find((t) => minutesBetween(startTime, t) === length);
  return { ...choice, startTime, endTime: kept ?? ends[0] ?? choice.endTime };
}

/**
 * The choice made to fit the facility's day: the start kept when it is one of that day's
 * slots, else the first one; the end kept when it still fits, else one slot on. A day the
 * facility is closed leaves the times as they are (nothing fits; the date field says so).
 */
export function fitToDay(facility: Schedule, choice: SlotChoice): SlotChoice {
  const starts = startTimes(facility, choice.date);
  if (starts.length === 0) return choice;
  const start = starts.includes(choice.startTime) ? choice.startTime : starts[0]!;
  return endTimes(facility, choice.date, start).includes(choice.endTime) ? { ...choice, startTime: start } : withStart(facility, choice, start);
}

/** Minutes from one HH:mm to another, or undefined when either is not a time. */
export function minutesBetween(from: string, to: string): number | undefined {
  const [a, b] = [minutesOf(from), minutesOf(to)];
  return a === undefined || b === undefined ? undefined : b - a;
}
