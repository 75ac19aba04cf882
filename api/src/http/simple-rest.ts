import type { FastifyReply } from 'fastify';
import type { PageQuery } from '../repositories/listing.ts';

/** A bare array plus `Content-Range: <resource> start-end/total`, as simple-rest reads it. */
export function sendList<T>(reply: FastifyReply, resource: string, result: { records: T[]; total: number; page: PageQuery }) {
  const start = result.page.offset;
  const end = result.records.length ? start + result.records.length - 1 : start;
  return reply.header('content-range', `${resource} ${start}-${end}/${result.total}`).send(result.records);
}
