import { randomBytes } from 'node:crypto';
import {
  DomainError,
  bookingFull,
  firstName,
  inviteNotFound,
  invalid,
  isJoinable,
  isStaff,
  localTimes,
  notJoinable,
  placesLeft,
  playerShortName,
  MAX_INVITATIONS_PER_BOOKING,
  type PlayerRole,
} from '@courtside/domain';
import type { AddPlayerBody, BookingPlayersDto, JoinPreviewDto, PlayerDto, PlayingBookingDto } from '@courtside/contracts';
import { enqueuePlayerInvitation, enqueuePlayerJoined } from '../mail/booking-mail.ts';
import * as bookings from '../repositories/bookings.ts';
import * as players from '../repositories/players.ts';
import type { PlaceRow, PlayersBooking } from '../repositories/players.ts';
import type { CurrentUser, ServiceContext } from '../shared/context.ts';
import { closeCheckouts } from '../payments/hosted-page.ts';
import { sendRefunds } from '../payments/refunds.ts';
import { releasePlayerShare } from '../payments/split/refunds.ts';
import { splitView, splitViews } from '../payments/split/view.ts';
import { doorCodeOf } from '../shared/presenters.ts';

/**
 * Players on a booking: who may see them (its organizer, its players, staff), who may change
 * them (its organizer and staff), and the booking's link, by which anyone who has it joins.
 * How many fit is decided in PostgreSQL, under the booking's row lock (repositories/players.ts).
 */

/** How far back the bookings a customer played in are still listed. */
const PLAYED_LISTED_DAYS = 30;

const bookingNotFound = (id: string) => new DomainError('not_found', 'BOOKING_NOT_FOUND', `Booking ${id} not found.`);
const organizerOnly = () => new DomainError('forbidden', 'NOT_YOURS', 'Only the organizer of this booking (or the venue) can change its players.');
const isOrganizer = (what: string) => new DomainError('conflict', 'IS_ORGANIZER', `The organizer ${what}; cancel the booking instead.`);

type Viewer = 'staff' | PlayerRole;

const newToken = () => randomBytes(18).toString('base64url');
const joinUrl = (ctx: ServiceContext, token: string) => `${ctx.config.publicBaseUrl}/join/${token}`;
const joinableNow = (b: PlayersBooking, now: Date) => isJoinable({ status: b.status, startsAt: b.starts_at, holdExpiresAt: b.hold_expires_at }, now);

/** What PostgreSQL's player rule refused, as the domain says it (with the maxPlayers it decided by, its DETAIL). */
function playerRefusal(err: unknown, b: PlayersBooking): unknown {
  const { code, detail } = err as { code?: string; detail?: string };
  if (code === players.BOOKING_FULL) return bookingFull(Number(detail) || b.max_players);
  if (code === players.NOT_JOINABLE) return notJoinable();
  return err;
}

/** The booking and what the caller is to it; anyone else is told it does not exist. */
async function bookingFor(ctx: ServiceContext, actor: CurrentUser, bookingId: string): Promise<{ booking: PlayersBooking; places: PlaceRow[]; viewer: Viewer }> {
  const booking = await players.findPlayersBooking(ctx.db, bookingId);
  if (!booking) throw bookingNotFound(bookingId);
  const places = await players.activePlaces(ctx.db, bookingId);
  if (isStaff(actor.role)) return { booking, places, viewer: 'staff' };
  if (booking.organizer_id === actor.id) return { booking, places, viewer: 'organizer' };
  if (places.some((p) => p.user_id === actor.id)) return { booking, places, viewer: 'player' };
  throw bookingNotFound(bookingId);
}

async function managedBooking(ctx: ServiceContext, actor: CurrentUser, bookingId: string) {
  const found = await bookingFor(ctx, actor, bookingId);
  if (found.viewer === 'player') throw organizerOnly();
  return found;
}

/** The booking's players as `viewer` may see them: staff whole names, everyone else "Sam K."; the link and invitations for those who manage it. */
async function playersDto(ctx: ServiceContext, actor: CurrentUser, found: { booking: PlayersBooking; places: PlaceRow[]; viewer: Viewer }): Promise<BookingPlayersDto> {
  const { booking, places, viewer } = found;
  const manages = viewer !== 'player';
  const split = await splitView(ctx.db, booking);
  const nameOf = (name: string, account: boolean) => (viewer === 'staff' || !account ? name : playerShortName(name));
  const organizer: PlayerDto = {
    id: booking.organizer_id,
    name: nameOf(booking.organizer_name, true),
    userId: booking.organizer_id,
    role: 'organizer',
    you: booking.organizer_id === actor.id,
    share: split?.organizerShare ?? null,
  };
  const others: PlayerDto[] = places.map((p) => ({
    id: p.id,
    name: nameOf(p.name, p.user_id !== null),
    userId: p.user_id,
    role: 'player',
    you: p.user_id === actor.id,
    share: split?.shareOf(p.id, p.user_id !== null) ?? null,
  }));
  const token = manages ? await bookings.setInviteToken(ctx.db, booking.id, newToken(), true) : null;
  const invited = manages ? await players.invitations(ctx.db, booking.id) : [];
  return {
    bookingId: booking.id,
    maxPlayers: booking.max_players,
    placesLeft: placesLeft(booking.max_players, places.length),
    inviteUrl: token && joinUrl(ctx, token),
    joinable: joinableNow(booking, ctx.clock()),
    players: [organizer, ...others],
    split: split?.split ?? null,
    invited: invited.map((i) => ({ email: i.email, invitedAt: i.invited_at.toISOString() })),
  };
}

