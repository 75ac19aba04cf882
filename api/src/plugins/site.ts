import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { SITE_POLICY_DIRECTIVES } from '@courtside/domain';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { visitorHeaders } from '../http/client.ts';
import { compressPageOf, pageCodingFor, pageVariants } from '../http/page-compression.ts';

/** What the site's pages are handed with each request (Astro's `locals`, typed in site/src/env.d.ts). */
interface SiteLocals {
  apiOrigin?: string;
  apiHeaders?: Record<string, string>;
}

type Handler = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void, locals?: SiteLocals) => void;

/** Paths that belong to the API server, never to the site. */
const SERVER_PATHS = /^\/(api|admin|pay|images|uploads)(\/|$|\?)/;

/**
 * The policy of what the site serves besides its pages (bundled scripts, styles, images): no
 * inline code at all. Pages get their own policy from the build (Astro's `security.csp` hashes
 * every inline script and style of the site): on-demand pages carry it from Astro itself,
 * prerendered ones from dist/_headers.json, looked up by `sitePolicies`.
 */
export const SITE_CSP = [...SITE_POLICY_DIRECTIVES, "script-src 'self'", "style-src 'self'"].join('; ');

/** The Content-Security-Policy of each prerendered page ("/about-us", "/404"), as the build wrote them. */
export function sitePolicies(distDir: string): Map<string, string> {
  const file = join(distDir, '_headers.json');
  const routes = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { pathname: string; headers: { key: string; value: string }[] }[]) : [];
  const policies = new Map<string, string>();
  for (const route of routes) {
    const csp = route.headers.find((h) => h.key.toLowerCase() === 'content-security-policy');
    if (csp) policies.set(route.pathname, csp.value);
  }
  return policies;
}

/** "about-us/index.html" -> "/about-us", "404.html" -> "/404": the route a built HTML file is the page of. */
const routeOfFile = (relativeFile: string) => `/${relativeFile.split(sep).join('/').replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')}`;

declare module 'fastify' {
  interface FastifyInstance {
    /** The policy a prerendered site page needs (its inline scripts' and styles' hashes); SITE_CSP otherwise. */
    sitePagePolicy(pathname: string): string;
  }
}

export const siteBuilt = (distDir: string) => existsSync(join(distDir, 'server', 'entry.mjs'));

/**
 * Mounts the built Astro site (middleware mode) on this server: static files first, then
 * on-demand pages; paths Astro does not know fall through to Fastify's not-found handler.
 */
export default fp(async function site(app: FastifyInstance, opts: { distDir: string }) {
  const { handler } = (await import(pathToFileURL(join(opts.distDir, 'server', 'entry.mjs')).href)) as { handler: Handler };

  const client = join(opts.distDir, 'client');
  const policies = sitePolicies(opts.distDir);
  const policyOf = (pathname: string) => policies.get(pathname) ?? SITE_CSP;
  app.decorate('sitePagePolicy', policyOf);

  await app.register(fastifyStatic, {
    root: client,
    wildcard: false,
    decorateReply: false,
    // The build writes .br and .gz beside each asset (scripts/precompress.ts): sent to browsers that accept them.
    preCompressed: true,
    index: ['index.html'],
    // A built page gets the policy with its own hashes; other files the no-inline one.
    setHeaders: (res, file) => {
      res.setHeader('content-security-policy', file.endsWith('.html') ? policyOf(routeOfFile(relative(client, file))) : SITE_CSP);
      // Which variant is sent (.br, .gz or the file) depends on it; this version of the plugin does not say so itself.
      res.setHeader('vary', 'accept-encoding');
    },
  });
  // Prerendered pages are built as <page>/index.html; people type /about-us, not /about-us/.
  // Each compressed once here, sent as the browser accepts.
  for (const file of pagesIn(client)) {
    const html = readFileSync(file);
    const route = routeOfFile(relative(client, file));
    if (route === '/') continue;
    const variants = pageVariants(html);
    app.get(route, { config: { access: 'public' }, schema: { hide: true } }, (request, reply) => {
      void reply.type('text/html; charset=utf-8').header('content-security-policy', policyOf(route)).header('vary', 'accept-encoding');
      const coding = pageCodingFor(request.headers['accept-encoding']);
      return coding ? reply.header('content-encoding', coding).send(variants[coding]) : reply.send(html);
    });
  }
  // On-demand pages call the API over loopback, not through the public address: this server,
  // once it listens (before that, nothing is served and the pages fall back to their own origin).
  const apiOrigin = () => {
    const address = app.server.address();
    return address && typeof address === 'object' ? `http://127.0.0.1:${address.port}` : undefined;
  };
  // Astro first (as a middleware would run), for every path but the server's own: what it does
  // not render goes on through Fastify (static files, then the not-found handler). A plain hook,
  // not a middleware engine: the API's requests pass with one test of their path.
  app.addHook('onRequest', (request, reply, done) => {
    const req = request.raw;
    if (SERVER_PATHS.test(req.url ?? '/')) return done();
    const res = reply.raw;
    // Astro replaces it with the page's own policy on the pages it renders; redirects and
    // files that fall through to the static plugin keep this one.
    res.setHeader('content-security-policy', SITE_CSP);
    // The pages' calls over loopback say whom they are for (http/client.ts): per-client limits
    // count the visitor. Not through the public address: the key stays in this process.
    const origin = apiOrigin();
    // The pages Astro renders are compressed as they stream out, for browsers that accept it;
    // what it passes on is left to the rest of the server as it was.
    const uncompressed = compressPageOf(req, res);
    handler(req, res, (err) => {
      uncompressed();
      done(err as Error | undefined);
    }, origin ? { apiOrigin: origin, apiHeaders: visitorHeaders(request) } : {});
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
