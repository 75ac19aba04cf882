import { staffOnly } from '../../plugins/auth.ts';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, ListQuery, RollSecretBody, WebhookDeliveryDto, WebhookEndpointBody, WebhookEndpointDto, WebhookEndpointUpdate } from '@courtside/contracts';
import * as webhooks from '../../services/webhook-service.ts';
import { errorResponses } from '../../http/envelope.ts';
import { sendList } from '../../http/simple-rest.ts';

/** Webhook endpoints and their deliveries (README "Webhooks"); owners only. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/webhooks', {
    config: staffOnly('webhooks', 'list'),
    schema: { summary: 'Webhook endpoints, with their deliveries counted by state (no secrets)', querystring: ListQuery, response: { 200: Type.Array(WebhookEndpointDto), ...errorResponses } },
  }, async (request, reply) => sendList(reply, 'webhooks', await webhooks.pageEndpoints(app.ctx, request.query)));

  app.get('/webhooks/:id', {
    config: staffOnly('webhooks', 'list'),
    schema: { summary: 'One endpoint, with its signing secret', params: IdParams, response: { 200: WebhookEndpointDto, ...errorResponses } },
  }, async (request) => webhooks.getEndpoint(app.ctx, request.params.id));

  app.post('/webhooks', {
    config: staffOnly('webhooks', 'create'),
    schema: {
      summary: 'Add an endpoint: an https: URL (400 WEBHOOK_URL_REFUSED otherwise) and the events it gets; answers with its new secret',
      body: WebhookEndpointBody,
      response: { 201: WebhookEndpointDto, ...errorResponses },
    },
  }, async (request, reply) => reply.status(201).send(await webhooks.createEndpoint(app.ctx, request.currentUser!, request.body)));

  app.put('/webhooks/:id', {
    config: staffOnly('webhooks', 'edit'),
    schema: { summary: 'Change an endpoint: URL, description, events, or disable/enable it', params: IdParams, body: WebhookEndpointUpdate, response: { 200: WebhookEndpointDto, ...errorResponses } },
  }, async (request) => webhooks.updateEndpoint(app.ctx, request.params.id, request.body));

  app.post('/webhooks/:id/roll-secret', {
    config: staffOnly('webhooks', 'edit'),
    schema: {
      summary: 'Replace the signing secret; the old one keeps signing alongside for oldSecretHours (default 24, 0: stops at once)',
      params: IdParams,
      body: Type.Optional(RollSecretBody),
      response: { 200: WebhookEndpointDto, ...errorResponses },
    },
  }, async (request) => webhooks.rollSecret(app.ctx, request.params.id, request.body?.oldSecretHours));

  app.delete('/webhooks/:id', {
    config: staffOnly('webhooks', 'delete'),
    schema: { summary: 'Delete an endpoint and its deliveries', params: IdParams, response: { 200: WebhookEndpointDto, ...errorResponses } },
  }, async (request) => webhooks.deleteEndpoint(app.ctx, request.params.id));

  app.get('/webhook-deliveries', {
    config: staffOnly('webhooks', 'list'),
    schema: { summary: 'Deliveries with each attempt; filter endpointId, state', querystring: ListQuery, response: { 200: Type.Array(WebhookDeliveryDto), ...errorResponses } },
  }, async (request, reply) => sendList(reply, 'webhook-deliveries', await webhooks.pageDeliveries(app.ctx, request.query)));

  app.get('/webhook-deliveries/:id', {
    config: staffOnly('webhooks', 'list'),
    schema: { params: IdParams, response: { 200: WebhookDeliveryDto, ...errorResponses } },
  }, async (request) => webhooks.getDelivery(app.ctx, request.params.id));

  app.post('/webhook-deliveries/:id/resend', {
    config: staffOnly('webhooks', 'edit'),
    schema: { summary: 'Send a delivery again now, with a fresh day of retries (same event id)', params: IdParams, response: { 200: WebhookDeliveryDto, ...errorResponses } },
  }, async (request) => webhooks.resendDelivery(app.ctx, request.params.id));
};

export default routes;
