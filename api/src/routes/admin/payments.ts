import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getPayment, pagePayments, refundPayment, resolvePaymentFlag } from '../../payments/staff.ts';
import { errorResponses } from '../../http/envelope.ts';
import { ListQuery, sendList } from '../../http/simple-rest.ts';
import { BookingStatusSchema, IdParams, PaymentStatusSchema } from '../schemas.ts';

/** PaymentDto of @courtside/domain on the wire. */
const Payment = Type.Object({
  id: Type.String(),
  user: Type.Object({ id: Type.String(), name: Type.String(), email: Type.String() }),
  provider: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('paid'), Type.Literal('cancelled'), Type.Literal('refunded')]),
  amount: Type.Number(),
  refundedAmount: Type.Number(),
  refundState: Type.Union([Type.Literal('none'), Type.Literal('pending'), Type.Literal('partial'), Type.Literal('refunded'), Type.Literal('failed')]),
  flagReason: Type.Union([Type.String(), Type.Null()]),
  flagResolvedAt: Type.Union([Type.String(), Type.Null()]),
  flagResolvedBy: Type.Union([Type.Object({ id: Type.String(), name: Type.String() }), Type.Null()]),
  providerRef: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  paidAt: Type.Union([Type.String(), Type.Null()]),
  bookings: Type.Array(Type.Object({
    id: Type.String(),
    facilityName: Type.String(),
    date: Type.String(),
    startTime: Type.String(),
    endTime: Type.String(),
    payableAmount: Type.Number(),
    status: BookingStatusSchema,
    paymentStatus: PaymentStatusSchema,
  })),
  refunds: Type.Array(Type.Object({
    id: Type.String(),
    amount: Type.Number(),
    status: Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')]),
    createdAt: Type.String(),
  })),
});

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/payments', {
    schema: {
      summary: 'Orders and their payments; filter by status, provider, flagged (open flags only), q (customer name or email)',
      querystring: ListQuery,
      response: { 200: Type.Array(Payment), ...errorResponses },
    },
  }, async (request, reply) => sendList(reply, 'payments', await pagePayments(app.ctx, request.query)));

  app.get('/payments/:id', { schema: { params: IdParams, response: { 200: Payment, ...errorResponses } } },
    async (request) => getPayment(app.ctx, request.params.id));

  app.post('/payments/:id/refund', {
    schema: {
      summary: 'Refund what is left of a paid order, once; cancels the bookings it still pays for',
      params: IdParams,
      response: { 200: Payment, ...errorResponses },
    },
  }, async (request) => refundPayment(app.ctx, request.currentUser!, request.params.id));

  app.post('/payments/:id/resolve-flag', {
    schema: {
      summary: 'Mark a flagged order resolved, once; the flag reason stays as history',
      params: IdParams,
      response: { 200: Payment, ...errorResponses },
    },
  }, async (request) => resolvePaymentFlag(app.ctx, request.currentUser!, request.params.id));
};

export default routes;
