import { Type, type Static } from 'typebox';
import { DateText, Nullable } from './primitives.ts';

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
