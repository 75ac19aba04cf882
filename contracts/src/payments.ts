import { Type, type Static } from 'typebox';
import { ORDER_KINDS, ORDER_REFUND_STATES, ORDER_STATUSES, REFUND_STATUSES } from '@courtside/domain';
import { BookingStatusSchema, PaymentStatusSchema, bookingLine } from './bookings.ts';
import { DateText, Id, Nullable, oneOf } from './primitives.ts';
import { BookingIds, PromoCodeText } from './promo-codes.ts';

/** Money is in dollars throughout. */

/** What checking out answers: the order and the hosted payment page to send the customer to. */
export const CheckoutDto = Type.Object({
  orderId: Type.String(),
  payment_url: Type.String(),
  totalPayableAmount: Type.Number({ description: 'What is charged: the bookings\' total less the promo code\'s discount' }),
  subtotal: Type.Number({ description: "The bookings' total before any promo code" }),
  discount: Type.Number({ description: 'What the promo code took off (0 without one)' }),
  promoCode: Nullable(Type.String(), 'The promo code applied (in capitals), or null'),
  split: Type.Boolean({ description: "Whether the cost is split: totalPayableAmount is then the organizer's own shares" }),
  walletAmount: Type.Number({ description: 'Paid from the wallet (0 without useWallet)' }),
  cardAmount: Type.Number({ description: 'Left to pay on the hosted page: totalPayableAmount - walletAmount' }),
});
export type CheckoutDto = Static<typeof CheckoutDto>;

/**
 * Where a customer's order stands, for the payment return page (fulfilment comes from the
 * provider's webhook, so it may still be pending when the browser comes back).
 */
export const OrderStatusDto = Type.Object({
  id: Type.String(),
  kind: oneOf(ORDER_KINDS, "'share': a player's share of a split booking (the payment pays that share, the booking was confirmed already)"),
  status: oneOf(ORDER_STATUSES),
  amount: Type.Number(),
  description: Nullable(Type.String(), "An order without bookings ('top_up', 'voucher'): what it buys"),
  refundState: oneOf(ORDER_REFUND_STATES),
  flagged: Type.Boolean({ description: 'Flagged for staff: money went back without the customer asking (paid too late, say), resolved or not' }),
  closedReason: Nullable(
    Type.Object({
      code: Type.String({ description: 'CANCELLED_BY_VENUE, CANCELLED, STARTED, MOVED, HOLD_LAPSED, REPLACED or LEFT' }),
      message: Type.String({ description: 'Why, in the words the payment page shows' }),
    }),
    'Why the payment page no longer takes money; null while it may, and once paid',
  ),
  bookings: Type.Array(
    Type.Object({
      id: Type.String(),
      status: BookingStatusSchema,
      paymentStatus: PaymentStatusSchema,
      facilityName: Type.String(),
      timezone: Type.String({ description: "The facility's IANA zone, the one date and times are in" }),
      date: Type.String(),
      startTime: Type.String(),
      endTime: Type.String(),
      playEndTime: Type.String({ description: 'When play ends (the changeover comes out of the end of the booking), as on the booking' }),
      cancellableUntil: Nullable(Type.String(), 'Free cancellation deadline (ISO instant), as on the booking'),
      cancellationHours: Type.Integer({ description: 'The free-cancellation window in force for this booking, as on the booking' }),
    }),
  ),
});
export type OrderStatusDto = Static<typeof OrderStatusDto>;

