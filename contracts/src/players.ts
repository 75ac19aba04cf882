import { Type, type Static } from 'typebox';
import { PLAYER_ROLES, SHARE_STATUSES } from '@courtside/domain';
import { Email, Nullable, PersonName, oneOf } from './primitives.ts';
import { DoorCodeFields } from './bookings.ts';

/**
 * Players on a booking (GET/POST /api/bookings/:id/players, DELETE .../players/:playerId and
 * .../players/me, POST .../players/link) and its shared link (GET/POST /api/join/:token).
 * Players see each other as "Sam K."; staff see whole names.
 */

/** One player's share of a split payment: 'open' until paid; 'covered' by the organizer's card at the due time, 'owed' if that was declined. */
export const ShareDto = Type.Object({
  amount: Type.Number({ description: 'In dollars' }),
  status: oneOf(SHARE_STATUSES),
});
export type ShareDto = Static<typeof ShareDto>;

/** Where a booking paid split stands: what each share is, how many are paid, what is left and when it is due. */
export const SplitDto = Type.Object({
  shares: Type.Integer({ description: "How many shares the price is divided into (the facility's maxPlayers when it was booked)" }),
  shareAmount: Type.Number({ description: "A player's share, in dollars (the organizer's carries the odd cents)" }),
  organizerShare: Type.Number(),
  paid: Type.Integer({ description: 'Shares paid, the organizer’s counted' }),
  open: Type.Integer({ description: 'Shares nobody has paid yet' }),
  openAmount: Type.Number({ description: 'What the open shares come to: charged to the organizer at dueAt' }),
  coveredAmount: Type.Number({ description: "What the organizer's card paid for shares unpaid at the due time" }),
  owedAmount: Type.Number({ description: "What the organizer owes after their card was declined at the due time (the venue is told)" }),
  dueAt: Type.String({ description: 'When shares still unpaid are charged to the organizer (ISO 8601)' }),
});
export type SplitDto = Static<typeof SplitDto>;

export const PlayerDto = Type.Object({
  id: Type.String({ description: "The player's place on the booking; the organizer's is their user id" }),
  name: Type.String({ description: 'As the caller may see it: whole for staff, first name and initial for players' }),
  userId: Nullable(Type.String(), 'The account of a player who joined; null for a friend added by name'),
  role: oneOf(PLAYER_ROLES),
  you: Type.Boolean({ description: 'Whether this is the caller' }),
  share: Nullable(ShareDto, 'Their share of a split payment; null when the organizer pays for everyone (or for a friend added by name, whose share the organizer covers)'),
});
export type PlayerDto = Static<typeof PlayerDto>;

export const BookingPlayersDto = Type.Object({
  bookingId: Type.String(),
  maxPlayers: Type.Integer({ description: "The facility's maxPlayers: the organizer counts as one" }),
  placesLeft: Type.Integer(),
  inviteUrl: Nullable(Type.String(), 'The link to share (PUBLIC_BASE_URL/join/<token>), for the organizer and staff; null for players'),
  joinable: Type.Boolean({ description: 'Whether players may still join or be added (the booking is held or confirmed and has not started)' }),
  players: Type.Array(PlayerDto),
  split: Nullable(SplitDto, "The split payment's state; null when the organizer pays for everyone"),
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
  share: Nullable(
    Type.Object({ amount: Type.Number(), dueAt: Type.String() }),
    "The share a joining player pays when the cost is split, and when unpaid shares go to the organizer; null when the organizer pays for everyone",
  ),
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
  share: Nullable(ShareDto, "The caller's share when the cost is split (open: POST /api/bookings/:id/share/checkout pays it); null when the organizer pays for everyone"),
  sharesDueAt: Nullable(Type.String(), 'When unpaid shares are charged to the organizer (ISO 8601); null when not split'),
  ...DoorCodeFields,
});
export type PlayingBookingDto = Static<typeof PlayingBookingDto>;

/** POST /api/bookings/:id/share/checkout: the hosted page that takes the caller's share. */
export const ShareCheckoutDto = Type.Object({
  orderId: Type.String(),
  payment_url: Type.String(),
  amount: Type.Number({ description: 'The share, in dollars' }),
});
export type ShareCheckoutDto = Static<typeof ShareCheckoutDto>;
