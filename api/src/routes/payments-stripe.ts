import type { FastifyPluginAsync } from 'fastify';
import type { StripeProvider } from '../payments/providers/stripe.ts';
import { applyStripeEvent } from '../payments/webhooks.ts';
import { ok } from '../http/envelope.ts';

const WEBHOOK_BODY_LIMIT = 1_000_000;

/**
 * Stripe's webhook. The signature covers the exact bytes Stripe sent, so this plugin (and only
 * it: Fastify encapsulates parsers per plugin) takes every body as a raw Buffer.
 */
const routes: FastifyPluginAsync<{ stripe: StripeProvider }> = async (app, { stripe }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.post('/api/payments/stripe/webhook', {
    config: { access: 'public' },
    bodyLimit: WEBHOOK_BODY_LIMIT,
    schema: {
      tags: ['payments'],
      summary: 'Stripe webhook (checkout.session.completed / async_payment_succeeded / expired, charge.refunded); signed, applied once per event id',
    },
  }, async (request, reply) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const event = stripe.verifyEvent(raw, request.headers['stripe-signature']);
    const { outcome, refusal } = await applyStripeEvent(app.ctx, event);
    // Acknowledged (Stripe would only resend it), but someone should know: it may be an attack.
    if (refusal) request.log.warn({ stripeEvent: event.id }, refusal);
    return reply.send(ok(200, `Event ${event.id} ${outcome}.`, { received: true, outcome }));
  });
};

export default routes;
