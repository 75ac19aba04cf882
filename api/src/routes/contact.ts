import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sendMessage } from '../services/contact-service.ts';
import { envelopeOf, errorResponses, ok } from '../http/envelope.ts';
import { ContactBody, MessageDto } from '@courtside/contracts';
import { clientOf } from '../http/client.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/api/contact', {
    config: { access: 'public' },
    schema: {
      tags: ['contact'],
      summary: 'Send the venue a message',
      body: ContactBody,
      response: { 201: envelopeOf(MessageDto), ...errorResponses },
    },
  }, async (request, reply) => reply.status(201).send(ok(201, 'Thank you! Your message has been sent.', await sendMessage(app.ctx, request.body, clientOf(request)))));
};

export default routes;
