import type { FastifyReply } from 'fastify';

/**
 * Answers with JSON the route already serialized (with `reply.serialize`, its own response
 * schema), for answers kept in memory: kept as UTF-8 bytes, so a cached answer is sent as it is,
 * without encoding it or measuring its length again on every request (a day's search is ~50 KB).
 */
export function serialize(reply: FastifyReply, payload: unknown): Buffer {
  return Buffer.from(reply.serialize(payload) as string);
}

export function sendSerialized(reply: FastifyReply, json: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
