import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { backOfficePlaceholder } from '../routes/placeholder.ts';

export const backOfficeBuilt = (distDir: string) => existsSync(join(distDir, 'index.html'));

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
    index: ['index.html'],
    redirect: true,
    cacheControl: false,
    // The page and its bundle run under the server's default policy (plugins/security.ts):
    // script-src 'self' without 'unsafe-inline'; Vite emits no inline script.
    setHeaders(res, path) {
      // Hashed assets never change; the page itself must be fetched fresh after a deploy.
      res.setHeader('cache-control', path.includes(`${join('/', 'assets', '/')}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // The stand-in answered /admin too; the static plugin only knows /admin/.
  app.get('/admin', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => reply.redirect('/admin/', 301));
}
