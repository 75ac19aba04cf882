import { staffOnly } from '../../plugins/auth.ts';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CreditPackBody, CreditPackDto, IdParams, ListQuery } from '@courtside/contracts';
import * as creditPacks from '../../services/credit-pack-service.ts';
import { errorResponses } from '../../http/envelope.ts';
import { sendList } from '../../http/simple-rest.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/credit-packs', {
    config: staffOnly('credit-packs', 'list'),
    schema: {
      summary: 'Credit packs, on sale or withdrawn; filter by q (part of the name), active',
      querystring: ListQuery,
      response: { 200: Type.Array(CreditPackDto), ...errorResponses },
    },
  }, async (request, reply) => sendList(reply, 'credit-packs', await creditPacks.pageCreditPacks(app.ctx, request.query)));

  app.get('/credit-packs/:id', { config: staffOnly('credit-packs', 'list'), schema: { params: IdParams, response: { 200: CreditPackDto, ...errorResponses } } },
    async (request) => creditPacks.getCreditPack(app.ctx, request.params.id));

  app.post('/credit-packs', {
    config: staffOnly('credit-packs', 'create'),
    schema: {
      summary: 'Create a credit pack (400 INVALID_PACK naming the field: the credit must be at least the price, only bonus credit expires)',
      body: CreditPackBody,
      response: { 201: CreditPackDto, ...errorResponses },
    },
  }, async (request, reply) => reply.status(201).send(await creditPacks.createCreditPack(app.ctx, request.currentUser!, request.body)));

  app.put('/credit-packs/:id', {
    config: staffOnly('credit-packs', 'edit'),
    schema: {
      summary: "Replace a credit pack's terms; top-ups already ordered keep the terms they were ordered on",
      params: IdParams,
      body: CreditPackBody,
      response: { 200: CreditPackDto, ...errorResponses },
    },
  }, async (request) => creditPacks.updateCreditPack(app.ctx, request.currentUser!, request.params.id, request.body));

  app.delete('/credit-packs/:id', {
    config: staffOnly('credit-packs', 'delete'),
    schema: {
      summary: 'Delete a credit pack; one that was ever bought is withdrawn from sale instead (its orders keep naming it)',
      params: IdParams,
      response: { 200: CreditPackDto, ...errorResponses },
    },
  }, async (request) => creditPacks.deleteCreditPack(app.ctx, request.currentUser!, request.params.id));
};

export default routes;
