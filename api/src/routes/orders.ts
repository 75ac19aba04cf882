import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createOrder, orderStatus, quotePromoCode } from '../payments/checkout.ts';
import { ErrorEnvelope, envelopeOf, errorResponses, ok } from '../http/envelope.ts';
import { CheckoutDto, IdParams, OrderBody, OrderStatusDto, PromoCheckBody, PromoQuoteDto } from '@courtside/contracts';
import { clientOf } from '../http/client.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/api/order/create', {
    config: { access: 'user' },
    schema: {
      tags: ['payments'],
      summary: "Check out the caller's unpaid bookings for the signed-in account (a `user` field from older clients is ignored); returns the hosted payment page",
      description:
        "The order belongs to the signed-in account, whose email goes to the payment provider. A `user` object " +
        '(billing details) sent by older clients is dropped like any unknown field and never used. With `promoCode` the order is ' +
        'charged the discounted total (400 PROMO_INVALID saying why a code cannot be used; 429 after too many unknown codes); ' +
        'an order a code makes free is confirmed at once and `payment_url` is the payment return page.',
      security: [{ bearerAuth: [] }],
      body: OrderBody,
      response: {
        201: envelopeOf(CheckoutDto),
        ...errorResponses,
        // The payment provider could not be reached: nothing was charged, the holds stay.
        503: ErrorEnvelope,
      },
    },
  }, async (request, reply) => {
    const order = await createOrder(app.ctx, request.currentUser!, request.body, { ip: clientOf(request) });
    return reply.status(201).send(ok(201, 'Order created successfully. Redirecting to payment.', order));
  });

  app.post('/api/promo-codes/check', {
    config: { access: 'user' },
    schema: {
      tags: ['payments'],
      summary: "What a promo code does to the caller's unpaid bookings, before paying: the discount and the new total",
      description:
        'The same checks as checking out (validity dates, facilities, minimum amount, uses), without taking a use: ' +
        'a refusal is 400 PROMO_INVALID with the reason in `message`; 429 after too many unknown codes.',
      security: [{ bearerAuth: [] }],
      body: PromoCheckBody,
      response: { 200: envelopeOf(PromoQuoteDto), ...errorResponses },
    },
  }, async (request) => {
    const quote = await quotePromoCode(app.ctx, request.currentUser!, request.body, clientOf(request));
    return ok(200, `Promo code ${quote.promoCode} applied.`, quote);
  });

  app.get('/api/order/:id', {
    config: { access: 'user' },
    schema: {
      tags: ['payments'],
      summary: "Where one of the caller's orders stands (the payment return page polls it until the provider's webhook settles it)",
      security: [{ bearerAuth: [] }],
      params: IdParams,
      response: { 200: envelopeOf(OrderStatusDto), ...errorResponses },
    },
  }, async (request) => ok(200, 'Order status.', await orderStatus(app.ctx, request.currentUser!, request.params.id)));
};

export default routes;
