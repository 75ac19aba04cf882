import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { FastifyReply } from 'fastify';

const gzipAsync = promisify(gzip);

/** Below this many bytes gzip saves less than its header and the client's work cost. */
const GZIP_FROM_BYTES = 1_024;

/**
 * Each answer's gzipped bytes, made once (in the thread pool, off the event loop) and kept as
 * long as the answer is: a cached answer is compressed when it is first sent, not per request.
 */
const gzipped = new WeakMap<Buffer, Promise<Buffer>>();

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
export async function sendSerialized(reply: FastifyReply, json: Buffer): Promise<FastifyReply> {
  reply.type('application/json; charset=utf-8');
  if (json.length < GZIP_FROM_BYTES) return reply.send(json);
  reply.header('vary', 'accept-encoding');
  if (!acceptsGzip(reply.request.headers['accept-encoding'])) return reply.send(json);
  let compressed = gzipped.get(json);
  if (!compressed) {
    compressed = gzipAsync(json);
    gzipped.set(json, compressed);
  }
  return reply.header('content-encoding', 'gzip').send(await compressed);
}

/**
 * Whether an Accept-Encoding header accepts gzip: named (or `*`) without `q=0`. A client that
 * sends none gets the bytes as they are (RFC 9110 allows either; tools expect plain JSON).
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let star = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q\s*=\s*0(\.0{0,3})?\s*$/.test(p));
    if (name === 'gzip' || name === 'x-gzip') return !refused;
    if (name === '*') star = !refused;
  }
  return star;
}
