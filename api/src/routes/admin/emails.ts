import { staffOnly } from '../../plugins/auth.ts';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EmailDto, IdParams, ListQuery } from '@courtside/contracts';
import { getEmail, pageEmails, retryEmail } from '../../services/email-admin.ts';
import { errorResponses } from '../../http/envelope.ts';
import { sendList } from '../../http/simple-rest.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/emails', {
    config: staffOnly('emails', 'list'),
    schema: {
      summary: 'Outgoing email; filter by state, kind, q (recipient or subject)',
      querystring: ListQuery,
      response: { 200: Type.Array(EmailDto), ...errorResponses },
    },
  }, async (request, reply) => sendList(reply, 'emails', await pageEmails(app.ctx, request.query)));

  app.get('/emails/:id', { config: staffOnly('emails', 'list'), schema: { params: IdParams, response: { 200: EmailDto, ...errorResponses } } },
    async (request) => getEmail(app.ctx, request.params.id));

  app.post('/emails/:id/retry', {
    config: staffOnly('emails', 'edit'),
    schema: { summary: 'Queue a failed email again, due now', params: IdParams, response: { 200: EmailDto, ...errorResponses } },
  }, async (request) => retryEmail(app.ctx, request.params.id));
};

export default routes;
