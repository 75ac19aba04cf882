import { DOOR_CODE_LATER, doorOpensLine, toLocal } from '@courtside/domain';
import { formatClockTime } from '@courtside/browser';
import { zoneSuffixOn } from '../../lib/zoned-time.ts';

/**
 * What My bookings shows of a booking's door code: the code with when it opens the gate, once
 * the server sends it (from the day before, to its customer and players); for a confirmed booking
 * further ahead, that it will appear; nothing for anything else.
 */

export interface DoorBooking {
  status: string;
  date: string;
  endTime: string;
  accessCode: string | null;
  accessOpensAt: string | null;
  facility: { timezone: string };
}

export type DoorView =
  | { kind: 'code'; code: string; window: string }
  | { kind: 'later'; text: string };

/** "Opens the gate from 5:45 PM until 7:00 PM", on the facility's clock (its zone named where the visitor's differs). */
export function doorWindow(b: DoorBooking & { accessOpensAt: string }, visitor?: string): string {
  const opens = toLocal(Date.parse(b.accessOpensAt), b.facility.timezone).time;
  return `${doorOpensLine(formatClockTime(opens), formatClockTime(b.endTime))}${zoneSuffixOn(b.date, b.facility.timezone, visitor)}`;
}

/** `upcoming`: the booking is still to come (or under way), as My bookings decides (isActive). */
export function doorView(b: DoorBooking, upcoming: boolean, visitor?: string): DoorView | null {
  if (b.status !== 'confirmed' || !upcoming) return null;
  if (b.accessCode && b.accessOpensAt) return { kind: 'code', code: b.accessCode, window: doorWindow({ ...b, accessOpensAt: b.accessOpensAt }, visitor) };
  return { kind: 'later', text: DOOR_CODE_LATER };
}

/** The digits as they are read out: "042 917". */
export const spacedCode = (code: string): string => (code.length === 6 ? `${code.slice(0, 3)} ${code.slice(3)}` : code);

/** An SVG text as an image address (the site's policy allows data: images; no markup is put in the page). */
export const svgImageSrc = (svg: string): string => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
