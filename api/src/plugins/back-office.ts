import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { standInPage } from './stand-in-page.ts';

export const backOfficeBuilt = (distDir: string) => existsSync(join(distDir, 'index.html'));

/** /admin (without the slash) leads to the back office, built or not. */
const redirectToSlash = (app: FastifyInstance) =>
  app.get('/admin', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => reply.redirect('/admin/', 301));

/** Until the back office is built, /admin/ says so instead of a 404 (the site links to it). */
export const backOfficePlaceholder: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/admin/', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(
      standInPage('Back office', '<h1>Courtside back office</h1><p>The staff console is being built. Meanwhile every staff action is available in the <a href="/api/docs">API</a>.</p><p><a href="/">Back to the site</a></p>'),
    ));
  redirectToSlash(app);
};

/**
 * Serves the built back office (admin/dist, a Vite bundle of its own) under /admin/; until
 * it is built, the stand-in page. The console routes with the URL hash (/admin/#/bookings),
 * so the server only ever sees /admin/ and the hashed assets under /admin/assets/.
 */
export default async function backOffice(app: FastifyInstance, opts: { distDir: string }) {
  if (!backOfficeBuilt(opts.distDir)) {
    await app.register(backOfficePlaceholder);
    return;
  }
  await app.register(fastifyStatic, {
    root: opts.distDir,
    prefix: '/admin/',
    decorateReply: false,
    // The build writes .br and .gz beside each asset (scripts/precompress.ts): sent to browsers that accept them.
    preCompressed: true,
    index: ['index.html'],
    redirect: true,
    cacheControl: false,
    // The page and its bundle run under the server's default policy (plugins/security.ts):
    // script-src 'self' without 'unsafe-inline'; Vite emits no inline script.
    setHeaders(res, path) {
      // Hashed assets never change; the page itself must be fetched fresh after a deploy.
      res.setHeader('cache-control', path.includes(`${join('/', 'assets', '/')}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      // Which variant is sent (.br, .gz or the file) depends on it; this version of the plugin does not say so itself.
      res.setHeader('vary', 'accept-encoding');
    },
  });
  // The static plugin only knows /admin/.
  redirectToSlash(app);
}
