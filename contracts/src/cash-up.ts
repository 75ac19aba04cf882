import { Type, type Static } from 'typebox';
import { CASH_UP_METHODS, DESK_PAYMENT_METHODS, TEXT_LIMITS } from '@courtside/domain';
import { DeskRefundDto } from './payments.ts';
import { DateText, Nullable, Price, Text, oneOf } from './primitives.ts';

/**
 * The desk's end-of-day cash-up (GET and POST /api/admin/cash-up): the day's desk payments by
 * method, the desk refunds handed back that day and those still to hand back, the cash the till
 * should hold, and the day's close once it is closed. Money in major units; times are instants
 * (ISO) the back office shows in the venue's zone; `date` is the venue's local date.
 */

export const CashUpQuery = Type.Object({
  date: Type.Optional(Type.Intersect([DateText], { description: "The venue's local date (default: today in the venue's zone)" })),
});
export type CashUpQuery = Static<typeof CashUpQuery>;

/** POST /api/admin/cash-up: close a day. The totals are the server's, computed as it closes. */
export const CashUpBody = Type.Object(
  {
    date: DateText,
    countedCash: Price('The cash the desk counted in the till for the day (what it took in cash, less what it handed back)'),
    note: Type.Optional(Text(TEXT_LIMITS.bookingNote, 'prose')),
  },
  { additionalProperties: false },
);
export type CashUpBody = Static<typeof CashUpBody>;

const Person = Type.Object({ id: Type.String(), name: Type.String() });

/** One payment taken at the desk. */
export const CashUpPayment = Type.Object({
  orderId: Type.String(),
  paidAt: Type.String(),
  amount: Type.Number(),
  method: oneOf(CASH_UP_METHODS, 'not-recorded: taken before the desk recorded how it was paid'),
  customer: Person,
  takenBy: Nullable(Person),
  bookings: Type.Array(Type.Object({ id: Type.String(), facilityName: Type.String(), date: Type.String(), startTime: Type.String(), endTime: Type.String() })),
  description: Nullable(Type.String(), 'Money of no booking: what it bought (a wallet top-up, say)'),
  afterClose: Type.Boolean({ description: "Taken after the day's close (not in its totals)" }),
});
export type CashUpPayment = Static<typeof CashUpPayment>;

/** Desk money handed back on the day. */
export const CashUpHandBack = Type.Object({
  refundId: Type.String(),
  handedBackAt: Type.String(),
  amount: Type.Number(),
  method: oneOf(DESK_PAYMENT_METHODS, 'card: a payment taken by card at the desk goes back to the card; anything else comes out of the till'),
  customer: Person,
  handedBackBy: Person,
  afterClose: Type.Boolean({ description: "Handed back after the day's close (not in its totals)" }),
});
export type CashUpHandBack = Static<typeof CashUpHandBack>;

export const CashUpTotalsDto = Type.Object({
  byMethod: Type.Array(Type.Object({ method: oneOf(CASH_UP_METHODS), label: Type.String(), count: Type.Integer(), amount: Type.Number() })),
  taken: Type.Number(),
  handedBackCash: Type.Number(),
  handedBackCard: Type.Number(),
  expectedCash: Type.Number({ description: 'Cash taken minus cash handed back' }),
});
export type CashUpTotalsDto = Static<typeof CashUpTotalsDto>;

export const CashUpCloseDto = Type.Object({
  id: Type.String(),
  closedBy: Person,
  closedAt: Type.String(),
  totals: Type.Intersect([CashUpTotalsDto], { description: 'What the close counted, as the server computed it then' }),
  countedCash: Type.Number(),
  difference: Type.Number({ description: 'Counted minus expected cash: positive over, negative short' }),
  differenceText: Type.String({ description: '"Short by $5.00", "Over by $2.00", "Exact"' }),
  note: Nullable(Type.String()),
});
export type CashUpCloseDto = Static<typeof CashUpCloseDto>;

export const CashUpDto = Type.Object({
  date: Type.String(),
  today: Type.String({ description: "Today in the venue's zone" }),
  timezone: Type.String(),
  payments: Type.Array(CashUpPayment),
  handedBack: Type.Array(CashUpHandBack),
  toHandBack: Type.Array(DeskRefundDto, { description: 'Desk refunds still to hand back, of any day' }),
  totals: Type.Intersect([CashUpTotalsDto], { description: 'Everything of the day so far, after the close included' }),
  close: Nullable(CashUpCloseDto, 'null until the day is closed'),
});
export type CashUpDto = Static<typeof CashUpDto>;
