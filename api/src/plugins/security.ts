import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';

/** The policy of everything that is not a site page: API JSON, the back office, the sandbox pay page, errors. */
const API_DIRECTIVES: Record<string, string[]> = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  // Inline <style> is needed by the sandbox pay page, the stand-in pages and the back office
  // (MUI/emotion injects its styles at run time). Styles cannot run code; scripts stay 'self'.
  styleSrc: ["'self'", "'unsafe-inline'"],
};

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
export const API_CSP = Object.entries(API_DIRECTIVES).map(([name, sources]) => `${kebab(name)} ${sources.join(' ')}`).join('; ');

const HSTS_MAX_AGE = 31_536_000; // one year
const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/** What every response must carry, whoever writes it; a more specific CSP (site pages, API docs) may replace the policy. */
export const BASELINE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': API_CSP,
  'strict-transport-security': `max-age=${HSTS_MAX_AGE}; includeSubDomains`,
  'x-content-type-options': 'nosniff',
  'referrer-policy': REFERRER_POLICY,
};

function fillMissing(res: ServerResponse): void {
  if (res.headersSent) return;
  for (const [name, value] of Object.entries(BASELINE_HEADERS)) if (!res.hasHeader(name)) res.setHeader(name, value);
}

/**
 * Security headers on every response, set once for all: the baseline goes on the raw response
 * the moment a request arrives, so whatever writes the answer carries it (routes, static files,
 * the Astro middleware, and what Fastify writes without hooks: a malformed URL's 400, the 503
 * while closing); helmet then sets the API's full set on everything Fastify routes. A page with
 * a policy of its own (the site's hashed pages, the API docs) replaces the CSP.
 * Same-origin only: no CORS plugin is registered, so no other origin is ever granted access.
 */
export default fp(async function security(app: FastifyInstance) {
  app.server.prependListener('request', (_req, res: ServerResponse) => fillMissing(res));

  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: API_DIRECTIVES },
    strictTransportSecurity: { maxAge: HSTS_MAX_AGE, includeSubDomains: true },
    referrerPolicy: { policy: REFERRER_POLICY },
    crossOriginEmbedderPolicy: false,
  });
});
