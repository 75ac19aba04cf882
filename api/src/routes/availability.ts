import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DomainError } from '@courtside/domain';
import { renderedFreeSlots } from '../services/availability-service.ts';
import { envelopeOf, errorResponses, ok } from '../http/envelope.ts';
import { sendSerialized, serialize } from '../http/serialized.ts';
import { DateText, SlotDto } from '@courtside/contracts';
import { Id } from './schemas.ts';

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
      response: { 200: envelopeOf(Type.Array(SlotDto)), ...errorResponses },
    },
  }, async (request, reply) => {
    const facilityId = request.query.facility ?? request.query.facilityId;
    if (!facilityId) throw new DomainError('invalid', 'FACILITY_REQUIRED', 'querystring.facility is required', 'facility');
    // The answer is kept serialized (by this route's own response schema), so a cached one costs no work.
    const body = await renderedFreeSlots(app.ctx, facilityId, request.query.date, (slots) =>
      serialize(reply, ok(200, 'Availability checked successfully', slots)),
    );
    return sendSerialized(reply, body);
  });
};

export default routes;
