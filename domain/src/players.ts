import { DomainError, invalid } from './errors.ts';
import type { Sport } from './sports.ts';
import { holdLapsesAt, type BookingState } from './booking-lifecycle.ts';

/**
 * Players on a booking: the customer who booked is its organizer; the others join through the
 * booking's link, or the organizer adds a friend by name. A booking has room for its facility's
 * `maxPlayers`, the organizer counted.
 */

/** How many play at once on a facility of each sport, unless the back office says otherwise. */
export const DEFAULT_MAX_PLAYERS: Readonly<Record<Sport, number>> = {
  tennis: 4,
  padel: 4,
  squash: 2,
  badminton: 4,
  basketball: 10,
  football: 10,
  volleyball: 12,
  swimming: 1,
  other: 4,
};

/** The range the back office may set a facility's maxPlayers in. */
export const MAX_PLAYERS_RANGE = { min: 1, max: 30 } as const;

export const PLAYER_ROLES = ['organizer', 'player'] as const;
export type PlayerRole = (typeof PLAYER_ROLES)[number];

/** How many email invitations one booking may send (each address once): the organizer's list, not a mailing tool. */
export const MAX_INVITATIONS_PER_BOOKING = 30;

export function defaultMaxPlayers(sport: Sport): number {
  return DEFAULT_MAX_PLAYERS[sport];
}

/** A maxPlayers the back office sent: a whole number in MAX_PLAYERS_RANGE. */
export function parseMaxPlayers(value: number, path = 'maxPlayers'): number {
  if (!Number.isInteger(value) || value < MAX_PLAYERS_RANGE.min || value > MAX_PLAYERS_RANGE.max) {
    throw invalid('OUT_OF_RANGE', `${path} must be a whole number from ${MAX_PLAYERS_RANGE.min} to ${MAX_PLAYERS_RANGE.max}.`, path);
  }
  return value;
}

/** Places still open on a booking with `taken` players besides its organizer. */
export function placesLeft(maxPlayers: number, taken: number): number {
  return Math.max(0, maxPlayers - 1 - taken);
}

/** The refusal of a player past the booking's last place. */
export function bookingFull(maxPlayers: number): DomainError {
  return new DomainError('conflict', 'BOOKING_FULL', `This booking is full: ${maxPlayers} ${maxPlayers === 1 ? 'player' : 'players'} at most.`);
}

/** "Sam" of "Sam Kerr": what a player sees of an organizer they have not met yet. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/u)[0] ?? '';
}

/**
 * "Sam K." of "Sam Kerr": how players of one booking see each other (never an email, never a
 * whole surname); staff see names whole. A one-word name stays as it is.
 */
export function playerShortName(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  if (words.length < 2) return words[0] ?? '';
  const last = words[words.length - 1]!;
  return `${words[0]} ${[...last][0]!.toUpperCase()}.`;
}

/**
 * Whether players may still join or be added: the booking holds its slot (confirmed, or a hold
 * that has not lapsed) and has not started. sql/courtside_add_player.sql decides the same.
 */
export function isJoinable(b: Pick<BookingState, 'status' | 'startsAt' | 'holdExpiresAt'>, now: Date): boolean {
  const holds = b.status === 'confirmed' || (b.status === 'pending' && holdLapsesAt(b).getTime() > now.getTime());
  return holds && b.startsAt.getTime() > now.getTime();
}

/** A booking link that does not exist, or was renewed. */
export const inviteNotFound = (): DomainError =>
  new DomainError('not_found', 'INVITE_NOT_FOUND', 'This booking link does not work any more: ask its organizer for a new one.');

/** Why nobody can join a booking now. */
export const notJoinable = (): DomainError =>
  new DomainError('conflict', 'NOT_JOINABLE', 'This booking can no longer be joined: it was cancelled, its hold ran out, or it has started.');
