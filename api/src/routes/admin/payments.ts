import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getPayment, listDeskRefunds, pagePayments, refundHandedBack, refundPayment, resolvePaymentFlag } from '../../payments/staff.ts';
import { errorResponses } from '../../http/envelope.ts';
import { sendList } from '../../http/simple-rest.ts';
import { DeskRefundDto, DeskRefundsQuery, IdParams, ListQuery, PaymentDto } from '@courtside/contracts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/payments', {
    schema: {
      summary: 'Orders and their payments; filter by status, provider, flagged (open flags only), q (customer name or email)',
      querystring: ListQuery,
      response: { 200: Type.Array(PaymentDto), ...errorResponses },
    },
  }, async (request, reply) => sendList(reply, 'payments', await pagePayments(app.ctx, request.query)));

  app.get('/payments/:id', { schema: { params: IdParams, response: { 200: PaymentDto, ...errorResponses } } },
    async (request) => getPayment(app.ctx, request.params.id));

  app.post('/payments/:id/refund', {
    schema: {
      summary: 'Refund what is left of a paid order, once; cancels the bookings it still pays for',
      params: IdParams,
      response: { 200: PaymentDto, ...errorResponses },
    },
  }, async (request) => refundPayment(app.ctx, request.currentUser!, request.params.id));

  app.post('/payments/:id/resolve-flag', {
    schema: {
      summary: 'Mark a flagged order resolved, once; the flag reason stays as history',
      params: IdParams,
      response: { 200: PaymentDto, ...errorResponses },
    },
  }, async (request) => resolvePaymentFlag(app.ctx, request.currentUser!, request.params.id));

  app.get('/desk-refunds', {
    schema: {
      summary: 'Desk money still to hand back (refunds to_collect), oldest first: all, one booking\'s (bookingId), or those of bookings on a local day (date)',
      querystring: DeskRefundsQuery,
      response: { 200: Type.Array(DeskRefundDto), ...errorResponses },
    },
  }, async (request) => listDeskRefunds(app.ctx, request.query));

  app.post('/refunds/:id/handed-back', {
    schema: {
      summary: 'Record that a desk refund (to_collect) was handed back at the desk, by the caller, now; once. Answers its payment',
      params: IdParams,
      response: { 200: PaymentDto, ...errorResponses },
    },
  }, async (request) => refundHandedBack(app.ctx, request.currentUser!, request.params.id));
};

export default routes;
