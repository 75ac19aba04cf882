import { accessCodeShown, accessOpensAt } from './access.ts';

/**
 * What a booking's door code looks like to the people who read it: who may see it and when,
 * and the words every page, message and calendar event says it in.
 */

/** Who reads a booking: staff see its code whenever it has one; its customer and players from the day before. */
export type DoorReader = 'staff' | 'customer';

/** A booking's code as `reader` may see it at `now`, with when it opens the door; null when they may not (or it has none). */
export function visibleDoorCode(
  booking: { accessCode: string | null; startsAt: Date; endsAt: Date },
  timeZone: string,
  opensMinutes: number,
  reader: DoorReader,
  now: Date,
): { code: string; opensAt: Date } | null {
  if (booking.accessCode === null) return null;
  if (reader === 'customer' && !accessCodeShown(booking, timeZone, now)) return null;
  return { code: booking.accessCode, opensAt: accessOpensAt(booking.startsAt, opensMinutes) };
}

/** "opens the gate from 5:45 PM until 7:00 PM": the window, in times the caller has written in its locale. */
export const doorWindowText = (from: string, until: string) => `opens the gate from ${from} until ${until}`;

/** "Opens the gate from 5:45 PM until 7:00 PM": the window on a line of its own (a page's panel). */
export const doorOpensLine = (from: string, until: string) => {
  const text = doorWindowText(from, until);
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
};

/** "Your door code 123456 opens the gate from 5:45 PM until 7:00 PM." */
export const doorCodeSentence = (code: string, from: string, until: string) => `Your door code ${code} ${doorWindowText(from, until)}.`;

/** What My bookings says of a confirmed booking whose code is not shown yet. */
export const DOOR_CODE_LATER = 'Your door code appears here the day before.';

/** The QR's alternative text: what it holds, for whoever cannot see it. */
export const doorQrAlt = (code: string) => `QR code of door code ${code}`;
