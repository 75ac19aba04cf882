import { Type, type Static } from 'typebox';
import { MAX_PROMO_FACILITIES } from '@courtside/domain';
import { DateText, Id, Nullable } from './primitives.ts';

/** Promo codes: what staff manage at /api/admin/promo-codes and what a customer's code does at checkout. Money in dollars. */

/** A promo code as the back office lists and edits it: a field that is null does not limit the code. */
export const PromoCodeDto = Type.Object({
  id: Type.String(),
  code: Type.String({ description: 'In capitals; customers may type it in any case' }),
  percentOff: Nullable(Type.Integer(), 'Percent off the order (1-100), or null for an amount off'),
  amountOff: Nullable(Type.Number(), 'Dollars off the order, or null for a percent off'),
  validFrom: Nullable(DateText, 'First day it can be used (the venue\'s calendar), or null: from now'),
  validTo: Nullable(DateText, 'Last day it can be used, or null: no end'),
  facilityIds: Nullable(Type.Array(Type.String()), 'Facilities every booking of the order must be at, or null: every facility'),
  minAmount: Nullable(Type.Number(), 'Smallest order total (before the discount) it applies to, in dollars'),
  maxUses: Nullable(Type.Integer(), 'Orders that may use it in all, or null: no limit'),
  maxUsesPerCustomer: Nullable(Type.Integer(), 'Orders one customer may use it on, or null: no limit'),
  uses: Type.Integer({ description: 'Orders using it now: paid, or checking out with the payment page still open' }),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type PromoCodeDto = Static<typeof PromoCodeDto>;

/** What a code does to a customer's order, before paying (POST /api/promo-codes/check) and in the order's answer. */
export const PromoQuoteDto = Type.Object({
  promoCode: Type.String({ description: 'The code as stored (capitals)' }),
  subtotal: Type.Number({ description: "The bookings' total before the code, in dollars" }),
  discount: Type.Number({ description: 'What the code takes off, in dollars' }),
  totalPayableAmount: Type.Number({ description: 'What will be charged, in dollars' }),
});
export type PromoQuoteDto = Static<typeof PromoQuoteDto>;

// ---- Requests ----

const orNull = <T extends Parameters<typeof Type.Optional>[0]>(type: T, description: string) =>
  Type.Optional(Type.Union([type, Type.Null()], { description }));

/**
 * POST and PUT /api/admin/promo-codes: a promo code as staff write it (PUT takes the whole
 * record; its id, uses and dates are dropped). Types only: the domain checks ranges and
 * combinations, naming the field at fault. Null lifts a limit.
 */
export const PromoCodeBody = Type.Object(
  {
    code: Type.String({ maxLength: 64, description: '3 to 32 letters, digits, - or _; stored in capitals' }),
    percentOff: orNull(Type.Number(), 'Whole percent off the order, 1-100 (or amountOff, not both)'),
    amountOff: orNull(Type.Number(), 'Dollars off the order (or percentOff, not both)'),
    validFrom: orNull(DateText, "First day it can be used, on the venue's calendar (DEFAULT_TIMEZONE); null: from now"),
    validTo: orNull(DateText, 'Last day it can be used; null: no end'),
    facilityIds: orNull(Type.Array(Id, { maxItems: MAX_PROMO_FACILITIES }), 'Every booking of the order must be at one of these; null: any facility'),
    minAmount: orNull(Type.Number(), "Smallest order (the bookings' total before the discount) it applies to, in dollars"),
    maxUses: orNull(Type.Number(), 'Orders that may use it in all'),
    maxUsesPerCustomer: orNull(Type.Number(), 'Orders one customer may use it on'),
  },
  { additionalProperties: false },
);
export type PromoCodeBody = Static<typeof PromoCodeBody>;

/** The caller's unpaid bookings an order (or a promo code's quote) is for. */
export const BookingIds = Type.Array(Type.Object({ bookingId: Id }, { additionalProperties: false }), { minItems: 1, maxItems: 50 });
/** As typed: spaces around it and letter case do not matter; the domain judges the rest. */
export const PromoCodeText = Type.String({ maxLength: 64, description: 'A promo code, in any case (SUMMER10 = summer10)' });

/** POST /api/promo-codes/check: what a code would do to these bookings. */
export const PromoCheckBody = Type.Object({ code: PromoCodeText, bookingIds: BookingIds }, { additionalProperties: false });
export type PromoCheckBody = Static<typeof PromoCheckBody>;
