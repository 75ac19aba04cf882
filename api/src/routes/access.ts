import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AccessCheckBody, AccessCheckDto } from '@courtside/contracts';
import { errorResponses } from '../http/envelope.ts';
import { checkCode, deviceOf } from '../services/door-service.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/api/access/check', {
    // No user signs in here: the device key (checked below, before the body) is the credential.
    config: { access: 'public' },
    onRequest: async (request) => {
      request.accessDevice = await deviceOf(app.ctx, request.headers.authorization);
    },
    schema: {
      tags: ['access'],
      summary: 'A door device asks whether an access code opens it now (Authorization: Bearer <device key>); an allowed code checks its booking in',
      description:
        'Answers 200 { allow: true, booking, checkedIn: true, message } or 200 { allow: false, reason, opensAt?, message } (reason: unknown, too_early, ended, other_facility). ' +
        'This answer is not wrapped in the envelope. 401 for an unknown or revoked key. Wrong codes are limited per device (ACCESS_MAX_WRONG per ACCESS_WRONG_WINDOW_MINUTES, ' +
        'five times that per day): past that, 429 with Retry-After for every code until the window ends.',
      security: [{ deviceKey: [] }],
      body: AccessCheckBody,
      response: { 200: AccessCheckDto, ...errorResponses },
    },
  }, async (request) => checkCode(app.ctx, request.accessDevice!, request.body.code));
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The door device a request to /api/access/check comes from. */
    accessDevice?: import('../services/door-service.ts').Device;
  }
}

export default routes;
