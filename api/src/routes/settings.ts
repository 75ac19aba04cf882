import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { PublicSettings } from '@courtside/domain';
import { envelopeOf, ok } from '../http/envelope.ts';

/** PublicSettings of @courtside/domain on the wire, in the usual envelope. */
const Settings = Type.Object({
  bookingHorizonDays: Type.Integer({ description: 'How many days ahead bookings open (BOOKING_HORIZON_DAYS)' }),
  cancellationHours: Type.Integer({ description: 'A confirmed booking can be cancelled, refunded, up to this long before it starts (CANCELLATION_HOURS)' }),
  holdMinutes: Type.Integer({ description: 'How long an unpaid booking holds its slot (HOLD_MINUTES)' }),
});

/** The venue's policy as configured, so the site states it and guides the form with the server's numbers. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/settings', {
    config: { access: 'public' },
    schema: {
      tags: ['settings'],
      summary: 'The booking policy: booking horizon, cancellation window, hold length',
      response: { 200: envelopeOf(Settings) },
    },
  }, async () => {
    const { bookingHorizonDays, cancellationHours, holdMinutes } = app.ctx.config;
    const settings: PublicSettings = { bookingHorizonDays, cancellationHours, holdMinutes };
    return ok(200, 'Settings retrieved successfully', settings);
  });
};

export default routes;
