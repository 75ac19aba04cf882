import { staffOnly } from '../../plugins/auth.ts';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../http/envelope.ts';
import { MULTIPART_OVERHEAD_BYTES, acceptOneFile, oneUploadedFile } from '../../http/multipart.ts';
import { photoTooLarge, storeFacilityPhoto } from '../../services/facility-photos.ts';

/**
 * Uploads: the one route of the API that takes multipart (a photo file). Staff only, with a
 * bearer token (never a cookie), so no other site's form can post here in their name.
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const maxBytes = app.ctx.config.uploadMaxBytes;
  await acceptOneFile(app, maxBytes);
  app.post('/uploads/facility-photo', {
    config: staffOnly('uploads', 'create'),
    bodyLimit: maxBytes + MULTIPART_OVERHEAD_BYTES,
    schema: {
      summary: 'Upload a facility photo (multipart field "file": JPEG, PNG or WebP); answers the address to put in imageUrl',
      consumes: ['multipart/form-data'],
      response: { 201: Type.Object({ url: Type.String() }), ...errorResponses },
    },
  }, async (request, reply) =>
    reply.status(201).send(await storeFacilityPhoto(app.ctx, await oneUploadedFile(request, maxBytes, () => photoTooLarge(maxBytes)))));
};

export default routes;