/** An order and its payment as the back office shows it. */
export const PaymentDto = Type.Object({
  id: Type.String(),
  user: Type.Object({ id: Type.String(), name: Type.String(), email: Type.String() }, { description: 'Who paid it: the organizer, or on a share, the player' }),
  provider: Type.String(),
  kind: oneOf(ORDER_KINDS, "'full': one customer paid for everyone; 'split': an organizer's own share; 'share': a player's share; 'cover': the shares unpaid at the due time, charged to the organizer"),
  status: oneOf(ORDER_STATUSES),
  amount: Type.Number({ description: 'What was charged, after any promo code' }),
  discount: Type.Number({ description: 'What the promo code took off (0 without one); the bookings\' total is amount + discount' }),
  promoCode: Nullable(Type.String(), 'The promo code the order used, or null'),
  description: Nullable(Type.String(), "An order without bookings ('top_up', 'voucher'): what it buys"),
  takenByName: Nullable(Type.String(), 'A desk payment: the staff member who took it'),
  paymentMethod: Nullable(Type.String(), "A desk payment: 'cash' or 'card'"),
  refundedAmount: Type.Number(),
  refundState: oneOf(ORDER_REFUND_STATES),
  flagReason: Nullable(Type.String(), 'Why staff should look at it (paid after its slot went to someone else, say)'),
  flagResolvedAt: Nullable(Type.String(), 'When staff marked the flag resolved; the reason stays as history'),
  flagResolvedBy: Nullable(Type.Object({ id: Type.String(), name: Type.String() })),
  providerRef: Nullable(Type.String()),
  createdAt: Type.String(),
  paidAt: Nullable(Type.String()),
  bookings: Type.Array(
    Type.Object({
      id: Type.String(),
      facilityName: Type.String(),
      ...bookingLine,
      charged: Type.Number({ description: "What this payment charged for the booking: its price less its share of the promo code, or on a split the payer's share (payableAmount is the booking's whole price)" }),
    }),
  ),
  refunds: Type.Array(
    Type.Object({
      id: Type.String(),
      amount: Type.Number(),
      status: oneOf(REFUND_STATUSES, "'to_collect': desk money waiting for staff to hand it back"),
      createdAt: Type.String(),
      handedBackAt: Nullable(Type.String(), 'When staff recorded handing desk money back'),
      handedBackBy: Nullable(Type.Object({ id: Type.String(), name: Type.String() })),
    }),
  ),
});
export type PaymentDto = Static<typeof PaymentDto>;

/**
 * Desk money waiting to be handed back (a refund 'to_collect'): staff's to-do, shown on the
 * dashboard, the day view and the booking until someone records handing it back.
 */
export const DeskRefundDto = Type.Object({
  id: Type.String({ description: 'The refund (POST /api/admin/refunds/:id/handed-back records it done)' }),
  orderId: Type.String(),
  amount: Type.Number(),
  createdAt: Type.String(),
  customer: Type.Object({ id: Type.String(), name: Type.String(), email: Type.String() }),
  booking: Nullable(
    Type.Object({
      id: Type.String(),
      facilityId: Type.String(),
      facilityName: Type.String(),
      date: Type.String(),
      startTime: Type.String(),
      endTime: Type.String(),
      status: BookingStatusSchema,
    }),
    'The booking the money was for; null for money of a whole order',
  ),
});
export type DeskRefundDto = Static<typeof DeskRefundDto>;

// ---- Requests ----

/** POST /api/order/create: check out the caller's unpaid bookings. */
export const OrderBody = Type.Object(
  {
    totalPayableAmount: Type.Number({
      minimum: 0,
      description: "The bookings' total as the client shows it, before any promo code; the answer's totalPayableAmount is what is charged",
    }),
    bookingIds: BookingIds,
    promoCode: Type.Optional(PromoCodeText),
    split: Type.Optional(
      Type.Boolean({
        description:
          "Split the cost: each booking's price (after tier prices and the promo code) is divided into one share per place (the facility's maxPlayers); " +
          'the caller pays their own share now and agrees that shares still unpaid at the due time are charged to them',
      }),
    ),
    useWallet: Type.Optional(
      Type.Boolean({
        description:
          "Pay with the caller's wallet credit first: as much of the total as the balance covers (the answer's walletAmount), the rest " +
          "(cardAmount) on the hosted page. Covered in full: confirmed at once, and payment_url is the payment return page. The credit is " +
          'reserved with the order and returned if the order lapses or is cancelled. Not with split.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type OrderBody = Static<typeof OrderBody>;

/** GET /api/admin/desk-refunds: all, one booking's, or those of bookings on a local day. */
export const DeskRefundsQuery = Type.Object(
  {
    bookingId: Type.Optional(Type.String({ format: 'uuid' })),
    date: Type.Optional(DateText),
  },
  { additionalProperties: false },
);
export type DeskRefundsQuery = Static<typeof DeskRefundsQuery>;

/** The sandbox's hosted payment page, /pay/:orderId, and its Pay and Cancel forms (urlencoded, from our own origin). */
export const PayPageParams = Type.Object({ orderId: Id });
export type PayPageParams = Static<typeof PayPageParams>;
export const PayPageForm = Type.Object({ signature: Type.String({ maxLength: 128 }) });
export type PayPageForm = Static<typeof PayPageForm>;
