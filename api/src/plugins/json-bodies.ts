import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '@courtside/domain';

/**
 * JSON bodies. Many HTTP clients (react-admin's fetchJson among them) send
 * `Content-Type: application/json` on every request, a DELETE with nothing to say included:
 * an empty body under that type is no body, not a malformed one (Fastify's own parser refuses
 * it with FST_ERR_CTP_EMPTY_JSON_BODY). A route that takes a body and gets none says so
 * plainly, naming the body, before its schema would ("body must be object"). A route whose
 * body is declared optional (`body: Type.Optional(...)`, every field of it optional) reads no
 * body as an empty one, so its schema still checks and documents what may be sent.
 */
export const jsonBodies = fp(async function jsonBodies(app: FastifyInstance) {
  // Fastify's parser (secure-json-parse, with the app's prototype-poisoning settings) for every non-empty body.
  const parseJson = app.getDefaultJsonParser(app.initialConfig.onProtoPoisoning ?? 'error', app.initialConfig.onConstructorPoisoning ?? 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    // parseAs 'string': the body is text.
    body.length === 0 ? done(null, undefined) : parseJson(request, body as string, done));

  app.addHook('preValidation', async (request) => {
    const schema = request.routeOptions.schema?.body as { '~optional'?: boolean } | undefined;
    if (request.body === undefined && schema?.['~optional'] === true) {
      request.body = {};
      return;
    }
    if (request.body === undefined && schema !== undefined) {
      throw new DomainError('invalid', 'VALIDATION_FAILED', 'body is required: this request takes a JSON object, and none was sent', 'body');
    }
  });
});
