import { staffOnly } from '../../plugins/auth.ts';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ClosureBody, ClosureDto, IdParams, ListQuery } from '@courtside/contracts';
import * as closures from '../../services/closure-service.ts';
import { errorResponses } from '../../http/envelope.ts';
import { sendList } from '../../http/simple-rest.ts';

/** An answer to a write also says how many bookings it cancelled (with cancelBookings: true). */
const Written = Type.Intersect([ClosureDto, Type.Object({ cancelledBookings: Type.Integer() })]);

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/closures', {
    config: staffOnly('closures', 'list'),
    schema: { summary: 'Closures; filter by facilityId, kind, upcoming (true: not over yet)', querystring: ListQuery, response: { 200: Type.Array(ClosureDto), ...errorResponses } },
  }, async (request, reply) => sendList(reply, 'closures', await closures.pageClosures(app.ctx, request.query)));

  app.get('/closures/:id', { config: staffOnly('closures', 'list'), schema: { params: IdParams, response: { 200: ClosureDto, ...errorResponses } } },
    async (request) => closures.getClosure(app.ctx, request.params.id));

  app.post('/closures', {
    config: staffOnly('closures', 'create'),
    schema: {
      summary: 'Close facilities for a time range (409 CLOSURE_CONFLICT listing the bookings in the way, unless cancelBookings)',
      body: ClosureBody,
      response: { 201: Written, ...errorResponses },
    },
  }, async (request, reply) => reply.status(201).send(await closures.createClosure(app.ctx, request.currentUser!, request.body)));

  app.put('/closures/:id', { config: staffOnly('closures', 'edit'), schema: { params: IdParams, body: ClosureBody, response: { 200: Written, ...errorResponses } } },
    async (request) => closures.updateClosure(app.ctx, request.currentUser!, request.params.id, request.body));

  app.delete('/closures/:id', { config: staffOnly('closures', 'delete'), schema: { summary: 'Reopen: remove the closure', params: IdParams, response: { 200: ClosureDto, ...errorResponses } } },
    async (request) => closures.deleteClosure(app.ctx, request.params.id));
};

export default routes;
