import { DAY_MS, MINUTE_MS } from './clock.ts';
import { displayInstantDate, DEFAULT_LOCALE } from './datetime-format.ts';
import { DomainError } from './errors.ts';
import type { Attendance } from './statuses.ts';

/**
 * No-shows: at a facility whose policy checks bookings in, a confirmed booking nobody checked in
 * by its start plus NO_SHOW_GRACE_MINUTES is a no-show. NO_SHOW_LIMIT of them (0: off) within
 * NO_SHOW_WINDOW_DAYS block its customer from booking online for NO_SHOW_BLOCK_DAYS.
 * The sweep applies the rule in the database (repositories/bookings.ts markDueNoShows); these
 * are its words and arithmetic, and what the back office shows.
 */
export interface NoShowSettings {
  graceMinutes: number;
  /** 0: no-shows never block. */
  limit: number;
  windowDays: number;
  blockDays: number;
}

export const NO_SHOW_DEFAULTS: NoShowSettings = { graceMinutes: 15, limit: 0, windowDays: 30, blockDays: 14 };

/** How far back the sweep looks: a booking whose start is older than this is never marked (history stays as it was). */
export const NO_SHOW_LOOKBACK_MS = DAY_MS;

/** When a booking nobody checked in becomes a no-show. */
export const noShowAt = (startsAt: Date, graceMinutes: number): Date => new Date(startsAt.getTime() + graceMinutes * MINUTE_MS);

/** Whether a booking is a no-show at `now` by the rule (the sweep's condition, for one booking). */
export function isNoShowDue(b: { startsAt: Date; attendance: Attendance; confirmed: boolean }, checkInOn: boolean, graceMinutes: number, now: Date): boolean {
  if (!checkInOn || !b.confirmed || b.attendance !== 'pending') return false;
  const due = noShowAt(b.startsAt, graceMinutes).getTime();
  return due <= now.getTime() && b.startsAt.getTime() > now.getTime() - NO_SHOW_LOOKBACK_MS;
}

/** Whether this many no-shows within the window block the customer (never with the limit off). */
export const reachesLimit = (noShows: number, limit: number): boolean => limit > 0 && noShows >= limit;

/** When a block that starts now ends. */
export const blockEndsAt = (now: Date, blockDays: number): Date => new Date(now.getTime() + blockDays * DAY_MS);

/** Whether a block (its end, or null) is in force at `now`: it ends by itself at its date. */
export const isBlocked = (blockedUntil: Date | null | undefined, now: Date): boolean => blockedUntil != null && blockedUntil.getTime() > now.getTime();

/** "Tuesday, March 2, 2027": the day a block ends, on the venue's clock. */
export const blockEndText = (until: Date, timeZone: string, locale: string = DEFAULT_LOCALE): string => displayInstantDate(until, timeZone, locale);

/** What a blocked customer reads when they try to book online (409 NO_SHOW_BLOCKED). */
export function noShowBlocked(until: Date, timeZone: string, locale: string = DEFAULT_LOCALE): DomainError {
  return new DomainError(
    'conflict',
    'NO_SHOW_BLOCKED',
    `You cannot book online until ${blockEndText(until, timeZone, locale)}, because of bookings nobody came to. Please contact the venue to book before then.`,
  );
}

/** What staff read on a blocked customer: "Blocked from booking online until Tuesday, March 2, 2027". */
export const blockedText = (until: Date, timeZone: string, locale: string = DEFAULT_LOCALE): string =>
  `Blocked from booking online until ${blockEndText(until, timeZone, locale)}`;

/** The words for a booking's attendance, everywhere staff read it. */
export const ATTENDANCE_LABELS: Record<Attendance, string> = { pending: 'Not checked in', checked_in: 'Checked in', no_show: 'No-show' };

/** "3 no-shows in the last 30 days". */
export const noShowCountText = (count: number, windowDays: number): string =>
  `${count === 0 ? 'No' : count} no-show${count === 1 ? '' : 's'} in the last ${windowDays} days`;

/** A no-show rate as staff read it: "12% (3 of 25)", or "No no-shows". */
export function noShowRateText(noShows: number, bookings: number): string {
  if (noShows === 0) return 'No no-shows';
  const percent = bookings > 0 ? Math.round((noShows / bookings) * 100) : 0;
  return `${percent}% (${noShows} of ${bookings})`;
}
