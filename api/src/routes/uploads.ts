import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PhotoFileParams } from '@courtside/contracts';
import { openFacilityPhoto } from '../services/facility-photos.ts';

/** A year: a stored photo's name is random and its bytes never change (a new upload is a new name). */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Uploaded photos, served from this origin with the headers /images gets (nosniff, the API's CSP). */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/uploads/facilities/:file', {
    config: { access: 'public' },
    schema: { hide: true, params: PhotoFileParams },
  }, async (request, reply) => {
    const { stream, size } = await openFacilityPhoto(app.ctx, request.params.file);
    return reply.type('image/webp').header('content-length', size).header('cache-control', IMMUTABLE).send(stream);
  });
};

export default routes;
