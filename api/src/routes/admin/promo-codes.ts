import { staffOnly } from '../../plugins/auth.ts';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, ListQuery, PromoCodeBody, PromoCodeDto } from '@courtside/contracts';
import * as promoCodes from '../../services/promo-code-service.ts';
import { errorResponses } from '../../http/envelope.ts';
import { sendList } from '../../http/simple-rest.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/promo-codes', {
    config: staffOnly('promo-codes', 'list'),
    schema: {
      summary: "Promo codes with each one's uses so far; filter by q (part of the code), current (true: not past its last day)",
      querystring: ListQuery,
      response: { 200: Type.Array(PromoCodeDto), ...errorResponses },
    },
  }, async (request, reply) => sendList(reply, 'promo-codes', await promoCodes.pagePromoCodes(app.ctx, request.query)));

  app.get('/promo-codes/:id', { config: staffOnly('promo-codes', 'list'), schema: { params: IdParams, response: { 200: PromoCodeDto, ...errorResponses } } },
    async (request) => promoCodes.getPromoCode(app.ctx, request.params.id));

  app.post('/promo-codes', {
    config: staffOnly('promo-codes', 'create'),
    schema: {
      summary: 'Create a promo code (400 INVALID_PROMO_CODE naming the field; 409 ALREADY_EXISTS when the code is taken)',
      body: PromoCodeBody,
      response: { 201: PromoCodeDto, ...errorResponses },
    },
  }, async (request, reply) => reply.status(201).send(await promoCodes.createPromoCode(app.ctx, request.currentUser!, request.body)));

  app.put('/promo-codes/:id', {
    config: staffOnly('promo-codes', 'edit'),
    schema: {
      summary: "Replace a promo code's terms; orders already placed keep the discount they got",
      params: IdParams,
      body: PromoCodeBody,
      response: { 200: PromoCodeDto, ...errorResponses },
    },
  }, async (request) => promoCodes.updatePromoCode(app.ctx, request.currentUser!, request.params.id, request.body));

  app.delete('/promo-codes/:id', {
    config: staffOnly('promo-codes', 'delete'),
    schema: {
      summary: 'Delete a promo code; one an order used is withdrawn instead (customers can no longer use it, its orders keep it)',
      params: IdParams,
      response: { 200: PromoCodeDto, ...errorResponses },
    },
  }, async (request) => promoCodes.deletePromoCode(app.ctx, request.currentUser!, request.params.id));
};

export default routes;
