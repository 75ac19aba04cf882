import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DomainError } from '@courtside/domain';
import { freeSlotsOf } from '../services/availability-service.ts';
import { envelopeOf, errorResponses, ok } from '../http/envelope.ts';
import { DateText, Id, Slot } from './schemas.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/check-availability', {
    config: { access: 'public' },
    schema: {
      tags: ['bookings'],
      summary: "Free slots of a facility's local day",
      querystring: Type.Object({
        date: Type.Optional(DateText),
        facility: Type.Optional(Id),
        facilityId: Type.Optional(Id),
      }),
      response: { 200: envelopeOf(Type.Array(Slot)), ...errorResponses },
    },
  }, async (request) => {
    const facilityId = request.query.facility ?? request.query.facilityId;
    if (!facilityId) throw new DomainError('invalid', 'FACILITY_REQUIRED', 'querystring.facility is required', 'facility');
    return ok(200, 'Availability checked successfully', await freeSlotsOf(app.ctx, facilityId, request.query.date));
  });
};

export default routes;
