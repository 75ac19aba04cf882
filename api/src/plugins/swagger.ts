import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { WEBHOOK_SCHEMAS, WEBHOOKS_TAG, X_WEBHOOKS } from '../webhooks/openapi.ts';

/** OpenAPI generated from the route schemas, with a docs UI at /api/docs. */
export default fp(async function docs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Courtside API',
        version: '1.0.0',
        description:
          'Sports facility booking. Every JSON response uses the envelope { success, statusCode, message, data }; ' +
          'errors are { success: false, statusCode, code, message, errorMessages: [{ path, message }] }, where code is a stable name ' +
          'to branch on (SLOT_TAKEN, VALIDATION_FAILED...). Money is in major units of the venue\'s currency (CURRENCY in GET /api/settings, dollars by default), ' +
          "dates and times are the facility's local wall clock.",
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // A door keypad, gate or kiosk: its key (made in the back office's Devices) works on POST /api/access/check only.
          deviceKey: { type: 'http', scheme: 'bearer', bearerFormat: 'csd_ device key' },
        },
        schemas: WEBHOOK_SCHEMAS,
      },
      // The webhooks Courtside sends (webhooks/openapi.ts): their payloads, headers and rules.
      tags: [WEBHOOKS_TAG],
      // An extension the document's type does not list: swagger copies every x- key as it is.
      ...({ 'x-webhooks': X_WEBHOOKS } as object),
    },
  });
  // No policy of the package's own: it allows https: fonts and styles and a remote validator's
  // images, and blocks the styles Swagger UI injects. The API's policy (plugins/security.ts) fits it.
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
