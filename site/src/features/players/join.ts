import type { JoinPreviewDto } from '@courtside/contracts';
import { customerReason, failureCode, formatLongDate, formatMoney, formatTimeRange, getToken, isAbort, loginUrlFor, tokenExpired } from '@courtside/browser';
import { SPORT_LABELS, bookingFull, inviteNotFound, isSport, notJoinable } from '@courtside/domain';
import { api } from '../../lib/api.ts';
import { formatZoned, zoneSuffixOn } from '../../lib/zoned-time.ts';

/**
 * A booking's shared link as the person who got it meets it (/join/<token>): where and when,
 * whose, how many places are left, and joining. Pure words and requests; JoinView renders them.
 */

export const joinPath = (token: string): string => `/join/${encodeURIComponent(token)}`;
const apiPath = (token: string): string => `/api/join/${encodeURIComponent(token)}`;

/** Whether a session is stored that the server may still accept (an expired one reads the page signed out). */
export function hasSession(token = getToken(), now = Date.now()): boolean {
  return token !== null && !tokenExpired(token, now);
}

/** "2 of 4 places left": the organizer is one of the 4. */
export function placesLeftText(p: Pick<JoinPreviewDto, 'placesLeft' | 'maxPlayers'>): string {
  return p.placesLeft === 0 ? `No places left: ${p.maxPlayers} of ${p.maxPlayers} taken` : `${p.placesLeft} of ${p.maxPlayers} ${p.maxPlayers === 1 ? 'place' : 'places'} left`;
}

/** "You're invited to play padel": the line above the facility's name ('a game' for a sport we do not name). */
export function invitedTo(sport: string): string {
  return `You're invited to play ${isSport(sport) && sport !== 'other' ? SPORT_LABELS[sport].toLowerCase() : 'a game'}`;
}

export const organizedBy = (name: string): string => `Organized by ${name}`;

/** "Friday, November 27, 2026, 6:00 PM – 7:00 PM": the booking's day and times on its facility's clock. */
export function playWhen(p: Pick<JoinPreviewDto, 'date' | 'startTime' | 'endTime'> & { facility: { timezone: string } }): string {
  return `${formatLongDate(p.date)}, ${formatTimeRange(p.startTime, p.endTime)}${zoneSuffixOn(p.date, p.facility.timezone)}`;
}

/**
 * "Your share: $10.00 (pay by Thursday, November 26, 2026, 6:00 PM)": what joining a split booking
 * costs, on the facility's clock; null when the organizer pays for everyone, or for the organizer
 * (theirs is paid with the booking).
 */
export function shareText(p: Pick<JoinPreviewDto, 'share' | 'you'> & { facility: { timezone: string } }): string | null {
  if (!p.share || p.you === 'organizer') return null;
  return `Your share: ${formatMoney(p.share.amount)} (pay by ${formatZoned(p.share.dueAt, p.facility.timezone, { withDay: true })})`;
}

/** Why nobody may join a booking the link shows, in the words the server refuses with (the domain's). */
export type JoinRefusal = 'BOOKING_FULL' | 'NOT_JOINABLE';
export const refusalText = (code: JoinRefusal, maxPlayers: number): string => (code === 'BOOKING_FULL' ? bookingFull(maxPlayers) : notJoinable()).message;
/** What a link that does not work (renewed, or never made) says. */
export const LINK_GONE = inviteNotFound().message;

export const JOIN_FAILED = 'Could not join this booking. Please try again.';
export const PREVIEW_FAILED = 'Could not load this booking.';

/** What the page offers for a booking it could read. */
export type JoinAction =
  /** Already on it: says so, nothing to press. */
  | { kind: 'on-it'; role: NonNullable<JoinPreviewDto['you']> }
  /** It cannot take anyone (any more). */
  | { kind: 'refused'; code: JoinRefusal }
  /** Join: signed in, at once; signed out, after logging in (and coming back here). */
  | { kind: 'join'; signedIn: boolean };

export function joinAction(p: Pick<JoinPreviewDto, 'you' | 'joinable' | 'placesLeft'>, signedIn: boolean): JoinAction {
  if (p.you) return { kind: 'on-it', role: p.you };
  if (!p.joinable) return { kind: 'refused', code: 'NOT_JOINABLE' };
  if (p.placesLeft === 0) return { kind: 'refused', code: 'BOOKING_FULL' };
  return { kind: 'join', signedIn };
}

/** What someone already on the booking reads. */
export const onItText = (role: NonNullable<JoinPreviewDto['you']>): string =>
  role === 'organizer' ? 'This is your booking: you are its organizer.' : "You're already playing in this booking.";

/** Where Join leads a signed-out visitor: the login page (or sign-up, from there), then back here. */
export const signInToJoin = (token: string): string => loginUrlFor(joinPath(token));

/** Reading the link: the booking, unknown (a renewed or wrong link), or not read at all. */
export type PreviewLoad = { kind: 'ready'; preview: JoinPreviewDto } | { kind: 'missing' } | { kind: 'failed'; message: string };

export function previewFailure(err: unknown): PreviewLoad {
  const code = failureCode(err);
  // A token the server cannot even read is a link that does not work, like an unknown one.
  if (code === 'INVITE_NOT_FOUND' || code === 'VALIDATION_FAILED') return { kind: 'missing' };
  return { kind: 'failed', message: customerReason(err) ?? PREVIEW_FAILED };
}

/** GET /api/join/:token, with the stored session when it may still be good (the answer then says `you`). */
export async function fetchPreview(token: string, signal?: AbortSignal): Promise<PreviewLoad> {
  try {
    const res = await api<JoinPreviewDto>(apiPath(token), { signal, token: hasSession() ? undefined : null });
    return { kind: 'ready', preview: res.data };
  } catch (err) {
    if (isAbort(err)) throw err;
    return previewFailure(err);
  }
}

/** How joining ended. */
export type JoinOutcome = { kind: 'joined'; preview: JoinPreviewDto } | { kind: 'failed'; message: string } | { kind: 'gone' } | { kind: 'signed-out' };

export function joinFailure(err: unknown): JoinOutcome {
  const code = failureCode(err);
  if (code === 'UNAUTHENTICATED') return { kind: 'signed-out' };
  // The link was renewed while the page was open: the page says so as for any link that does not work.
  if (code === 'INVITE_NOT_FOUND') return { kind: 'gone' };
  return { kind: 'failed', message: customerReason(err) ?? JOIN_FAILED };
}

/** POST /api/join/:token; never rejects. Joining twice is one place, so a second press is harmless. */
export async function joinBooking(token: string): Promise<JoinOutcome> {
  try {
    const res = await api<JoinPreviewDto>(apiPath(token), { method: 'POST', timeoutMs: 15_000 });
    return { kind: 'joined', preview: res.data };
  } catch (err) {
    return joinFailure(err);
  }
}
