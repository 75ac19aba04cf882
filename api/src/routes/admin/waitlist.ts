import { staffOnly } from '../../plugins/auth.ts';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, ListQuery, WaitingAtParams, WaitingAtQuery, WaitingCustomerDto, WaitlistAdminEntryDto } from '@courtside/contracts';
import * as waitlist from '../../services/waitlist-service.ts';
import { errorResponses } from '../../http/envelope.ts';
import { sendList } from '../../http/simple-rest.ts';

const Entry = Type.Intersect([WaitlistAdminEntryDto, Type.Object({ id: Type.String() })]);

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/waitlist', {
    config: staffOnly('waitlist', 'list'),
    schema: {
      summary: "Waitlist entries; filter by facilityId (its slot entries and its sport's window entries), status (or active), date, q (customer name or email)",
      querystring: ListQuery,
      response: { 200: Type.Array(Entry), ...errorResponses },
    },
  }, async (request, reply) => sendList(reply, 'waitlist', await waitlist.pageWaitlist(app.ctx, request.query)));

  app.get('/waitlist/at/:facilityId', {
    config: staffOnly('waitlist', 'list'),
    schema: { summary: "Who waits for time overlapping a slot of a facility, first in line first (the desk warns before booking it)", params: WaitingAtParams, querystring: WaitingAtQuery, response: { 200: Type.Array(WaitingCustomerDto), ...errorResponses } },
  }, async (request) => waitlist.waitingAt(app.ctx, request.params.facilityId, request.query));

  app.get('/waitlist/:id', { config: staffOnly('waitlist', 'list'), schema: { params: IdParams, response: { 200: Entry, ...errorResponses } } },
    async (request) => waitlist.getWaitlistEntry(app.ctx, request.params.id));

  app.delete('/waitlist/:id', {
    config: staffOnly('waitlist', 'delete'),
    schema: { summary: 'Remove an entry from the line; an offer it holds is cancelled and passes to the next in line', params: IdParams, response: { 200: Entry, ...errorResponses } },
  }, async (request) => waitlist.removeFromWaitlist(app.ctx, request.currentUser!, request.params.id));
};

export default routes;
