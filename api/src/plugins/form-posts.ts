import fp from 'fastify-plugin';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '@courtside/domain';

/**
 * The bodies an HTML form can send, which a page on any website may post to us with no CORS
 * preflight (and so without our permission): urlencoded, multipart and plain text.
 */
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];

const jsonOnly = () =>
  Object.assign(new Error('This address takes JSON only: send the body as application/json.'), { statusCode: 415 });

/**
 * Everywhere: a form body is a 415 before any route runs, so a foreign page cannot sign up,
 * sign in, post a message or ask for a reset through its visitors' browsers. JSON needs a
 * preflight, which no other origin gets answered (there is no CORS plugin).
 */
export const refuseFormBodies = fp(async function refuseFormBodies(app: FastifyInstance) {
  app.removeContentTypeParser('text/plain');
  // A request that only names the type carries nothing to refuse: the back office's data provider
  // sends its DELETEs as text/plain with no body at all.
  app.addContentTypeParser(FORM_TYPES, { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) =>
    (body as Buffer).length === 0 ? done(null, undefined) : done(jsonOnly(), undefined));
});

/** The origins our own pages are served from: the public address, and the one this request came to. */
function isOwnOrigin(request: FastifyRequest, origin: string, publicBaseUrl: string): boolean {
  return origin === new URL(publicBaseUrl).origin || origin === `${request.protocol}://${request.host}`;
}

function originOf(url: string): string | undefined {
  return URL.canParse(url) ? new URL(url).origin : undefined;
}

/**
 * For the routes a server-rendered form of ours posts to (registered inside their plugin):
 * urlencoded bodies are read, once the form is known to come from our own origin. A browser
 * names the page's origin on every cross-origin POST (`Origin`, or at least `Referer`); a
 * request that names none comes from a program, not from a page on another site.
 */
export const acceptOwnFormPosts = fp(async function acceptOwnFormPosts(app: FastifyInstance) {
  app.removeContentTypeParser('application/x-www-form-urlencoded');
  await app.register(formbody);
  const publicBaseUrl = app.ctx.config.publicBaseUrl;
  app.addHook('onRequest', async (request) => {
    if (!(request.headers['content-type'] ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded')) return;
    const named = request.headers.origin ?? (request.headers.referer === undefined ? undefined : (originOf(request.headers.referer) ?? 'null'));
    if (named !== undefined && !isOwnOrigin(request, named, publicBaseUrl)) {
      throw new DomainError('forbidden', 'CROSS_SITE_FORM', 'This form was sent from another site. Open the page on this site and send it from there.');
    }
  });
});
