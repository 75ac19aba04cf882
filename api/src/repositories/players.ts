import { sql } from 'kysely';
import type { BookingStatus, Sport } from '@courtside/domain';
import type { Executor } from '../db/database.ts';

/** Players on bookings, the bookings' links and their email invitations: the only SQL behind them. */

/** A booking as its players' pages read it: its organizer, place and time, and its link. */
export interface PlayersBooking {
  id: string;
  organizer_id: string;
  organizer_name: string;
  organizer_email: string;
  status: BookingStatus;
  starts_at: Date;
  ends_at: Date;
  hold_expires_at: Date | null;
  invite_token: string | null;
  /** Set when its cost is split: when unpaid shares are charged to the organizer. */
  shares_due_at: Date | null;
  facility_id: string;
  facility_name: string;
  facility_location: string;
  facility_sport: Sport;
  facility_timezone: string;
  max_players: number;
  /** Its door code (the database's): shown to its players only as domain visibleDoorCode allows. */
  access_code: string | null;
}

function playersBookings(db: Executor) {
  return db
    .selectFrom('bookings as b')
    .innerJoin('facilities as f', 'f.id', 'b.facility_id')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .select([
      'b.id', 'b.status', 'b.starts_at', 'b.ends_at', 'b.hold_expires_at', 'b.invite_token', 'b.shares_due_at', 'b.access_code',
      'u.id as organizer_id', 'u.name as organizer_name', 'u.email as organizer_email',
      'f.id as facility_id', 'f.name as facility_name', 'f.location as facility_location', 'f.sport as facility_sport',
      'f.timezone as facility_timezone', 'f.max_players',
    ]);
}

export function findPlayersBooking(db: Executor, bookingId: string): Promise<PlayersBooking | undefined> {
  return playersBookings(db).where('b.id', '=', bookingId).executeTakeFirst();
}

export function findBookingByToken(db: Executor, token: string): Promise<PlayersBooking | undefined> {
  return playersBookings(db).where('b.invite_token', '=', token).executeTakeFirst();
}

/** A place on a booking, with its player's name and address (an account's, or a friend's name only). */
export interface PlaceRow {
  id: string;
  user_id: string | null;
  name: string;
  email: string | null;
  joined_at: Date;
}

/** The places held on a booking, in the order they were taken. */
export function activePlaces(db: Executor, bookingId: string): Promise<PlaceRow[]> {
  return db
    .selectFrom('booking_players as p')
    .leftJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.id', 'p.user_id', 'p.joined_at', 'u.email'])
    .select(sql<string>`coalesce(u.name, p.guest_name)`.as('name'))
    .where('p.booking_id', '=', bookingId)
    .where('p.left_at', 'is', null)
    .orderBy('p.joined_at')
    .orderBy('p.id')
    .execute();
}

/** The places held by accounts (who can be written to), in the order they were taken. */
export async function accountPlaces(db: Executor, bookingId: string): Promise<{ id: string; name: string; email: string }[]> {
  const places = await activePlaces(db, bookingId);
  return places.flatMap((p) => (p.user_id !== null && p.email !== null ? [{ id: p.id, name: p.name, email: p.email }] : []));
}

/** SQLSTATEs of courtside_add_player: no place left (DETAIL: the maxPlayers it counted against); nobody can join now. */
export const BOOKING_FULL = 'CSH06';
export const NOT_JOINABLE = 'CSH07';

/**
 * Adds a player (an account or a friend's name) under the booking's row lock and answers the
 * place's id (sql/courtside_add_player.sql: CSH06 when full, CSH07 when no one can join now; an
 * account already on it keeps its place, the organizer is answered their own user id).
 */
export async function addPlayer(db: Executor, p: { bookingId: string; userId: string | null; guestName: string | null; addedBy: string; now: Date }): Promise<string> {
  const { rows } = await sql<{ id: string }>`SELECT courtside_add_player(${p.bookingId}::uuid, ${p.userId}::uuid, ${p.guestName}::text, ${p.addedBy}::uuid, ${p.now}::timestamptz) AS id`.execute(db);
  return rows[0]!.id;
}

/** Gives up a place (the player left, or was removed); false when it was not held. */
export async function endPlace(db: Executor, bookingId: string, placeId: string, how: 'left' | 'removed', now: Date): Promise<boolean> {
  const r = await db
    .updateTable('booking_players')
    .set({ left_at: now, left_how: how })
    .where('id', '=', placeId)
    .where('booking_id', '=', bookingId)
    .where('left_at', 'is', null)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

export async function placeOf(db: Executor, bookingId: string, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('booking_players')
    .select('id')
    .where('booking_id', '=', bookingId)
    .where('user_id', '=', userId)
    .where('left_at', 'is', null)
    .executeTakeFirst();
  return row?.id;
}

export function invitations(db: Executor, bookingId: string): Promise<{ email: string; invited_at: Date }[]> {
  return db.selectFrom('booking_invitations').select(['email', 'invited_at']).where('booking_id', '=', bookingId).orderBy('invited_at').orderBy('email').execute();
}

export async function countInvitations(db: Executor, bookingId: string): Promise<number> {
  const row = await db.selectFrom('booking_invitations').select((eb) => eb.fn.countAll<number>().as('n')).where('booking_id', '=', bookingId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Records an invitation; false when this address was invited to this booking already. */
export async function insertInvitation(db: Executor, bookingId: string, email: string, by: string, now: Date): Promise<boolean> {
  const rows = await db
    .insertInto('booking_invitations')
    .values({ booking_id: bookingId, email, invited_at: now, invited_by: by })
    .onConflict((oc) => oc.doNothing())
    .returning('email')
    .execute();
  return rows.length > 0;
}

/** The invitation of an address that joined is answered: it leaves the list. */
export async function dropInvitation(db: Executor, bookingId: string, email: string): Promise<void> {
  await db.deleteFrom('booking_invitations').where('booking_id', '=', bookingId).where('email', '=', email.toLowerCase()).execute();
}

/** A booking the user plays in (not as its organizer). */
export interface PlayingRow extends PlayersBooking {
  place_id: string;
  players: number;
}

/** The bookings `userId` holds a place on that start after `since` and still hold time or were cancelled, soonest first. */
export function playingBookings(db: Executor, userId: string, since: Date, now: Date): Promise<PlayingRow[]> {
  return playersBookings(db)
    .innerJoin('booking_players as p', 'p.booking_id', 'b.id')
    .select('p.id as place_id')
    .select(sql<number>`1 + (SELECT count(*)::int FROM booking_players q WHERE q.booking_id = b.id AND q.left_at IS NULL)`.as('players'))
    .where('p.user_id', '=', userId)
    .where('p.left_at', 'is', null)
    .where('b.starts_at', '>', since)
    .where(sql<boolean>`(b.status = 'cancelled' OR courtside_holds_slot(b.status, b.hold_expires_at, b.starts_at, ${now}::timestamptz))`)
    .orderBy('b.starts_at')
    .execute();
}
