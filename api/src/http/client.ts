import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { addressBucket } from '@courtside/domain';
import type { Config } from '../config.ts';

/**
 * TRUST_PROXY as Fastify's `trustProxy`. A hop count becomes proxy-addr's function form (hop 0
 * is the socket's peer): this Fastify ignores a bare number, trusting nothing.
 */
export function trustProxyOption(setting: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

/**
 * The site's pages run in this process and call its API over loopback for their visitor
 * (plugins/site.ts). Such a call says whom it was made for, and proves it with this key, which
 * never leaves the process; a client's own claim of a visitor is ignored.
 */
const SITE_KEY = randomBytes(32);
const SITE_KEY_HEADER = 'x-courtside-site-key';
const VISITOR_HEADER = 'x-courtside-visitor';

/** The headers a server-side page's API call carries: the visitor it renders for. */
export function visitorHeaders(request: FastifyRequest): Record<string, string> {
  return { [SITE_KEY_HEADER]: SITE_KEY.toString('base64url'), [VISITOR_HEADER]: request.ip };
}

const isLoopback = (address: string | undefined) => address !== undefined && /^(127\.|::1$|::ffff:127\.)/.test(address);

function siteVisitor(request: FastifyRequest): string | undefined {
  const key = request.headers[SITE_KEY_HEADER];
  const visitor = request.headers[VISITOR_HEADER];
  if (typeof key !== 'string' || typeof visitor !== 'string' || !isLoopback(request.socket.remoteAddress)) return undefined;
  const given = Buffer.from(key, 'base64url');
  return given.length === SITE_KEY.length && timingSafeEqual(given, SITE_KEY) ? visitor : undefined;
}

/**
 * The client every per-address limit counts this request against: the address Fastify took
 * (TRUST_PROXY), or the visitor the site's own page asked for, bucketed as addressBucket says
 * (IPv6 per /64).
 */
export function clientOf(request: FastifyRequest): string {
  return addressBucket(siteVisitor(request) ?? request.ip);
}
