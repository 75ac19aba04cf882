import { formatZone, venueLocale } from '@courtside/browser';
import { displayDateTime, displayInstantTime, isValidTimeZone, toLocal } from '@courtside/domain';

/**
 * Times as the facility's wall clock, the one its slots are in, in the venue's locale and clock:
 * "1:00 PM", or "1:00 PM (New York time)" when the visitor's own clock reads that instant
 * differently (so nobody mixes the two up).
 */

function visitorZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** True when the facility's wall clock and the visitor's read `at` differently. */
export function zoneDiffers(timeZone: string, at: number, visitor = visitorZone()): boolean {
  if (!visitor || !isValidTimeZone(timeZone) || !isValidTimeZone(visitor)) return false;
  const [facility, theirs] = [toLocal(at, timeZone), toLocal(at, visitor)];
  return facility.date !== theirs.date || facility.time !== theirs.time;
}

/** The zone's name (" (New York time)"), with a leading space, or '' when the visitor's clock agrees. */
export function zoneSuffix(timeZone: string, at: number, visitor = visitorZone()): string {
  return zoneDiffers(timeZone, at, visitor) ? ` (${formatZone(timeZone)})` : '';
}

/**
 * An instant on the facility's clock: "1:00 PM" (or "Tuesday, March 9, 2027, 1:00 PM" with the
 * day), labelled with the zone where the visitor's differs. '' for a missing or malformed instant.
 */
export function formatZoned(iso: string | null | undefined, timeZone: string, { withDay = false } = {}, visitor = visitorZone()): string {
  const at = iso ? Date.parse(iso) : NaN;
  if (Number.isNaN(at)) return '';
  const zone = isValidTimeZone(timeZone) ? timeZone : (visitor ?? 'UTC');
  const text = withDay ? displayDateTime(at, zone, venueLocale()) : displayInstantTime(at, zone, venueLocale());
  return text + zoneSuffix(timeZone, at, visitor);
}

/**
 * The label for wall-clock times of a local date (a booking's "10:00 AM – 11:00 AM"): the zone's
 * name around midday of that date, where the visitor's zone differs; else ''.
 */
export function zoneSuffixOn(date: string, timeZone: string, visitor = visitorZone()): string {
  const at = Date.parse(`${date}T12:00:00Z`);
  return Number.isNaN(at) ? '' : zoneSuffix(timeZone, at, visitor);
}
