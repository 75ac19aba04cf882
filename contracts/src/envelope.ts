import { Type, type Static, type TSchema } from 'typebox';
import { ERROR_CODES } from '@courtside/domain';
import { oneOf } from './primitives.ts';
import { FreeSlotDto } from './waitlist.ts';

/** The success envelope of every JSON answer: `{ success, statusCode, message, data }`. */
export const envelopeOf = <T extends TSchema>(data: T) =>
  Type.Object({
    success: Type.Literal(true),
    statusCode: Type.Integer(),
    message: Type.String(),
    data,
  });
/** The envelope of an answer that also signs the caller in: the bearer token beside the data (sign-in, password change). */
export const tokenEnvelopeOf = <T extends TSchema>(data: T) =>
  Type.Object({
    success: Type.Literal(true),
    statusCode: Type.Integer(),
    message: Type.String(),
    token: Type.String(),
    data,
  });
export interface Envelope<T> {
  success: true;
  statusCode: number;
  message: string;
  data: T;
}

/** Every error answer; `code` is the stable reason to branch on, `message` the words to show. */
/** One thing in the way of a change (domain Conflict). */
export const Conflict = Type.Object({
  facilityId: Type.String(),
  facilityName: Type.String(),
  date: Type.String(),
  startTime: Type.String(),
  endTime: Type.String(),
  bookingId: Type.Optional(Type.String()),
  customer: Type.Optional(Type.String()),
  reason: Type.String(),
});

/** What moving a booking does to its price, in the venue's currency (domain PriceChange). */
export const PriceChangeDto = Type.Object({
  oldPrice: Type.Number({ description: 'The price the booking stood at (what it was bought for, plus any balance from an earlier move)' }),
  newPrice: Type.Number({ description: "The server's price of the slot it moves to, for its customer" }),
  difference: Type.Number({ description: 'newPrice - oldPrice' }),
  paid: Type.Boolean({ description: 'Paid bookings keep what was paid and record the difference as their balance; unpaid ones take the new price' }),
});
export type PriceChangeDto = Static<typeof PriceChangeDto>;

/** A move to a facility of another sport, both ends named (domain SportChange). */
const SportEnd = Type.Object({ name: Type.String(), sport: Type.String({ description: 'The sport as people read it ("Tennis")' }) });
export const SportChangeDto = Type.Object({ from: SportEnd, to: SportEnd });
export type SportChangeDto = Static<typeof SportChangeDto>;

export const ErrorEnvelope = Type.Object({
  success: Type.Literal(false),
  statusCode: Type.Integer(),
  code: oneOf(ERROR_CODES, 'Stable machine-readable reason; branch on this, not on the message'),
  message: Type.String(),
  errorMessages: Type.Array(Type.Object({ path: Type.String(), message: Type.String() })),
  conflicts: Type.Optional(Type.Array(Conflict, { description: 'What is in the way (CLOSURE_CONFLICT and the like)' })),
  // What the move would do to the price (PRICE_CHANGE_UNCONFIRMED).
  priceChange: Type.Optional(PriceChangeDto),
  // The facilities and sports of a move to another sport (SPORT_CHANGE_UNCONFIRMED).
  sportChange: Type.Optional(SportChangeDto),
  // What is free now instead of a waitlist entry (SLOT_FREE).
  freeSlots: Type.Optional(Type.Array(FreeSlotDto)),
});
export type ErrorEnvelope = Static<typeof ErrorEnvelope>;
