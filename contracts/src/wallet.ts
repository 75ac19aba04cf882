import { Type, type Static } from 'typebox';
import { DESK_PAYMENT_METHODS, WALLET_ENTRY_KINDS } from '@courtside/domain';
import { Nullable, Text, oneOf } from './primitives.ts';

/** The wallet, credit packs and gift vouchers (README "Wallet, packs and vouchers"). Money in dollars on the wire, integer cents in the database. */

export const WalletEntryDto = Type.Object({
  id: Type.String(),
  kind: oneOf(WALLET_ENTRY_KINDS, 'What the entry records'),
  amount: Type.Number({ description: 'Dollars; negative for money out of the wallet' }),
  reason: Type.String({ description: 'Why, as the customer reads it' }),
  createdAt: Type.String(),
  expiresAt: Nullable(Type.String(), 'Bonus credit: when it runs out'),
  orderId: Nullable(Type.String()),
  staffName: Nullable(Type.String(), 'Staff who made an adjustment or took a desk top-up (staff only; null for customers)'),
});
export type WalletEntryDto = Static<typeof WalletEntryDto>;

export const WalletDto = Type.Object({
  balance: Type.Number({ description: 'Dollars: the sum of the ledger, never below zero' }),
  currency: Type.String({ description: 'ISO 4217 (the venue\'s CURRENCY)' }),
  expiring: Type.Array(Type.Object({ amount: Type.Number(), expiresAt: Type.String() }), { description: 'Bonus credit that runs out, soonest first' }),
  entries: Type.Array(WalletEntryDto, { description: 'Newest first (the latest 100)' }),
});
export type WalletDto = Static<typeof WalletDto>;

export const CreditPackDto = Type.Object({
  id: Type.String(),
  name: Type.String(),
  price: Type.Number({ description: 'Dollars paid' }),
  credit: Type.Number({ description: 'Dollars of credit given; credit - price is bonus' }),
  bonus: Type.Number({ description: 'credit - price' }),
  bonusExpiresDays: Nullable(Type.Integer(), 'Days the bonus lasts from the top-up; null: it never expires'),
  active: Type.Boolean(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type CreditPackDto = Static<typeof CreditPackDto>;

export const CreditPackBody = Type.Object(
  {
    name: Text(80),
    price: Type.Number({ description: 'Dollars, more than zero' }),
    credit: Type.Number({ description: 'Dollars, at least the price' }),
    bonusExpiresDays: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 3650 }), Type.Null()])),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type CreditPackBody = Static<typeof CreditPackBody>;

export const TopUpBody = Type.Object({ packId: Type.String({ format: 'uuid' }) }, { additionalProperties: false });
export type TopUpBody = Static<typeof TopUpBody>;

/** A credit order placed: where the customer pays for it (the provider's hosted page). */
export const TopUpDto = Type.Object({
  orderId: Type.String(),
  payment_url: Type.String({ description: 'The hosted payment page; the credit lands once the provider confirms payment' }),
});
export type TopUpDto = Static<typeof TopUpDto>;

export const RedeemBody = Type.Object({ code: Type.String({ minLength: 1, maxLength: 40, description: 'The voucher code, in any case, with or without dashes' }) }, { additionalProperties: false });
export type RedeemBody = Static<typeof RedeemBody>;

export const VoucherPurchaseBody = Type.Object(
  {
    amount: Type.Number({ description: 'Dollars of credit the voucher gives (VOUCHER_MIN to VOUCHER_MAX)' }),
    recipientEmail: Type.Optional(Type.String({ format: 'email', maxLength: 254, description: 'Who the code is emailed to; absent: the buyer' })),
  },
  { additionalProperties: false },
);
export type VoucherPurchaseBody = Static<typeof VoucherPurchaseBody>;

/** Staff: a desk top-up (paid at the desk in cash or card) of a pack or an amount. */
export const DeskTopUpBody = Type.Object(
  {
    packId: Type.Optional(Type.String({ format: 'uuid' })),
    amount: Type.Optional(Type.Number({ description: 'Dollars, when no pack' })),
    paymentMethod: oneOf(DESK_PAYMENT_METHODS, 'How the desk was paid'),
  },
  { additionalProperties: false },
);
export type DeskTopUpBody = Static<typeof DeskTopUpBody>;

/** Staff: a correction, up or down, with the reason the customer reads. */
export const WalletAdjustBody = Type.Object(
  { amount: Type.Number({ description: 'Dollars; negative takes credit away (never below zero)' }), reason: Text(200) },
  { additionalProperties: false },
);
export type WalletAdjustBody = Static<typeof WalletAdjustBody>;

export const VoucherDto = Type.Object({
  id: Type.String(),
  codeHint: Type.String({ description: 'The last four characters of the code (the code itself is shown once)' }),
  code: Type.Optional(Type.String({ description: 'Only in the answer that creates it' })),
  value: Type.Number(),
  expiresAt: Nullable(Type.String()),
  createdByName: Nullable(Type.String()),
  orderId: Nullable(Type.String(), 'Bought online with this order'),
  recipientEmail: Nullable(Type.String()),
  redeemedByName: Nullable(Type.String()),
  redeemedAt: Nullable(Type.String()),
  createdAt: Type.String(),
});
export type VoucherDto = Static<typeof VoucherDto>;

export const VoucherBody = Type.Object(
  { value: Type.Number({ description: 'Dollars' }), expiresAt: Type.Optional(Type.Union([Type.String({ format: 'date' }), Type.Null()], { description: 'Last day it can be redeemed (venue calendar)' })) },
  { additionalProperties: false },
);
export type VoucherBody = Static<typeof VoucherBody>;
