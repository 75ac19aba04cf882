import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createOrder, orderStatus, quotePromoCode } from '../payments/checkout.ts';
import { ErrorEnvelope, envelopeOf, errorResponses, ok } from '../http/envelope.ts';
import { CheckoutDto, IdParams, OrderBody, OrderStatusDto, PromoCheckBody, PromoQuoteDto, ShareCheckoutDto } from '@courtside/contracts';
import { openShareCheckout } from '../payments/split/checkout.ts';
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

  app.post('/api/bookings/:id/share/checkout', {
    config: { access: 'user' },
    schema: {
      tags: ['payments'],
      summary: "A player pays their share of a booking whose cost is split: the hosted payment page for it, on the provider of the organizer's payment",
      description:
        'For a player on the booking (anyone else: 404). 409 NOT_SPLIT (the organizer paid for everyone), SHARE_ALREADY_PAID, ' +
        "NO_OPEN_SHARE (every share is paid or being paid), SHARES_CLOSED (the due time passed: the organizer's card covered the rest), " +
        'NOT_JOINABLE (cancelled or started). A newer checkout for the same share replaces the older page.',
      security: [{ bearerAuth: [] }],
      params: IdParams,
      response: { 201: envelopeOf(ShareCheckoutDto), ...errorResponses, 503: ErrorEnvelope },
    },
  }, async (request, reply) => {
    const checkout = await openShareCheckout(app.ctx, request.currentUser!, request.params.id);
    return reply.status(201).send(ok(201, 'Share checkout created. Redirecting to payment.', checkout));
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
