import { Type, type Static } from 'typebox';
import { BOOKING_REFUND_STATES, BOOKING_STATUSES, PAYMENT_STATUSES, REFUND_VIAS } from '@courtside/domain';
import { PriceChangeDto } from './envelope.ts';
import { Nullable, oneOf } from './primitives.ts';

export const BookingStatusSchema = oneOf(BOOKING_STATUSES);
export const PaymentStatusSchema = oneOf(PAYMENT_STATUSES);

/** When a booking is, what it costs and where it stands: every view of a booking carries these. */
export const bookingLine = {
  date: Type.String(),
  startTime: Type.String(),
  endTime: Type.String(),
  payableAmount: Type.Number(),
  status: BookingStatusSchema,
  paymentStatus: PaymentStatusSchema,
};

export const BookingDto = Type.Object({
  _id: Type.String(),
  facility: Type.Object({
    _id: Type.String(),
    name: Type.String(),
    location: Type.String(),
    pricePerHour: Type.Number(),
    timezone: Type.String({ description: "The facility's IANA zone, the one its date and times are in" }),
  }),
  user: Type.Object({ _id: Type.String(), name: Type.String(), email: Type.String() }),
  ...bookingLine,
  paidAmount: Nullable(
    Type.Number(),
    "What its customer paid for it, in the venue's currency: its price less its share of a promo code's discount; a refund gives back exactly this. null while nothing was paid",
  ),
  holdExpiresAt: Nullable(Type.String()),
  createdAt: Type.String(),
  refundedAmount: Type.Number({ description: "Money already back with the customer for this booking, in the venue's currency" }),
  refundState: oneOf(BOOKING_REFUND_STATES),
  balance: Type.Number({
    description: "A paid booking staff moved to a slot at another price: the difference still to collect from the customer (positive) or to give back (negative), in the venue's currency; 0 otherwise",
  }),
  cancellable: Type.Boolean({ description: 'Whether its customer may cancel it now (the cancellation policy)' }),
  seriesId: Nullable(Type.String(), 'The weekly series this booking is a date of (staff booked it with the others), or null'),
  refundVia: Nullable(oneOf(REFUND_VIAS), "How its money goes back if refunded: 'desk' (handed back at the front desk) or 'provider' (to the card it was paid with); null when nothing was paid"),
  cancellableUntil: Nullable(
    Type.String(),
    'Free cancellation deadline (ISO instant): start minus cancellationHours; a pending hold shows the one it gets once paid; null once over',
  ),
  playEndTime: Type.String({
    description: "When play ends (HH:MM, the facility's zone): endTime less the changeover the booking was made with, or endTime when the same customer's own next booking there starts at endTime (back-to-back slots play through)",
  }),
  playMinutes: Type.Integer({ description: 'Minutes of play: from startTime to playEndTime' }),
  cancellationHours: Type.Integer({ description: "The free-cancellation window in force for this booking, in hours before its start: its facility's own rule, else CANCELLATION_HOURS" }),
  review: Nullable(Type.Object({ rating: Type.Integer({ minimum: 1, maximum: 5 }) }), "Its customer's rating of the facility for it, or null"),
  reviewable: Type.Boolean({ description: 'Whether its customer may rate it now (POST /api/bookings/:id/review): confirmed, ended, not rated yet' }),
});
export type BookingDto = Static<typeof BookingDto>;

/** A booking just moved, with what the move did to its price. */
export const MovedBookingDto = Type.Intersect([BookingDto, Type.Object({ priceChange: PriceChangeDto })]);
export type MovedBookingDto = Static<typeof MovedBookingDto>;
