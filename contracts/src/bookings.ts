import { Type, type Static } from 'typebox';
import { ATTENDANCES, BOOKING_REFUND_STATES, BOOKING_STATUSES, DEFAULT_DESK_PAYMENT_METHOD, DESK_PAYMENT_METHODS, PAYMENT_STATUSES, REFUND_VIAS, TEXT_LIMITS } from '@courtside/domain';
import { PriceChangeDto } from './envelope.ts';
import { DateText, Email, Id, Nullable, PersonName, Phone, Text, TimeText, oneOf } from './primitives.ts';

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

/**
 * A confirmed booking's door code: to its customer and its players from the day before (midnight,
 * the facility's zone) until its end, to staff always, to nobody else; and when it opens the door.
 */
export const DoorCodeFields = {
  accessCode: Nullable(
    Type.String({ pattern: '^[0-9]{6}$' }),
    "The six digits that open the gate (and the QR of them): shown to its customer and players from the day before until its end, to staff always; null otherwise, and for a booking that is not confirmed",
  ),
  accessOpensAt: Nullable(Type.String(), 'When the code starts to open the gate (ISO 8601): ACCESS_OPENS_MINUTES before the start; it works until the end. null whenever accessCode is'),
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
    "What its customer paid for it, in the venue's currency: its price less its share of a promo code's discount (split: their own share, and any unpaid shares charged to them); a refund gives back exactly this. null while nothing was paid",
  ),
  split: Type.Boolean({ description: "Its cost is split among its players: paidAmount and refundedAmount are then its customer's (the organizer's) own part" }),
  holdExpiresAt: Nullable(Type.String()),
  createdAt: Type.String(),
  refundedAmount: Type.Number({ description: "Money already back with the customer for this booking, in the venue's currency" }),
  refundState: oneOf(BOOKING_REFUND_STATES),
  balance: Type.Number({
    description: "A paid booking staff moved to a slot at another price: the difference still to collect from the customer (positive) or to give back (negative), in the venue's currency; 0 otherwise",
  }),
  cancellable: Type.Boolean({ description: 'Whether its customer may cancel it now (the cancellation policy)' }),
  seriesId: Nullable(Type.String(), 'The weekly series this booking is a date of (staff booked it with the others), or null'),
  refundVia: Nullable(
    oneOf(REFUND_VIAS),
    "How its money goes back if refunded: 'desk' (handed back at the front desk), 'provider' (to the card it was paid with) or 'wallet' (paid with credit, returned as credit); null when nothing was paid",
  ),
  walletPaidAmount: Type.Number({ description: 'What of paidAmount was paid with wallet credit (it goes back to the wallet); 0 when none' }),
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
  players: Type.Object(
    { count: Type.Integer({ description: 'On it now, its organizer counted' }), max: Type.Integer({ description: "Its facility's maxPlayers" }) },
    { description: 'How many play on it (GET /api/bookings/:id/players lists them)' },
  ),
  attendance: oneOf(ATTENDANCES, "At the door: 'pending', 'checked_in', or 'no_show' (nobody checked in by its start plus NO_SHOW_GRACE_MINUTES at a facility that checks in)"),
  checkedInAt: Nullable(Type.String(), 'When it was checked in (ISO instant), while checked in'),
  ...DoorCodeFields,
});
export type BookingDto = Static<typeof BookingDto>;

/** A booking just moved, with what the move did to its price. */
export const MovedBookingDto = Type.Intersect([BookingDto, Type.Object({ priceChange: PriceChangeDto })]);
export type MovedBookingDto = Static<typeof MovedBookingDto>;

// ---- Requests ----

/** POST /api/bookings: hold a slot. */
export const BookingBody = Type.Object(
  { facility: Id, date: DateText, startTime: TimeText, endTime: TimeText },
  { additionalProperties: false },
);
export type BookingBody = Static<typeof BookingBody>;

