import { staffOnly } from '../../plugins/auth.ts';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getPayment, listDeskRefunds, pagePayments, refundHandedBack, refundPayment, resolvePaymentFlag } from '../../payments/staff.ts';
import { errorResponses } from '../../http/envelope.ts';
import { sendList } from '../../http/simple-rest.ts';
import { DeskRefundDto, DeskRefundsQuery, IdParams, ListQuery, PaymentDto } from '@courtside/contracts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/payments', {
    config: staffOnly('payments', 'list'),
    schema: {
      summary: 'Orders and their payments; filter by status, provider, flagged (open flags only), q (customer name or email)',
      querystring: ListQuery,
      response: { 200: Type.Array(PaymentDto), ...errorResponses },
    },
  }, async (request, reply) => sendList(reply, 'payments', await pagePayments(app.ctx, request.query)));

  app.get('/payments/:id', { config: staffOnly('payments', 'list'), schema: { params: IdParams, response: { 200: PaymentDto, ...errorResponses } } },
    async (request) => getPayment(app.ctx, request.params.id));

  app.post('/payments/:id/refund', {
    config: staffOnly('payments', 'refund'),
    schema: {
      summary: 'Refund what is left of a paid order, once; cancels the bookings it still pays for',
      params: IdParams,
      response: { 200: PaymentDto, ...errorResponses },
    },
  }, async (request) => refundPayment(app.ctx, request.currentUser!, request.params.id));

  app.post('/payments/:id/resolve-flag', {
    config: staffOnly('payments', 'resolve-flag'),
    schema: {
      summary: 'Mark a flagged order resolved, once; the flag reason stays as history',
      params: IdParams,
      response: { 200: PaymentDto, ...errorResponses },
    },
  }, async (request) => resolvePaymentFlag(app.ctx, request.currentUser!, request.params.id));

  app.get('/desk-refunds', {
    config: staffOnly('desk-refunds', 'list'),
    schema: {
      summary: 'Desk money still to hand back (refunds to_collect), oldest first: all, one booking\'s (bookingId), or those of bookings on a local day (date)',
      querystring: DeskRefundsQuery,
      response: { 200: Type.Array(DeskRefundDto), ...errorResponses },
    },
  }, async (request) => listDeskRefunds(app.ctx, request.query));

  app.post('/refunds/:id/handed-back', {
    config: staffOnly('desk-refunds', 'edit'),
    schema: {
      summary: 'Record that a desk refund (to_collect) was handed back at the desk, by the caller, now; once. Answers its payment',
      params: IdParams,
      response: { 200: PaymentDto, ...errorResponses },
    },
  }, async (request) => refundHandedBack(app.ctx, request.currentUser!, request.params.id));
};

export default routes;
