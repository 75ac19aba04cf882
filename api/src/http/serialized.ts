import type { FastifyReply } from 'fastify';

/**
 * Answers with JSON the route already serialized (with `reply.serialize`, its own response
 * schema), for answers kept in memory: Fastify sends a string typed JSON as it is.
 */
export function serialize(reply: FastifyReply, payload: unknown): string {
  return reply.serialize(payload) as string;
}

export function sendSerialized(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
