import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

const page = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · Courtside</title>
<style>body{font-family:system-ui,sans-serif;max-width:640px;margin:64px auto;padding:0 16px;color:#1b2430}a{color:#1d6f42}</style>
</head><body>${body}</body></html>`;

const OUTCOMES: Record<string, string> = {
  success: 'Payment received: your booking is confirmed.',
  cancelled: 'Payment cancelled. Your booking stays on hold until the hold expires; you can pay again from My Bookings.',
  refunded: 'Payment received after the slot was released to someone else, so it has been refunded in full.',
};

/** Until the back office is built, /admin/ says so instead of a 404 (the site links to it). */
export const backOfficePlaceholder: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/admin/', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(
      page('Back office', '<h1>Courtside back office</h1><p>The staff console is being built. Meanwhile every staff action is available in the <a href="/api/docs">API</a>.</p><p><a href="/">Back to the site</a></p>'),
    ));
  app.get('/admin', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => reply.redirect('/admin/', 301));
};

/** Stand-in pages until the public site is built: the home page and the payment return pages. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(
      page('Courtside', '<h1>Courtside</h1><p>The booking API is running. The public site is on its way.</p><p><a href="/api/docs">API documentation</a> · <a href="/api/facility">Facilities (JSON)</a></p>'),
    ));

  app.get('/payment/:outcome', {
    config: { access: 'public' },
    schema: { hide: true, params: Type.Object({ outcome: Type.Union([Type.Literal('success'), Type.Literal('cancelled'), Type.Literal('refunded')]) }) },
  }, async (request, reply) =>
    reply.type('text/html; charset=utf-8').send(page('Payment', `<h1>Payment</h1><p>${OUTCOMES[request.params.outcome]}</p><p><a href="/dashboard/userBookings">My Bookings</a></p>`)));
};

export default routes;
