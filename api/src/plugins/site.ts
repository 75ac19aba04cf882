import fp from 'fastify-plugin';
import middie from '@fastify/middie';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';

type Handler = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/** Paths that belong to the API server, never to the site. */
const SERVER_PATHS = /^\/(api|admin|pay|images)(\/|$|\?)/;

// Astro adds a <meta> policy with the hashes of its own inline scripts; the header keeps
// what a meta policy cannot carry (frame-ancestors) and stays the outer bound.
export const SITE_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
  "img-src 'self' data:",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "frame-src https://www.openstreetmap.org",
].join('; ');

export const siteBuilt = (distDir: string) => existsSync(join(distDir, 'server', 'entry.mjs'));

/**
 * Mounts the built Astro site (middleware mode) on this server: static files first, then
 * on-demand pages; paths Astro does not know fall through to Fastify's not-found handler.
 */
export default fp(async function site(app: FastifyInstance, opts: { distDir: string }) {
  const { handler } = (await import(pathToFileURL(join(opts.distDir, 'server', 'entry.mjs')).href)) as { handler: Handler };

  await app.register(fastifyStatic, { root: join(opts.distDir, 'client'), wildcard: false, decorateReply: false, index: ['index.html'] });
  // Prerendered pages are built as <page>/index.html; people type /about-us, not /about-us/.
  for (const file of pagesIn(join(opts.distDir, 'client'))) {
    const html = readFileSync(file);
    const dir = relative(join(opts.distDir, 'client'), file).split(sep).slice(0, -1).join('/');
    if (!dir) continue;
    app.get(`/${dir}`, { config: { access: 'public' }, schema: { hide: true } }, (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('content-security-policy', SITE_CSP).send(html));
  }
  await app.register(middie);
  app.use((req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => {
    if (SERVER_PATHS.test(req.url ?? '/')) return next();
    res.setHeader('content-security-policy', SITE_CSP);
    return handler(req, res, next);
  });
});

function pagesIn(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name === 'index.html' && !e.parentPath.includes(`${sep}_astro`))
    .map((e) => join(e.parentPath, e.name));
}

/** The site's own 404 page, for browsers that ask for a path nobody serves. */
export function siteNotFoundPage(distDir: string): Buffer | undefined {
  const file = join(distDir, 'client', '404.html');
  return existsSync(file) ? readFileSync(file) : undefined;
}