export async function getPlayers(ctx: ServiceContext, actor: CurrentUser, bookingId: string): Promise<BookingPlayersDto> {
  return playersDto(ctx, actor, await bookingFor(ctx, actor, bookingId));
}

/**
 * Adds a friend by name (a place at once), or invites an address by email (a message with the
 * link; they take a place when they join). Both only while the booking can be joined.
 */
export async function addPlayer(ctx: ServiceContext, actor: CurrentUser, bookingId: string, body: AddPlayerBody): Promise<BookingPlayersDto> {
  if ((body.email === undefined) === (body.name === undefined)) {
    throw invalid('BAD_REQUEST', 'Give one of email (to invite someone) or name (to add a friend without an account).', body.email === undefined ? 'email' : 'name');
  }
  const { booking } = await managedBooking(ctx, actor, bookingId);
  const now = ctx.clock();
  if (body.name !== undefined) {
    await players.addPlayer(ctx.db, { bookingId, userId: null, guestName: body.name.trim(), addedBy: actor.id, now }).catch((err) => {
      throw playerRefusal(err, booking);
    });
  } else {
    await inviteByEmail(ctx, actor, booking, body.email!.trim().toLowerCase(), now);
  }
  return getPlayers(ctx, actor, bookingId);
}

async function inviteByEmail(ctx: ServiceContext, actor: CurrentUser, booking: PlayersBooking, email: string, now: Date): Promise<void> {
  if (!joinableNow(booking, now)) throw notJoinable();
  if (email === booking.organizer_email.toLowerCase()) {
    throw new DomainError('conflict', 'IS_ORGANIZER', "That is the organizer's own address: they are on the booking already.", 'email');
  }
  await ctx.db.transaction().execute(async (trx) => {
    // Counted under the booking's lock: two invitations at once cannot both pass the limit.
    await bookings.lockBookings(trx, [booking.id]);
    if ((await players.countInvitations(trx, booking.id)) >= MAX_INVITATIONS_PER_BOOKING) {
      throw new DomainError('conflict', 'INVITATION_LIMIT_REACHED', `A booking can send at most ${MAX_INVITATIONS_PER_BOOKING} invitations; share its link instead.`, 'email');
    }
    const token = await bookings.setInviteToken(trx, booking.id, newToken(), true);
    // An address invited before is not written to again.
    if (await players.insertInvitation(trx, booking.id, email, actor.id, now)) {
      await enqueuePlayerInvitation(ctx, trx, booking.id, email, joinUrl(ctx, token));
    }
  });
}

/** A new link for the booking: the old one stops working at once. */
export async function renewLink(ctx: ServiceContext, actor: CurrentUser, bookingId: string): Promise<BookingPlayersDto> {
  await managedBooking(ctx, actor, bookingId);
  await bookings.setInviteToken(ctx.db, bookingId, newToken(), false);
  return getPlayers(ctx, actor, bookingId);
}

export async function removePlayer(ctx: ServiceContext, actor: CurrentUser, bookingId: string, playerId: string): Promise<BookingPlayersDto> {
  const { booking } = await managedBooking(ctx, actor, bookingId);
  if (playerId === booking.organizer_id) throw isOrganizer('cannot be removed');
  const ended = await endPlace(ctx, bookingId, playerId, 'removed');
  if (!ended) throw new DomainError('not_found', 'PLAYER_NOT_FOUND', `Player ${playerId} is not on this booking.`, 'playerId');
  return getPlayers(ctx, actor, bookingId);
}

export async function leave(ctx: ServiceContext, actor: CurrentUser, bookingId: string): Promise<{ bookingId: string }> {
  const booking = await players.findPlayersBooking(ctx.db, bookingId);
  if (!booking) throw bookingNotFound(bookingId);
  if (booking.organizer_id === actor.id) throw isOrganizer('cannot leave their own booking');
  const place = await players.placeOf(ctx.db, bookingId, actor.id);
  if (!place || !(await endPlace(ctx, bookingId, place, 'left'))) throw bookingNotFound(bookingId);
  return { bookingId };
}

