import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '@courtside/domain';

/** What a multipart body adds around its one file (boundaries, part headers), at most. */
export const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

/**
 * Makes the routes of this plugin (and only them) take multipart/form-data with one file of at
 * most maxBytes, and nothing else: the JSON and form parsers are removed here, so any other body
 * is 415. The rest of the API never parses multipart.
 */
export async function acceptOneFile(app: FastifyInstance, maxBytes: number) {
  app.removeAllContentTypeParsers();
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, parts: 1, fields: 0, headerPairs: 20 }, throwFileSizeLimit: true });
}

/**
 * The bytes of the request's one file, read with the limit enforced as it streams (a body that
 * says it is larger is refused before any of it is read); tooLarge is what a larger one is answered.
 */
export async function oneUploadedFile(request: FastifyRequest, maxBytes: number, tooLarge: () => DomainError): Promise<Buffer> {
  if (Number(request.headers['content-length'] ?? 0) > maxBytes + MULTIPART_OVERHEAD_BYTES) throw tooLarge();
  try {
    const part = await request.file();
    if (!part) throw new DomainError('invalid', 'VALIDATION_FAILED', 'file is required: send the photo as the form field "file".', 'file');
    return await part.toBuffer();
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    // A request with no body at all reaches here unparsed: the same 415 as any other kind of body.
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new DomainError('unsupported', 'UNSUPPORTED_MEDIA_TYPE', 'Send the photo as multipart/form-data, in the field "file".');
    throw err;
  }
}
