import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';

/** The policy of everything that is not a site page: API JSON, the back office, the sandbox pay page, errors. */
const API_DIRECTIVES: Record<string, string[]> = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  // The back office shows users' photos and facility images, which may be any https: address.
  imgSrc: ["'self'", 'data:', 'https:'],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  // Inline <style> is needed by the sandbox pay page, the stand-in pages, the back office
  // (MUI/emotion injects its styles at run time) and the API docs. Styles cannot run code; scripts stay 'self'.
  styleSrc: ["'self'", "'unsafe-inline'"],
};

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
export const API_CSP = Object.entries(API_DIRECTIVES).map(([name, sources]) => `${kebab(name)} ${sources.join(' ')}`).join('; ');

const HSTS_MAX_AGE = 31_536_000; // one year

/**
 * What every response carries, whoever writes it; a more specific CSP (site pages) replaces the
 * policy. Fixed strings, built once: the headers cost nothing to compute per request. Left out
 * on purpose are headers only obsolete browsers read (X-XSS-Protection, X-Download-Options,
 * X-Permitted-Cross-Domain-Policies, X-DNS-Prefetch-Control).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': API_CSP,
  'strict-transport-security': `max-age=${HSTS_MAX_AGE}; includeSubDomains`,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  // frame-ancestors for browsers that predate it.
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
};
const HEADER_ENTRIES = Object.entries(SECURITY_HEADERS);

/**
 * Security headers on every response, set once for all on the raw response the moment a
 * request arrives, so whatever writes the answer carries them: routes, static files, the Astro
 * middleware, and what Fastify writes without hooks (a malformed URL's 400, the 503 while
 * closing), and by a hook on what Fastify routes without a socket (inject). A page with a
 * policy of its own (the site's hashed pages) replaces the CSP.
 * Same-origin only: no CORS plugin is registered, so no other origin is ever granted access.
 */
export default fp(async function security(app: FastifyInstance) {
  const set = (res: ServerResponse) => {
    for (const [name, value] of HEADER_ENTRIES) res.setHeader(name, value);
  };
  app.server.prependListener('request', (_req, res: ServerResponse) => set(res));
  // Injected requests (tests, in-process calls) never reach the server's 'request' event.
  app.addHook('onRequest', (_request, reply, done) => {
    if (!reply.raw.hasHeader('strict-transport-security')) set(reply.raw);
    done();
  });
});
