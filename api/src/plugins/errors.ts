import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { toErrorResponse } from '../http/error-response.ts';

/** One error handler maps every failure to the documented envelope; unknown paths get 404 (the site's page for browsers). */
export default fp(async function errors(app: FastifyInstance, opts: { notFoundHtml?: Buffer; notFoundCsp?: string }) {
  app.setErrorHandler((err, request, reply) => {
    const body = toErrorResponse(err);
    if (body.statusCode >= 500) request.log.error({ err }, 'request failed');
    if (body.statusCode === 429 && (err as { retryAfter?: number }).retryAfter) {
      reply.header('retry-after', String((err as { retryAfter?: number }).retryAfter));
    }
    return reply.status(body.statusCode).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (opts.notFoundHtml && wantsHtml && !request.url.startsWith('/api/')) {
      if (opts.notFoundCsp) reply.header('content-security-policy', opts.notFoundCsp);
      return reply.status(404).type('text/html; charset=utf-8').send(opts.notFoundHtml);
    }
    const message = `Route ${request.method} ${request.url.split('?')[0]} not found`;
    return reply.status(404).send({ success: false, statusCode: 404, message, errorMessages: [{ path: '', message }] });
  });
});
