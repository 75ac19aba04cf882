import { staffOnly } from '../../plugins/auth.ts';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as facilities from '../../services/facility-service.ts';
import { pageFacilities } from '../../services/admin-service.ts';
import { withId } from '../../shared/presenters.ts';
import { errorResponses } from '../../http/envelope.ts';
import { sendList } from '../../http/simple-rest.ts';
import { DeleteFacilityQuery, FacilityCreateBody, FacilityDto, FacilityUpdateBody, IdParams, ListQuery, ListRecord } from '@courtside/contracts';

const Record = ListRecord(FacilityDto);

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/facilities', { config: staffOnly('facilities', 'list'), schema: { querystring: ListQuery, response: { 200: Type.Array(Record), ...errorResponses } } },
    async (request, reply) => sendList(reply, 'facilities', await pageFacilities(app.ctx, request.query)));

  app.get('/facilities/:id', { config: staffOnly('facilities', 'list'), schema: { params: IdParams, response: { 200: Record, ...errorResponses } } },
    async (request) => withId(await facilities.getFacility(app.ctx, request.params.id, { includeDeleted: true })));

  app.post('/facilities', { config: staffOnly('facilities', 'create'), schema: { body: FacilityCreateBody, response: { 201: Record, ...errorResponses } } },
    async (request, reply) => reply.status(201).send(withId(await facilities.createFacility(app.ctx, request.body))));

  app.put('/facilities/:id', { config: staffOnly('facilities', 'edit'), schema: { params: IdParams, body: FacilityUpdateBody, response: { 200: Record, ...errorResponses } } },
    async (request) => withId(await facilities.updateFacility(app.ctx, request.currentUser!, request.params.id, request.body)));

  app.delete('/facilities/:id', { config: staffOnly('facilities', 'delete'), schema: { params: IdParams, querystring: DeleteFacilityQuery, response: { 200: Record, ...errorResponses } } },
    async (request) => withId((await facilities.deleteFacility(app.ctx, request.currentUser!, request.params.id, request.query)).facility));
};

export default routes;
