import { BlockList, isIP } from 'node:net';
import { lookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import dns from 'node:dns';
import { DomainError } from '@courtside/domain';

/**
 * Where a webhook may be sent. Only `https:` to public addresses, unless WEBHOOK_ALLOW_PRIVATE:
 * the server must not be pointed at the venue's own network (a router's admin page, a cloud
 * metadata address) by a typo or on purpose. A host name is judged by what it resolves to, when
 * the endpoint is saved and again at every send (the sender connects to the address it checked,
 * so a name re-pointed in between gains nothing).
 */

const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96]] as const) PRIVATE.addSubnet(net, prefix, 'ipv6');

/** True for loopback, private, link-local, unique-local, multicast and unspecified addresses (IPv4-mapped IPv6 as its IPv4). */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return PRIVATE.check(bare, 'ipv4');
  if (family !== 6) return true; // not an address: never trusted
  // The URL parser writes ::ffff:127.0.0.1 as ::ffff:7f00:1; either way it is that IPv4 address.
  const canonical = new URL(`http://[${bare}]/`).hostname.slice(1, -1);
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(canonical);
  if (mapped) {
    const hi = parseInt(mapped[1]!, 16);
    const lo = parseInt(mapped[2]!, 16);
    return PRIVATE.check([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.'), 'ipv4');
  }
  return PRIVATE.check(canonical, 'ipv6');
}

const refused = (message: string) => new DomainError('invalid', 'WEBHOOK_URL_REFUSED', message, 'url');

/** The URL's syntax and scheme, and its host when that is an address; throws a 400 naming `url`. Returns the parsed URL. */
export function parseWebhookUrl(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw refused('url must be a full address, like https://example.com/courtside-hooks.');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowPrivate)) {
    throw refused(allowPrivate ? 'url must start with https: or http:.' : 'url must start with https: (http: only with WEBHOOK_ALLOW_PRIVATE=1).');
  }
  if (url.username || url.password) throw refused('url must not carry a user name or password; the signature proves the sender.');
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!allowPrivate && isIP(host) && isPrivateAddress(host)) throw refused(`url points at a private or loopback address (${host}); allowed only with WEBHOOK_ALLOW_PRIVATE=1.`);
  return url;
}

/**
 * The full check when staff save an endpoint: the syntax, and every address its host name
 * resolves to now. A name that does not resolve (yet) is accepted: the check at send time judges it.
 */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<string> {
  const url = parseWebhookUrl(raw, allowPrivate);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!allowPrivate && !isIP(host)) {
    const addresses = await lookup(host, { all: true }).catch(() => []);
    const bad = addresses.find((a) => isPrivateAddress(a.address));
    if (bad) throw refused(`url's host ${host} resolves to a private or loopback address (${bad.address}); allowed only with WEBHOOK_ALLOW_PRIVATE=1.`);
  }
  return url.toString();
}

/**
 * A DNS lookup for the sender's socket that refuses private addresses (unless allowed): the
 * address checked is the one connected to.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as dns.LookupAddress[];
      const bad = allowPrivate ? undefined : list.find((a) => isPrivateAddress(a.address));
      if (bad) return callback(Object.assign(new Error(`${hostname} resolves to a private address (${bad.address})`), { code: 'EPRIVATE' }), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      const first = list[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
      callback(null, first.address, first.family);
    });
  };
}
