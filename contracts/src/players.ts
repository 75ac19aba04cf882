import { Type, type Static } from 'typebox';
import { PLAYER_ROLES } from '@courtside/domain';
import { Email, Nullable, PersonName, oneOf } from './primitives.ts';

/**
 * Players on a booking (GET/POST /api/bookings/:id/players, DELETE .../players/:playerId and
 * .../players/me, POST .../players/link) and its shared link (GET/POST /api/join/:token).
 * Players see each other as "Sam K."; staff see whole names.
 */

export const PlayerDto = Type.Object({
  id: Type.String({ description: "The player's place on the booking; the organizer's is their user id" }),
  name: Type.String({ description: 'As the caller may see it: whole for staff, first name and initial for players' }),
  userId: Nullable(Type.String(), 'The account of a player who joined; null for a friend added by name'),
  role: oneOf(PLAYER_ROLES),
  you: Type.Boolean({ description: 'Whether this is the caller' }),
  share: Nullable(Type.Object({ amount: Type.Number(), status: Type.String() }), 'Their share of a split payment; null when the organizer pays for everyone'),
});
export type PlayerDto = Static<typeof PlayerDto>;

export const BookingPlayersDto = Type.Object({
  bookingId: Type.String(),
  maxPlayers: Type.Integer({ description: "The facility's maxPlayers: the organizer counts as one" }),
  placesLeft: Type.Integer(),
  inviteUrl: Nullable(Type.String(), 'The link to share (PUBLIC_BASE_URL/join/<token>), for the organizer and staff; null for players'),
  joinable: Type.Boolean({ description: 'Whether players may still join or be added (the booking is held or confirmed and has not started)' }),
  players: Type.Array(PlayerDto),
  invited: Type.Array(Type.Object({ email: Type.String(), invitedAt: Type.String() }), {
    description: 'Addresses the organizer invited by email who have not joined yet (organizer and staff only; empty for players)',
  }),
});
export type BookingPlayersDto = Static<typeof BookingPlayersDto>;

/** Add a player: invite an address by email (they join through the link), or a friend by name only; one of the two. */
export const AddPlayerBody = Type.Object(
  {
    email: Type.Optional(Email),
    name: Type.Optional(PersonName),
  },
  { additionalProperties: false },
);
export type AddPlayerBody = Static<typeof AddPlayerBody>;

export const PlayerParams = Type.Object({ id: Type.String({ format: 'uuid' }), playerId: Type.String({ format: 'uuid' }) });
export type PlayerParams = Static<typeof PlayerParams>;

export const JoinTokenParams = Type.Object({ token: Type.String({ minLength: 16, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) });
export type JoinTokenParams = Static<typeof JoinTokenParams>;

/** What a booking's link shows anyone who has it: where, when, whose, how many places are left. */
export const JoinPreviewDto = Type.Object({
  bookingId: Type.String(),
  facility: Type.Object({ id: Type.String(), name: Type.String(), location: Type.String(), sport: Type.String(), timezone: Type.String() }),
  date: Type.String(),
  startTime: Type.String(),
  endTime: Type.String(),
  organizerFirstName: Type.String(),
  maxPlayers: Type.Integer(),
  placesLeft: Type.Integer(),
  joinable: Type.Boolean({ description: 'False once the booking is cancelled, its hold lapsed or it started' }),
  share: Nullable(Type.Object({ amount: Type.Number() }), "The share a joining player pays when the cost is split; null when the organizer pays for everyone"),
  you: Nullable(oneOf(PLAYER_ROLES), 'For a signed-in caller already on the booking, their role; null otherwise'),
});
export type JoinPreviewDto = Static<typeof JoinPreviewDto>;

/** A booking the caller plays in but did not book (My bookings, "Organized by …"). */
export const PlayingBookingDto = Type.Object({
  bookingId: Type.String(),
  playerId: Type.String(),
  facility: Type.Object({ id: Type.String(), name: Type.String(), location: Type.String(), timezone: Type.String() }),
  date: Type.String(),
  startTime: Type.String(),
  endTime: Type.String(),
  status: Type.String(),
  organizerName: Type.String({ description: "The organizer as players see them ('Sam K.')" }),
  players: Type.Integer({ description: 'How many are on the booking, the organizer counted' }),
  maxPlayers: Type.Integer(),
});
export type PlayingBookingDto = Static<typeof PlayingBookingDto>;
