import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { databaseAnswers, mailBacklog } from '../services/health-service.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/health', {
    config: { access: 'public' },
    schema: {
      tags: ['health'],
      summary: 'Liveness, once the database answers; with the backlog of mail waiting to be sent',
      response: {
        200: Type.Object({ status: Type.Literal('ok'), mail: Type.Object({ pending: Type.Integer(), oldestSeconds: Type.Integer() }) }),
        503: Type.Object({ status: Type.Literal('unavailable') }),
      },
    },
  }, async (_request, reply) =>
    (await databaseAnswers(app.ctx)) ? { status: 'ok' as const, mail: await mailBacklog(app.ctx) } : reply.status(503).send({ status: 'unavailable' as const }));
};

export default routes;
