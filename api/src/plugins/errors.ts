import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '@courtside/domain';
import { errorBody, retryAfterOf, toErrorResponse } from '../http/error-response.ts';

/**
 * Fastify's `frameworkErrors` option: the router's own refusals (a path segment that is not
 * valid percent-encoding, or longer than maxParamLength) happen before any route exists, so
 * they bypass the error handler. They get the same envelope, a 400, and do not echo the path.
 */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const message = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A value in the address is too long.' : 'The address is not valid.';
  return reply.status(400).send(toErrorResponse(new DomainError('invalid', 'BAD_URL', message)));
}
import { isConnectionError } from '../db/retry.ts';

const DATABASE_UNAVAILABLE = errorBody(503, 'DATABASE_UNAVAILABLE', 'The service is briefly unavailable. Please try again in a moment.');

/** One error handler maps every failure to the documented envelope; unknown paths get 404 (the site's page for browsers). */
export default fp(async function errors(app: FastifyInstance, opts: { notFoundHtml?: Buffer; notFoundCsp?: string }) {
  app.setErrorHandler((err, request, reply) => {
    if (isConnectionError(err)) {
      // The database is restarting or our connection to it was cut: a moment's outage, not a bug.
      // One short line each (no stack): an outage makes many of them.
      request.log.warn(`database unavailable: ${(err as { code?: string }).code ?? ''} ${(err as Error).message}`);
      return reply.status(503).header('retry-after', '1').send(DATABASE_UNAVAILABLE);
    }
    const body = toErrorResponse(err);
    if (body.statusCode >= 500) request.log.error({ err }, 'request failed');
    const retryAfter = retryAfterOf(err);
    if (retryAfter) reply.header('retry-after', String(retryAfter));
    return reply.status(body.statusCode).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (opts.notFoundHtml && wantsHtml && !request.url.startsWith('/api/')) {
      // The page's own policy (the hashes of its inline scripts and styles) once the site is mounted.
      const csp = app.hasDecorator('sitePagePolicy') ? app.sitePagePolicy('/404') : opts.notFoundCsp;
      if (csp) reply.header('content-security-policy', csp);
      return reply.status(404).type('text/html; charset=utf-8').send(opts.notFoundHtml);
    }
    const message = `Route ${request.method} ${request.url.split('?')[0]} not found`;
    return reply.status(404).send(errorBody(404, 'ROUTE_NOT_FOUND', message));
  });
});
