import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CalendarLinkDto } from '@courtside/contracts';
import { calendarFeed, calendarLink, renewCalendarLink } from '../services/calendar-service.ts';
import { envelopeOf, errorResponses, ok } from '../http/envelope.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/calendar/:file', {
    // The secret in the address is the credential, as calendar programs cannot sign in.
    config: { access: 'public' },
    schema: {
      tags: ['calendar'],
      summary: "A customer's calendar feed (iCalendar): confirmed bookings, upcoming and of the last 30 days",
      params: Type.Object({ file: Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}\\.ics$' }) }),
      response: { 200: Type.String({ description: 'text/calendar' }), ...errorResponses },
    },
  }, async (request, reply) => {
    const text = await calendarFeed(app.ctx, request.params.file.slice(0, -'.ics'.length));
    return reply
      .type('text/calendar; charset=utf-8')
      .header('cache-control', 'private, max-age=300')
      .header('content-disposition', 'inline; filename="bookings.ics"')
      .send(text);
  });

  app.get('/api/auth/me/calendar', {
    config: { access: 'user' },
    schema: { tags: ['calendar'], summary: 'The link of my calendar feed', security: [{ bearerAuth: [] }], response: { 200: envelopeOf(CalendarLinkDto), ...errorResponses } },
  }, async (request) => ok(200, 'Calendar link retrieved successfully', await calendarLink(app.ctx, request.currentUser!.id)));

  app.post('/api/auth/me/calendar', {
    config: { access: 'user' },
    schema: { tags: ['calendar'], summary: 'A new secret for my calendar feed; the old link stops working', security: [{ bearerAuth: [] }], response: { 200: envelopeOf(CalendarLinkDto), ...errorResponses } },
  }, async (request) => ok(200, 'A new calendar link was made; the old one no longer works', await renewCalendarLink(app.ctx, request.currentUser!.id)));
};

export default routes;
