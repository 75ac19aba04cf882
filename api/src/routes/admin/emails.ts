import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getEmail, pageEmails, retryEmail } from '../../services/email-admin.ts';
import { errorResponses } from '../../http/envelope.ts';
import { ListQuery, sendList } from '../../http/simple-rest.ts';
import { IdParams } from '../schemas.ts';

/** An outbox message on the wire, with its text and HTML as sent. */
const Email = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  recipient: Type.String(),
  subject: Type.String(),
  state: Type.Union([Type.Literal('pending'), Type.Literal('sent'), Type.Literal('failed')]),
  attempts: Type.Integer(),
  lastError: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  sentAt: Type.Union([Type.String(), Type.Null()]),
  text: Type.String(),
  html: Type.String(),
  attachments: Type.Array(Type.Object({ filename: Type.String(), contentType: Type.String(), content: Type.String() })),
});

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/emails', {
    schema: {
      summary: 'Outgoing email; filter by state, kind, q (recipient or subject)',
      querystring: ListQuery,
      response: { 200: Type.Array(Email), ...errorResponses },
    },
  }, async (request, reply) => sendList(reply, 'emails', await pageEmails(app.ctx, request.query)));

  app.get('/emails/:id', { schema: { params: IdParams, response: { 200: Email, ...errorResponses } } },
    async (request) => getEmail(app.ctx, request.params.id));

  app.post('/emails/:id/retry', {
    schema: { summary: 'Queue a failed email again, due now', params: IdParams, response: { 200: Email, ...errorResponses } },
  }, async (request) => retryEmail(app.ctx, request.params.id));
};

export default routes;
