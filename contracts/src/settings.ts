import { Type, type Static } from 'typebox';

/** The venue's public policy settings (GET /api/settings). */
export const PublicSettings = Type.Object({
  bookingHorizonDays: Type.Integer({ description: 'How many days ahead bookings open (BOOKING_HORIZON_DAYS)' }),
  cancellationHours: Type.Integer({ description: 'A confirmed booking can be cancelled, refunded, up to this long before it starts (CANCELLATION_HOURS)' }),
  holdMinutes: Type.Integer({ description: 'How long an unpaid booking holds its slot (HOLD_MINUTES)' }),
});
export type PublicSettings = Static<typeof PublicSettings>;
