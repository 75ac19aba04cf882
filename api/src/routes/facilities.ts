import { staffOnly } from '../plugins/auth.ts';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as facilities from '../services/facility-service.ts';
import { upcomingClosuresOf } from '../services/closure-service.ts';
import { envelopeOf, errorResponses, ok } from '../http/envelope.ts';
import { sendSerialized, serialize } from '../http/serialized.ts';
import { DeleteFacilityQuery, FacilityCreateBody, FacilityDto, FacilityListQuery, FacilityUpdateBody, IdParams, PublicClosureDto } from '@courtside/contracts';

const security = [{ bearerAuth: [] }];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/facility', {
    config: { access: 'public' },
    schema: {
      tags: ['facilities'],
      summary: 'Facilities open for booking',
      querystring: FacilityListQuery,
      response: { 200: envelopeOf(Type.Array(FacilityDto)), ...errorResponses },
    },
  }, async (request, reply) =>
    sendSerialized(reply, await facilities.renderedPublicList(app.ctx, request.query, (list) => serialize(reply, ok(200, 'Facilities retrieved successfully', list)))));

  app.get('/api/facility/:id', {
    config: { access: 'public' },
    // The original product linked people to this URL: browsers go to the facility's page.
    onRequest: async (request, reply) => {
      if ((request.headers.accept ?? '').includes('text/html')) {
        return reply.redirect(`/facilities/${encodeURIComponent((request.params as { id: string }).id)}`, 302);
      }
    },
    schema: { tags: ['facilities'], summary: 'One facility', params: IdParams, response: { 200: envelopeOf(FacilityDto), ...errorResponses } },
  }, async (request) => ok(200, 'Facility retrieved successfully', await facilities.getFacility(app.ctx, request.params.id)));

  app.get('/api/facility/:id/closures', {
    config: { access: 'public' },
    schema: {
      tags: ['facilities'],
      summary: "The facility's closures not over yet, soonest first, in its local time",
      params: IdParams,
      response: { 200: envelopeOf(Type.Array(PublicClosureDto)), ...errorResponses },
    },
  }, async (request) => ok(200, 'Closures retrieved successfully', await upcomingClosuresOf(app.ctx, request.params.id)));

  app.post('/api/facility', {
    config: staffOnly('facilities', 'create'),
    schema: { tags: ['facilities'], summary: 'Add a facility', security, body: FacilityCreateBody, response: { 201: envelopeOf(FacilityDto), ...errorResponses } },
  }, async (request, reply) => reply.status(201).send(ok(201, 'Facility added successfully', await facilities.createFacility(app.ctx, request.body))));

  app.put('/api/facility/:id', {
    config: staffOnly('facilities', 'edit'),
    schema: { tags: ['facilities'], summary: 'Update a facility (fields given only)', security, params: IdParams, body: FacilityUpdateBody, response: { 200: envelopeOf(FacilityDto), ...errorResponses } },
  }, async (request) => ok(200, 'Facility updated successfully', await facilities.updateFacility(app.ctx, request.currentUser!, request.params.id, request.body)));

  app.delete('/api/facility/:id', {
    config: staffOnly('facilities', 'delete'),
    schema: {
      tags: ['facilities'],
      summary: 'Soft-delete a facility (409 listing its live bookings unless cancelBookings=true)',
      security,
      params: IdParams,
      querystring: DeleteFacilityQuery,
      response: { 200: envelopeOf(FacilityDto), ...errorResponses },
    },
  }, async (request) => {
    const { facility, cancelled } = await facilities.deleteFacility(app.ctx, request.currentUser!, request.params.id, request.query);
    return ok(200, facilities.deletedMessage(cancelled), facility);
  });
};

export default routes;
