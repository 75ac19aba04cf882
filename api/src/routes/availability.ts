import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DomainError } from '@courtside/domain';
import { callerHourlyPrice, renderedFreeSlotsFor, renderedSearchFor } from '../services/caller-prices.ts';
import { envelopeOf, errorResponses, ok } from '../http/envelope.ts';
import { sendSerialized, serialize } from '../http/serialized.ts';
import { AvailabilityDto, AvailabilityQuery, CallerPriceDto, FreeSlotsQuery, IdParams, SlotDto } from '@courtside/contracts';
import { clientOf } from '../http/client.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/check-availability', {
    config: { access: 'public' },
    schema: {
      tags: ['bookings'],
      summary: "Free slots of a facility's local day, priced for the caller (a customer's bearer token: their tier's prices)",
      querystring: FreeSlotsQuery,
      response: { 200: envelopeOf(Type.Array(SlotDto)), ...errorResponses },
    },
  }, async (request, reply) => {
    const facilityId = request.query.facility ?? request.query.facilityId;
    if (!facilityId) throw new DomainError('invalid', 'FACILITY_REQUIRED', 'querystring.facility is required', 'facility');
    // The answer is kept serialized (by this route's own response schema), so a cached one costs no work.
    // A signed-in customer with a tier gets their prices; any other caller (a bad token too) the public ones.
    const caller = await app.callerIfSignedIn(request);
    const body = await renderedFreeSlotsFor(app.ctx, caller, facilityId, request.query.date, (slots) =>
      serialize(reply, ok(200, 'Availability checked successfully', slots)),
    );
    return sendSerialized(reply, body);
  });

  app.get('/api/facility/:id/price', {
    config: { access: 'public' },
    schema: {
      tags: ['facilities'],
      summary: "A facility's hourly price for the caller (a customer's bearer token: their tier's) beside its list price",
      params: IdParams,
      response: { 200: envelopeOf(CallerPriceDto), ...errorResponses },
    },
  }, async (request, reply) => {
    // Each caller's own answer: no shared cache may keep it.
    void reply.header('cache-control', 'private, no-store');
    const caller = await app.callerIfSignedIn(request);
    return ok(200, 'Price retrieved successfully', await callerHourlyPrice(app.ctx, caller, request.params.id));
  });

  app.get('/api/availability', {
    config: { access: 'public' },
    schema: {
      tags: ['bookings'],
      summary: "Every facility's free slots of one local day, by sport and start time, priced for the caller; with nothing free, what to try instead",
      querystring: AvailabilityQuery,
      response: { 200: envelopeOf(AvailabilityDto), ...errorResponses },
    },
  }, async (request, reply) => {
    const caller = await app.callerIfSignedIn(request);
    const body = await renderedSearchFor(app.ctx, caller, clientOf(request), request.query, (data) => serialize(reply, ok(200, 'Availability found successfully', data)));
    return sendSerialized(reply, body);
  });
};

export default routes;
