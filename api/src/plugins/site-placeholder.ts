import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { standInPage } from './stand-in-page.ts';

const OUTCOMES: Record<string, string> = {
  success: 'Payment received: your booking is confirmed.',
  cancelled: 'Payment cancelled. Your booking stays on hold until the hold expires; you can pay again from My Bookings.',
  refunded: 'Payment received after the slot was released to someone else, so it has been refunded in full.',
};

/** Stand-in pages until the public site is built: the home page and the payment return pages. */
const sitePlaceholder: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(
      standInPage('Courtside', '<h1>Courtside</h1><p>The booking API is running. The public site is on its way.</p><p><a href="/api/docs">API documentation</a> · <a href="/api/facility">Facilities (JSON)</a></p>'),
    ));

  app.get('/payment/:outcome', {
    config: { access: 'public' },
    schema: { hide: true, params: Type.Object({ outcome: Type.Union([Type.Literal('success'), Type.Literal('cancelled'), Type.Literal('refunded')]) }) },
  }, async (request, reply) =>
    reply.type('text/html; charset=utf-8').send(standInPage('Payment', `<h1>Payment</h1><p>${OUTCOMES[request.params.outcome]}</p><p><a href="/dashboard/userBookings">My Bookings</a></p>`)));
};

export default sitePlaceholder;
