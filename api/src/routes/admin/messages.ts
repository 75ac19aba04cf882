import { staffOnly } from '../../plugins/auth.ts';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { deleteMessage, getMessage, pageMessages } from '../../services/admin-service.ts';
import { errorResponses } from '../../http/envelope.ts';
import { sendList } from '../../http/simple-rest.ts';
import { IdParams, ListQuery, MessageDto } from '@courtside/contracts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/messages', { config: staffOnly('messages', 'list'), schema: { querystring: ListQuery, response: { 200: Type.Array(MessageDto), ...errorResponses } } },
    async (request, reply) => sendList(reply, 'messages', await pageMessages(app.ctx, request.query)));

  app.get('/messages/:id', { config: staffOnly('messages', 'list'), schema: { params: IdParams, response: { 200: MessageDto, ...errorResponses } } },
    async (request) => getMessage(app.ctx, request.params.id));

  app.delete('/messages/:id', { config: staffOnly('messages', 'delete'), schema: { params: IdParams, response: { 200: MessageDto, ...errorResponses } } },
    async (request) => deleteMessage(app.ctx, request.params.id));
};

export default routes;
