import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PublicSettings } from '@courtside/contracts';
import { envelopeOf, ok } from '../http/envelope.ts';

/** The venue's policy as configured, so the site states it and guides the form with the server's numbers, and writes amounts in its currency. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/settings', {
    config: { access: 'public' },
    schema: {
      tags: ['settings'],
      summary: 'The booking policy (booking horizon, cancellation window, hold length, when split shares fall due) and the currency and locale amounts are in',
      response: { 200: envelopeOf(PublicSettings) },
    },
  }, async () => {
    const { bookingHorizonDays, cancellationHours, holdMinutes, shareDueHours, money, defaultTimezone, wallet } = app.ctx.config;
    const settings: PublicSettings = {
      bookingHorizonDays,
      cancellationHours,
      holdMinutes,
      shareDueHours,
      currency: money.currency,
      locale: money.locale,
      timezone: defaultTimezone,
      wallet: { refundToWallet: wallet.refundToWallet, minimumCardChargeCents: app.ctx.payments.checkout.minimumChargeCents ?? 1 },
    };
    return ok(200, 'Settings retrieved successfully', settings);
  });
};

export default routes;
