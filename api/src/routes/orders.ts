import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createOrder } from '../services/order-service.ts';
import { envelopeOf, errorResponses, ok } from '../http/envelope.ts';
import { Address, Email, Id, PersonName, Phone } from './schemas.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/api/order/create', {
    config: { access: 'user' },
    schema: {
      tags: ['payments'],
      summary: "Check out the caller's unpaid bookings; returns the hosted payment page",
      security: [{ bearerAuth: [] }],
      body: Type.Object(
        {
          user: Type.Object(
            {
              name: PersonName,
              email: Email,
              phone: Phone,
              address: Address,
            },
            { additionalProperties: false },
          ),
          totalPayableAmount: Type.Number({ minimum: 0 }),
          bookingIds: Type.Array(Type.Object({ bookingId: Id }, { additionalProperties: false }), { minItems: 1, maxItems: 50 }),
        },
        { additionalProperties: false },
      ),
      response: {
        201: envelopeOf(Type.Object({ orderId: Type.String(), payment_url: Type.String(), totalPayableAmount: Type.Number() })),
        ...errorResponses,
      },
    },
  }, async (request, reply) => {
    const order = await createOrder(app.ctx, request.currentUser!, request.body);
    return reply.status(201).send(ok(201, 'Order created successfully. Redirecting to payment.', order));
  });
};

export default routes;
