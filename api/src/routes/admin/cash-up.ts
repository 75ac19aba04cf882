import { staffOnly } from '../../plugins/auth.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { closeDay, getCashUp } from '../../services/cash-up-service.ts';
import { errorResponses } from '../../http/envelope.ts';
import { CashUpBody, CashUpDto, CashUpQuery } from '@courtside/contracts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/cash-up', {
    config: staffOnly('cash-up', 'list'),
    schema: {
      summary: "The desk's cash-up of a day (default: today in the venue's zone): desk payments by method, desk refunds handed back and still to hand back, the cash expected in the till, and the day's close",
      querystring: CashUpQuery,
      response: { 200: CashUpDto, ...errorResponses },
    },
  }, async (request) => getCashUp(app.ctx, request.query.date));

  app.post('/cash-up', {
    config: staffOnly('cash-up', 'create'),
    schema: {
      summary: 'Close the desk\'s day with the cash counted in the till; the totals are the server\'s. Once per day (409 ALREADY_CLOSED); not a day to come (400)',
      body: CashUpBody,
      response: { 201: CashUpDto, ...errorResponses },
    },
  }, async (request, reply) => reply.status(201).send(await closeDay(app.ctx, request.currentUser!, request.body)));
};

export default routes;
