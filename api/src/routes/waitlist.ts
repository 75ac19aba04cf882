import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, WaitlistBody, WaitlistEntryDto } from '@courtside/contracts';
import * as waitlist from '../services/waitlist-service.ts';
import { envelopeOf, errorResponses, ok } from '../http/envelope.ts';

const security = [{ bearerAuth: [] }];
const tags = ['waitlist'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/api/waitlist', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: "Join the waitlist for a facility's slot ({facilityId, date, startTime, endTime}) or for any court of a sport within a window ({sport, date, from, to, minutes}). 409 SLOT_FREE with freeSlots when it is free now; 200 with the entry you already have for the same thing",
      security,
      body: WaitlistBody,
      response: { 200: envelopeOf(WaitlistEntryDto), 201: envelopeOf(WaitlistEntryDto), ...errorResponses },
    },
  }, async (request, reply) => {
    const { entry, created } = await waitlist.joinWaitlist(app.ctx, request.currentUser!, request.body);
    return created
      ? reply.status(201).send(ok(201, `You are on the waitlist (number ${entry.position ?? 1} in line). We will email you if it frees up.`, entry))
      : reply.status(200).send(ok(200, 'You are already on this waitlist.', entry));
  });

  app.get('/api/waitlist', {
    config: { access: 'user' },
    schema: { tags, summary: 'Your waitlist entries: active ones, and those settled in the last 30 days', security, response: { 200: envelopeOf(Type.Array(WaitlistEntryDto)), ...errorResponses } },
  }, async (request) => ok(200, 'Waitlist retrieved successfully', await waitlist.listMyEntries(app.ctx, request.currentUser!)));

  app.delete('/api/waitlist/:id', {
    config: { access: 'user' },
    schema: { tags, summary: 'Leave the waitlist; an offer you hold is declined and passes to the next in line', security, params: IdParams, response: { 200: envelopeOf(WaitlistEntryDto), ...errorResponses } },
  }, async (request) => ok(200, 'You left the waitlist.', await waitlist.leaveWaitlist(app.ctx, request.currentUser!, request.params.id)));
};

export default routes;