/**
 * Ends a place under the booking's row lock; a share its player paid goes back to them (the
 * share is open again: the organizer's to cover at the due time), and their open checkout closes.
 */
async function endPlace(ctx: ServiceContext, bookingId: string, placeId: string, how: 'left' | 'removed'): Promise<boolean> {
  const now = ctx.clock();
  const done = await ctx.db.transaction().execute(async (trx) => {
    await bookings.lockBookings(trx, [bookingId]);
    if (!(await players.endPlace(trx, bookingId, placeId, how, now))) return undefined;
    return releasePlayerShare(ctx, trx, bookingId, placeId, how === 'left' ? 'the player left the booking' : 'the player was removed from the booking', now);
  });
  if (!done) return false;
  await closeCheckouts(ctx, done.stale);
  await sendRefunds(ctx, done.refundIds);
  return true;
}

/** The bookings the caller plays in without having booked them: upcoming, and the last days'. */
export async function listPlaying(ctx: ServiceContext, actor: CurrentUser): Promise<PlayingBookingDto[]> {
  const now = ctx.clock();
  const since = new Date(now.getTime() - PLAYED_LISTED_DAYS * 86_400_000);
  const rows = await players.playingBookings(ctx.db, actor.id, since, now);
  const splits = await splitViews(ctx.db, rows);
  return rows.map((r) => ({
    bookingId: r.id,
    playerId: r.place_id,
    facility: { id: r.facility_id, name: r.facility_name, location: r.facility_location, timezone: r.facility_timezone },
    ...localTimes(r.starts_at, r.ends_at, r.facility_timezone),
    status: r.status,
    organizerName: playerShortName(r.organizer_name),
    players: r.players,
    maxPlayers: r.max_players,
    share: splits.get(r.id)?.shareOf(r.place_id, true) ?? null,
    sharesDueAt: r.shares_due_at?.toISOString() ?? null,
    // A player who joined (and has not left) reads the code as its customer does.
    ...doorCodeOf(r, r.facility_timezone, { reader: 'customer', opensMinutes: ctx.config.accessOpensMinutes }, now),
  }));
}

/** What a booking's link shows: enough to decide to join, nothing about the other players. */
async function preview(ctx: ServiceContext, booking: PlayersBooking, actor: CurrentUser | undefined): Promise<JoinPreviewDto> {
  const places = await players.activePlaces(ctx.db, booking.id);
  const split = await splitView(ctx.db, booking);
  const you: PlayerRole | null = !actor ? null : booking.organizer_id === actor.id ? 'organizer' : places.some((p) => p.user_id === actor.id) ? 'player' : null;
  return {
    bookingId: booking.id,
    facility: { id: booking.facility_id, name: booking.facility_name, location: booking.facility_location, sport: booking.facility_sport, timezone: booking.facility_timezone },
    ...localTimes(booking.starts_at, booking.ends_at, booking.facility_timezone),
    organizerFirstName: firstName(booking.organizer_name),
    maxPlayers: booking.max_players,
    placesLeft: placesLeft(booking.max_players, places.length),
    joinable: joinableNow(booking, ctx.clock()),
    share: split ? { amount: split.split.shareAmount, dueAt: split.split.dueAt } : null,
    you,
  };
}

async function bookingOfLink(ctx: ServiceContext, token: string): Promise<PlayersBooking> {
  const booking = await players.findBookingByToken(ctx.db, token);
  if (!booking) throw inviteNotFound();
  return booking;
}

export async function previewJoin(ctx: ServiceContext, token: string, actor: CurrentUser | undefined): Promise<JoinPreviewDto> {
  return preview(ctx, await bookingOfLink(ctx, token), actor);
}

/** Joins the booking of a link: one place per account (joining again keeps it), none past maxPlayers. */
export async function join(ctx: ServiceContext, token: string, actor: CurrentUser): Promise<JoinPreviewDto> {
  const booking = await bookingOfLink(ctx, token);
  const now = ctx.clock();
  await ctx.db.transaction().execute(async (trx) => {
    const had = await players.placeOf(trx, booking.id, actor.id);
    const place = await players.addPlayer(trx, { bookingId: booking.id, userId: actor.id, guestName: null, addedBy: actor.id, now }).catch((err) => {
      throw playerRefusal(err, booking);
    });
    if (had || place === booking.organizer_id) return;
    await players.dropInvitation(trx, booking.id, actor.email);
    await enqueuePlayerJoined(ctx, trx, booking.id, { id: place, name: actor.name, email: actor.email });
  });
  return preview(ctx, booking, actor);
}
