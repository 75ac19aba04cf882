import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { FastifyReply } from 'fastify';
import { acceptsEncoding } from './accept-encoding.ts';

const gzipAsync = promisify(gzip);

/** Below this many bytes gzip saves less than its header and the client's work cost. */
const GZIP_FROM_BYTES = 1_024;

/**
 * Each answer's gzipped bytes, made once (in the thread pool, off the event loop) and kept as
 * long as the answer is: a cached answer is compressed when it is first sent, not per request.
 * `compressing` holds the work under way; once done, `compressed` has the bytes, which a
 * request then sends at once.
 */
const compressing = new WeakMap<Buffer, Promise<Buffer | undefined>>();
const compressed = new WeakMap<Buffer, Buffer>();

/** The answer's gzipped bytes, made once; undefined if gzip failed (the answer then goes plain). */
function gzipOnce(json: Buffer): Promise<Buffer | undefined> {
  let pending = compressing.get(json);
  if (!pending) {
    pending = gzipAsync(json).then(
      (bytes) => {
        compressed.set(json, bytes);
        compressing.delete(json);
        return bytes;
      },
      () => {
        compressing.delete(json);
        return undefined;
      },
    );
    compressing.set(json, pending);
  }
  return pending;
}

/**
 * For an answer about to be kept in memory: makes the gzipped copy the first browser would
 * have it make, so the bytes it holds are known when it is kept (see heldBytes).
 */
export async function gzipBeforeKeeping(json: Buffer): Promise<void> {
  if (json.length >= GZIP_FROM_BYTES) await gzipOnce(json);
}

/** The bytes an answer holds while it is kept: its UTF-8 bytes and its gzipped copy, if made. */
export const heldBytes = (json: Buffer): number => json.length + (compressed.get(json)?.length ?? 0);

const sendGzipped = (reply: FastifyReply, bytes: Buffer) => reply.header('content-encoding', 'gzip').send(bytes);

/**
 * Answers with JSON the route already serialized (with `reply.serialize`, its own response
 * schema), for answers kept in memory: kept as UTF-8 bytes, so a cached answer is sent as it is,
 * without encoding it or measuring its length again on every request (a day's search is ~50 KB).
 */
export function serialize(reply: FastifyReply, payload: unknown): Buffer {
  return Buffer.from(reply.serialize(payload) as string);
}

/**
 * Sends `json`, gzipped when the client accepts gzip (every browser does) and it is large enough
 * to gain: a day's search of ~50 KB travels as ~5 KB, which a phone feels and which spares the
 * server most of its socket writes.
 */
export function sendSerialized(reply: FastifyReply, json: Buffer): FastifyReply | Promise<FastifyReply> {
  reply.type('application/json; charset=utf-8');
  if (json.length < GZIP_FROM_BYTES) return reply.send(json);
  reply.header('vary', 'accept-encoding');
  if (!acceptsGzip(reply.request.headers['accept-encoding'])) return reply.send(json);
  const ready = compressed.get(json);
  if (ready) return sendGzipped(reply, ready);
  return gzipOnce(json).then((bytes) => (bytes ? sendGzipped(reply, bytes) : reply.send(json)));
}

/** Whether an Accept-Encoding header accepts gzip (http/accept-encoding.ts). */
export const acceptsGzip = (header: string | undefined): boolean => acceptsEncoding(header, 'gzip');
