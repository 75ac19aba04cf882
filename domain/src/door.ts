import { accessOpenAt, accessOpensAt } from './access.ts';
import { DEFAULT_LOCALE, displayInstantDate, displayInstantTime } from './datetime-format.ts';
import { toLocal } from './clock.ts';

/**
 * At the door: what a keypad, gate or kiosk (an access device) is told when someone types a
 * code, and the words it shows. The API decides with decideDoor and sends doorWords' sentence
 * with its answer, so a keypad with a display and the /checkin kiosk say the same thing.
 */

export const DOOR_REASONS = ['unknown', 'too_early', 'ended', 'other_facility'] as const;
export type DoorReason = (typeof DOOR_REASONS)[number];

/** The confirmed booking a code names at the moment it is typed (see the repository's lookup). */
export interface DoorBooking {
  id: string;
  facilityId: string;
  facilityName: string;
  /** The facility's IANA zone: times are said on its clock. */
  timeZone: string;
  startsAt: Date;
  endsAt: Date;
  customerName: string;
}

export type DoorDecision =
  | { allow: true; booking: DoorBooking }
  | { allow: false; reason: 'unknown' }
  | { allow: false; reason: 'too_early'; booking: DoorBooking; opensAt: Date }
  | { allow: false; reason: 'ended' | 'other_facility'; booking: DoorBooking };

/** The facilities a device opens: null (or none listed) is every facility. */
export const deviceOpens = (facilityIds: readonly string[] | null, facilityId: string): boolean =>
  facilityIds === null || facilityIds.length === 0 || facilityIds.includes(facilityId);

/**
 * Whether a code opens this device's door at `now`. `found` is the booking the code names (the one
 * whose uniqueness window holds now, else the nearest in time), or undefined: no confirmed booking
 * has it. A booking at a facility the device does not open is refused first, whatever the time:
 * the player is at the wrong door.
 */
export function decideDoor(found: DoorBooking | undefined, device: { facilityIds: readonly string[] | null }, opensMinutes: number, now: Date): DoorDecision {
  if (!found) return { allow: false, reason: 'unknown' };
  if (!deviceOpens(device.facilityIds, found.facilityId)) return { allow: false, reason: 'other_facility', booking: found };
  if (accessOpenAt(found, opensMinutes, now)) return { allow: true, booking: found };
  if (now >= found.endsAt) return { allow: false, reason: 'ended', booking: found };
  return { allow: false, reason: 'too_early', booking: found, opensAt: accessOpensAt(found.startsAt, opensMinutes) };
}

/** The first word of a name ("Ana" of "Ana María Ruiz"): a screen at the door shows no more. */
export const firstNameOf = (name: string): string => name.trim().split(/\s+/)[0] ?? '';

/**
 * The sentence a door's screen shows for a decision: "Welcome, Ana: Court 3 until 7:00 PM", or why
 * not. Times are on the facility's clock in the venue's locale; a door that opens on another day
 * than today says which day.
 */
export function doorWords(decision: DoorDecision, now: Date, locale: string = DEFAULT_LOCALE): string {
  if (decision.allow) {
    const b = decision.booking;
    const name = firstNameOf(b.customerName);
    const greeting = name ? `Welcome, ${name}` : 'Welcome';
    return `${greeting}: ${b.facilityName} until ${displayInstantTime(b.endsAt, b.timeZone, locale)}`;
  }
  switch (decision.reason) {
    case 'unknown':
      return 'This code is not valid. Please check it and try again.';
    case 'ended':
      return 'This booking has ended.';
    case 'other_facility':
      return `This code is for ${decision.booking.facilityName}, not this door.`;
    case 'too_early': {
      const tz = decision.booking.timeZone;
      const time = displayInstantTime(decision.opensAt, tz, locale);
      const sameDay = toLocal(decision.opensAt, tz).date === toLocal(now, tz).date;
      const when = sameDay ? `at ${time}` : `on ${displayInstantDate(decision.opensAt, tz, locale, 'fullNoYear')} at ${time}`;
      return `Too early: this code opens the door ${when}.`;
    }
  }
}

/** What a door says while it refuses every code after too many wrong ones (429 with Retry-After). */
export function doorBlockedWords(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many wrong codes. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'} or ask the staff.`;
}

/** What the API's limit refuses with (the 429's message). */
export const DOOR_BLOCKED_MESSAGE = 'Too many wrong codes from this device. Please wait and try again.';

/** An access code as typed: six digits, spaces allowed between them (a keypad may group them). */
export function normalizeAccessCode(typed: string): string | undefined {
  const digits = typed.replace(/\s+/g, '');
  return /^[0-9]{6}$/.test(digits) ? digits : undefined;
}
