import { staffOnly } from '../../plugins/auth.ts';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, ListQuery, TierBody, TierDto } from '@courtside/contracts';
import * as tiers from '../../services/tier-service.ts';
import { errorResponses } from '../../http/envelope.ts';
import { sendList } from '../../http/simple-rest.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/tiers', {
    config: staffOnly('tiers', 'list'),
    schema: { summary: 'Customer tiers, each with how many customers hold it; filter by q (name)', querystring: ListQuery, response: { 200: Type.Array(TierDto), ...errorResponses } },
  }, async (request, reply) => sendList(reply, 'tiers', await tiers.pageTiers(app.ctx, request.query)));

  app.get('/tiers/:id', { config: staffOnly('tiers', 'list'), schema: { params: IdParams, response: { 200: TierDto, ...errorResponses } } },
    async (request) => tiers.getTier(app.ctx, request.params.id));

  app.post('/tiers', {
    config: staffOnly('tiers', 'create'),
    schema: {
      summary: 'Define a tier: a discount percent, or its own prices per facility (base price and/or price rules by index)',
      body: TierBody,
      response: { 201: TierDto, ...errorResponses },
    },
  }, async (request, reply) => reply.status(201).send(await tiers.createTier(app.ctx, request.currentUser!, request.body)));

  app.put('/tiers/:id', { config: staffOnly('tiers', 'edit'), schema: { summary: 'Replace a tier (its holders pay the new prices from now on)', params: IdParams, body: TierBody, response: { 200: TierDto, ...errorResponses } } },
    async (request) => tiers.updateTier(app.ctx, request.currentUser!, request.params.id, request.body));

  app.delete('/tiers/:id', {
    config: staffOnly('tiers', 'delete'),
    schema: { summary: 'Delete a tier nobody holds (409 TIER_IN_USE saying how many customers do)', params: IdParams, response: { 200: TierDto, ...errorResponses } },
  }, async (request) => tiers.deleteTier(app.ctx, request.currentUser!, request.params.id));
};

export default routes;
