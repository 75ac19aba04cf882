import { Type, type Static } from 'typebox';

/** The venue's public policy settings and money format (GET /api/settings). */
export const PublicSettings = Type.Object({
  bookingHorizonDays: Type.Integer({ description: 'How many days ahead bookings open (BOOKING_HORIZON_DAYS)' }),
  cancellationHours: Type.Integer({ description: 'A confirmed booking can be cancelled, refunded, up to this long before it starts (CANCELLATION_HOURS)' }),
  holdMinutes: Type.Integer({ description: 'How long an unpaid booking holds its slot (HOLD_MINUTES)' }),
  currency: Type.String({ description: 'ISO 4217 code every amount is in (CURRENCY): amounts on the wire are its major units, e.g. 12.5 for 12.50', examples: ['USD'] }),
  locale: Type.String({ description: 'How amounts are written (LOCALE), a BCP 47 language tag', examples: ['en-US'] }),
  shareDueHours: Type.Integer({ description: 'Split payment: shares still unpaid this long before the start (1 hour before, for a booking made later) are charged to the organizer (SHARE_DUE_HOURS)' }),
  timezone: Type.String({ description: "The venue's calendar (DEFAULT_TIMEZONE, an IANA zone): what \"today\" is when looking for a free court", examples: ['America/New_York'] }),
  wallet: Type.Object({
    refundToWallet: Type.Boolean({ description: "Card refunds of a customer's own cancellations go to their wallet as credit (REFUND_TO_WALLET)" }),
    minimumCardChargeCents: Type.Integer({ description: "The checkout provider's smallest card charge in cents (Stripe: 50; the sandbox: 1): credit leaves at least this to the card (domain walletSplit)" }),
  }),
});
export type PublicSettings = Static<typeof PublicSettings>;
