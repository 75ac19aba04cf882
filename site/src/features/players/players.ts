import type { AddPlayerBody, BookingDto, BookingPlayersDto, PlayerDto } from '@courtside/contracts';
import { fromLocal, isJoinable, parseDate, parseTime } from '@courtside/domain';
import { customerReason, isAbort } from '@courtside/browser';
import { api } from '../../lib/api.ts';

/**
 * The organizer's players panel in My bookings: who plays, the link to share, inviting by email,
 * adding a friend by name, removing someone. Pure words and requests; PlayersPanel renders them.
 */

/** When a booking starts, as an instant: its date and start time on its facility's clock. */
export function startsAt(b: { date: string; startTime: string }, timeZone: string): number {
  return fromLocal(parseDate(b.date), parseTime(b.startTime), timeZone).getTime();
}

/** The organizer may gather players while players may join: the server's rule (a confirmed booking or a live hold, not started). */
export function mayGatherPlayers(b: BookingDto, now = Date.now()): boolean {
  const holdExpiresAt = b.holdExpiresAt ? new Date(b.holdExpiresAt) : null;
  return isJoinable({ status: b.status, startsAt: new Date(startsAt(b, b.facility.timezone)), holdExpiresAt }, new Date(now));
}

/** "Players (2/4)": the organizer counted. */
export const playersLabel = (p: Pick<BookingPlayersDto, 'players' | 'maxPlayers'>): string => `Players (${p.players.length}/${p.maxPlayers})`;

/** "2 places left" / "Full". */
export const placesText = (placesLeft: number): string => (placesLeft === 0 ? 'Full: no places left' : `${placesLeft} ${placesLeft === 1 ? 'place' : 'places'} left`);

/** What marks a player in the list: the organizer, the caller ("you"), a friend added by name. */
export function playerTags(p: Pick<PlayerDto, 'role' | 'you' | 'userId'>): string[] {
  const tags: string[] = [];
  if (p.role === 'organizer') tags.push('organizer');
  if (p.you) tags.push('you');
  if (p.role !== 'organizer' && p.userId === null) tags.push('added by name');
  return tags;
}

/** Only the others can be removed; the organizer stays. */
export const removable = (p: Pick<PlayerDto, 'role'>): boolean => p.role !== 'organizer';

export const removeQuestion = (p: Pick<PlayerDto, 'name'>) => ({
  title: `Remove ${p.name}?`,
  message: `${p.name} will no longer be on this booking. You can invite them again while there is a place.`,
  confirmLabel: 'Remove',
  cancelLabel: 'Keep them',
});

export const RENEW_QUESTION = {
  title: 'Make a new link?',
  message: 'The current link stops working: anyone who has it and has not joined yet will need the new one. Players already on the booking stay.',
  confirmLabel: 'Make a new link',
  cancelLabel: 'Keep this link',
};

/** What the panel says after each change went through. */
export const DONE = {
  invited: (email: string) => `Invitation sent to ${email}.`,
  added: (name: string) => `${name} added.`,
  removed: (name: string) => `${name} removed.`,
  renewed: 'New link made. The old one no longer works.',
  copied: 'Link copied.',
} as const;

/** The body of the two forms: an address to invite, or a friend's name as the organizer typed it. */
export function addBody(kind: 'email' | 'name', value: string): AddPlayerBody {
  const text = value.trim();
  return kind === 'email' ? { email: text } : { name: text };
}

const FAILED = {
  load: 'Could not load the players.',
  add: 'Could not add this player. Please try again.',
  remove: 'Could not remove this player. Please try again.',
  renew: 'Could not make a new link. Please try again.',
} as const;

const playersPath = (bookingId: string) => `/api/bookings/${encodeURIComponent(bookingId)}/players`;

/** Calls one players route; a refusal rejects with the server's reason (BOOKING_FULL, NOT_JOINABLE...) or `fallback`. */
async function playersCall(path: string, fallback: string, options: Parameters<typeof api>[1] = {}): Promise<BookingPlayersDto> {
  try {
    return (await api<BookingPlayersDto>(path, { timeoutMs: 15_000, ...options })).data;
  } catch (err) {
    if (isAbort(err)) throw err;
    throw new Error(customerReason(err) ?? fallback);
  }
}

export const fetchPlayers = (bookingId: string, signal?: AbortSignal) => playersCall(playersPath(bookingId), FAILED.load, { signal });

export const addPlayer = (bookingId: string, body: AddPlayerBody) => playersCall(playersPath(bookingId), FAILED.add, { method: 'POST', body });

export const removePlayer = (bookingId: string, playerId: string) =>
  playersCall(`${playersPath(bookingId)}/${encodeURIComponent(playerId)}`, FAILED.remove, { method: 'DELETE' });

export const renewLink = (bookingId: string) => playersCall(`${playersPath(bookingId)}/link`, FAILED.renew, { method: 'POST' });
