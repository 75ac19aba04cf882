import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createOrder, orderStatus } from '../payments/checkout.ts';
import { ErrorEnvelope, envelopeOf, errorResponses, ok } from '../http/envelope.ts';
import { CheckoutDto, OrderStatusDto } from '@courtside/contracts';
import { Id, IdParams } from './schemas.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/api/order/create', {
    config: { access: 'user' },
    schema: {
      tags: ['payments'],
      summary: "Check out the caller's unpaid bookings for the signed-in account (a `user` field from older clients is ignored); returns the hosted payment page",
      description:
        "The order belongs to the signed-in account, whose email goes to the payment provider. A `user` object " +
        '(billing details) sent by older clients is dropped like any unknown field and never used.',
      security: [{ bearerAuth: [] }],
      body: Type.Object(
        {
          totalPayableAmount: Type.Number({ minimum: 0 }),
          bookingIds: Type.Array(Type.Object({ bookingId: Id }, { additionalProperties: false }), { minItems: 1, maxItems: 50 }),
        },
        { additionalProperties: false },
      ),
      response: {
        201: envelopeOf(CheckoutDto),
        ...errorResponses,
        // The payment provider could not be reached: nothing was charged, the holds stay.
        503: ErrorEnvelope,
      },
    },
  }, async (request, reply) => {
    const order = await createOrder(app.ctx, request.currentUser!, request.body);
    return reply.status(201).send(ok(201, 'Order created successfully. Redirecting to payment.', order));
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