/** GET /api/bookings: a page of every booking. */
export const BookingPageQuery = Type.Object({
  page: Type.Integer({ minimum: 1, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
});
export type BookingPageQuery = Static<typeof BookingPageQuery>;

/** GET /api/bookings/user/:userId */
export const UserIdParams = Type.Object({ userId: Id });
export type UserIdParams = Static<typeof UserIdParams>;

/** Staff agree to the new price of a move that changes it (else 409 PRICE_CHANGE_UNCONFIRMED with priceChange, and nothing moves). */
const ConfirmPriceChange = Type.Optional(Type.Boolean({ description: 'Staff agree to the price change the move makes (PRICE_CHANGE_UNCONFIRMED otherwise); a customer moving their hold need not' }));
/** Agree to a move onto a facility of another sport (else 409 SPORT_CHANGE_UNCONFIRMED, and nothing moves). */
const ConfirmSportChange = Type.Optional(Type.Boolean({ description: 'Agree to moving the booking to a facility of another sport (SPORT_CHANGE_UNCONFIRMED otherwise)' }));
const moveFields = {
  date: Type.Optional(DateText),
  startTime: Type.Optional(TimeText),
  endTime: Type.Optional(TimeText),
  confirmPriceChange: ConfirmPriceChange,
  confirmSportChange: ConfirmSportChange,
};

/** PUT /api/bookings/:id: move a booking (a field left out keeps its value). */
export const RescheduleBody = Type.Object({ facility: Type.Optional(Id), ...moveFields }, { additionalProperties: false });
export type RescheduleBody = Static<typeof RescheduleBody>;

/**
 * PUT /api/admin/bookings/:id: a move as react-admin sends it, the whole record; only the time
 * fields and the facility (its id, or the record's facility object) move the booking.
 */
export const StaffMoveBody = Type.Object(
  {
    facility: Type.Optional(Type.Union([Type.String(), Type.Object({ _id: Type.String() }, { additionalProperties: true })])),
    facilityId: Type.Optional(Id),
    ...moveFields,
  },
  { additionalProperties: false },
);
export type StaffMoveBody = Static<typeof StaffMoveBody>;

/** Who a front-desk booking is for: a customer's id staff picked, or a new guest (never matched to an account by phone or email). */
export const CustomerChoiceFields = {
  userId: Type.Optional(Id),
  guest: Type.Optional(Type.Object(
    { name: PersonName, phone: Type.Optional(Phone), email: Type.Optional(Email) },
    { additionalProperties: false },
  )),
};
/** A note staff keep on a booking. */
export const BookingNote = Text(TEXT_LIMITS.bookingNote, 'prose');

/** How the desk was paid, as the desk's payment requests take it. */
export const DeskPaymentMethodSchema = oneOf(
  DESK_PAYMENT_METHODS,
  `How the desk was paid (recorded on the desk payment for the day's cash-up); default ${DEFAULT_DESK_PAYMENT_METHOD}`,
);
export const DeskPaymentMethodField = { paymentMethod: Type.Optional(DeskPaymentMethodSchema) };

/** POST /api/admin/bookings/:id/mark-paid (the body is optional). */
export const MarkPaidBody = Type.Object(DeskPaymentMethodField, { additionalProperties: false });
export type MarkPaidBody = Static<typeof MarkPaidBody>;

/** POST /api/admin/bookings: book at the front desk. */
export const DeskBookingBody = Type.Object(
  {
    facilityId: Id,
    date: DateText,
    startTime: TimeText,
    endTime: TimeText,
    ...CustomerChoiceFields,
    payment: Type.Union([Type.Literal('desk'), Type.Literal('unpaid'), Type.Literal('link')], {
      description: 'desk: paid now at the desk; unpaid: confirmed, paid later (mark-paid); link: held LINK_HOLD_HOURS for the customer to pay on the hosted page',
    }),
    ...DeskPaymentMethodField,
    note: Type.Optional(BookingNote),
    lateEntry: Type.Optional(Type.Boolean({ description: 'Staff confirm that a booking of today may start before now (a walk-in already playing); without it a start in the past is refused' })),
  },
  { additionalProperties: false },
);
export type DeskBookingBody = Static<typeof DeskBookingBody>;

/** POST /api/admin/bookings/quote: where, when and for whom (a customer's id; none for a walk-in). */
export const DeskQuoteBody = Type.Object(
  { facilityId: Id, date: DateText, startTime: TimeText, endTime: TimeText, userId: Type.Optional(Id) },
  { additionalProperties: false },
);
export type DeskQuoteBody = Static<typeof DeskQuoteBody>;

/** POST /api/admin/bookings/:id/settle-balance */
export const SettleBalanceBody = Type.Object(
  {
    how: Type.Union([Type.Literal('desk'), Type.Literal('provider')], {
      description: 'desk: collected at the desk (a positive balance) or handed back there (a negative one); provider: given back through the provider that took the money',
    }),
    amount: Type.Number({ description: 'The balance as staff saw it (positive: to collect; negative: to give back); settled only if it still is (BALANCE_CHANGED otherwise)' }),
    ...DeskPaymentMethodField,
  },
  { additionalProperties: false },
);
export type SettleBalanceBody = Static<typeof SettleBalanceBody>;
