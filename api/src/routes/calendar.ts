import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { CalendarFileParams, CalendarLinkDto, IdParams } from '@courtside/contracts';
import { bookingCalendar, calendarFeed, calendarLink, renewCalendarLink } from '../services/calendar-service.ts';
import { envelopeOf, errorResponses, ok } from '../http/envelope.ts';

/** An iCalendar answer: `inline` for a feed a calendar program reads, `attachment` for a file to save. */
function sendCalendar(reply: FastifyReply, text: string, how: { disposition: 'inline' | 'attachment'; filename: string; cacheControl: string }) {
  return reply
    .type('text/calendar; charset=utf-8')
    .header('cache-control', how.cacheControl)
    .header('content-disposition', `${how.disposition}; filename="${how.filename}"`)
    .send(text);
}

/**
 * The 200 of an iCalendar route, documented under its own media type: the body is iCalendar text,
 * not the JSON envelope, and clients reading the OpenAPI document (the fuzzer too) must know it.
 */
const ICALENDAR_OK = {
  description: 'An iCalendar document',
  content: { 'text/calendar': { schema: Type.String() } },
};

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/calendar/:file', {
    // The secret in the address is the credential, as calendar programs cannot sign in.
    config: { access: 'public' },
    schema: {
      tags: ['calendar'],
      summary: "A customer's calendar feed (iCalendar): confirmed bookings, upcoming and of the last 30 days",
      params: CalendarFileParams,
      response: { 200: ICALENDAR_OK, ...errorResponses },
    },
  }, async (request, reply) => {
    const text = await calendarFeed(app.ctx, request.params.file.slice(0, -'.ics'.length));
    return sendCalendar(reply, text, { disposition: 'inline', filename: 'bookings.ics', cacheControl: 'private, max-age=300' });
  });

  app.get('/api/bookings/:id/calendar.ics', {
    config: { access: 'user' },
    schema: {
      tags: ['calendar'],
      summary: 'One booking as an iCalendar file, to add to a calendar (own, or any for admins; confirmed or cancelled)',
      security: [{ bearerAuth: [] }],
      params: IdParams,
      response: { 200: ICALENDAR_OK, ...errorResponses },
    },
  }, async (request, reply) => {
    const text = await bookingCalendar(app.ctx, request.currentUser!, request.params.id);
    return sendCalendar(reply, text, { disposition: 'attachment', filename: 'booking.ics', cacheControl: 'private, no-store' });
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
