import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { PASSWORD, uniqueEmail } from './support/actors.ts';

/**
 * Who "one client" is for the per-address limits: which
 * X-Forwarded-For entry is believed (TRUST_PROXY), and IPv6 counted per /64. Sign-ups are the
 * probe: SIGNUP_MAX_PER_IP (10 an hour at its default) per client, then 429.
 */
const LIMIT = 10;

const signupFrom = (t: TestApp, remoteAddress: string, forwardedFor?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    remoteAddress,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    payload: { name: 'Sam Signup', email: uniqueEmail('client'), password: PASSWORD, phone: '555-0100', address: '1 Main St' },
  });

const statuses = async (sends: (() => Promise<{ statusCode: number }>)[]) => {
  const out: number[] = [];
  for (const send of sends) out.push((await send()).statusCode);
  return out;
};

const fill = (n: number, status: number) => new Array<number>(n).fill(status);

describe('TRUST_PROXY=1: one proxy in front, the right-most X-Forwarded-For entry is the client', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1', SIGNUP_MAX_PER_IP: '' } });
  });
  afterAll(() => t?.close());

  it('"forged, real" counts against real, whatever the client writes before it', async () => {
    expect(t.config.signupMaxPerIp).toBe(LIMIT);
    const answers = await statuses(Array.from({ length: LIMIT + 2 }, (_, i) => () => signupFrom(t, '127.0.0.1', `203.0.113.${i + 1}, 198.51.100.20`)));
    expect(answers).toEqual([...fill(LIMIT, 201), 429, 429]);
    // Another real client behind the same proxy is not affected.
    expect((await signupFrom(t, '127.0.0.1', '203.0.113.1, 198.51.100.21')).statusCode).toBe(201);
    // One address per request, as the proxy writes it for a client that sent none.
    expect((await signupFrom(t, '127.0.0.1', '198.51.100.22')).statusCode).toBe(201);
  });
});

describe('TRUST_PROXY as a list of proxy addresses: only a listed peer is believed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '10.0.0.1, 172.16.0.0/12', SIGNUP_MAX_PER_IP: '' } });
  });
  afterAll(() => t?.close());

  it('a listed proxy (an address or in a CIDR) passes the client on; the walk stops at the first address not listed', async () => {
    // Through 10.0.0.1: the entry it appended.
    const viaProxy = await statuses(Array.from({ length: LIMIT + 1 }, (_, i) => () => signupFrom(t, '10.0.0.1', `203.0.113.${i + 1}, 198.51.100.30`)));
    expect(viaProxy).toEqual([...fill(LIMIT, 201), 429]);
    // Through two listed proxies (172.16.5.5 appended by 10.0.0.1): the client before them.
    const chained = await statuses(Array.from({ length: LIMIT + 1 }, (_, i) => () => signupFrom(t, '10.0.0.1', `203.0.113.${i + 1}, 198.51.100.31, 172.16.5.5`)));
    expect(chained).toEqual([...fill(LIMIT, 201), 429]);
  });

  it('a peer not listed is the client, whatever X-Forwarded-For it sends', async () => {
    const direct = await statuses(Array.from({ length: LIMIT + 1 }, (_, i) => () => signupFrom(t, '192.0.2.40', `198.51.100.${100 + i}`)));
    expect(direct).toEqual([...fill(LIMIT, 201), 429]);
    expect((await signupFrom(t, '10.0.0.1', '192.0.2.41')).statusCode).toBe(201);
  });
});

describe('IPv6 clients are counted per /64; IPv4-mapped IPv6 as the IPv4 address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SIGNUP_MAX_PER_IP: '' } });
  });
  afterAll(() => t?.close());

  it('sign-ups from many addresses of one /64 hit the per-address limit; another /64 does not', async () => {
    const answers = await statuses(Array.from({ length: LIMIT + 2 }, (_, i) => () => signupFrom(t, `2001:db8:77:1:${(i + 1).toString(16)}::${i + 7}`)));
    expect(answers).toEqual([...fill(LIMIT, 201), 429, 429]);
    expect((await signupFrom(t, '2001:db8:77:2::1')).statusCode).toBe(201);
  });

  it('an IPv4 peer seen on a dual-stack socket (::ffff:a.b.c.d) shares the IPv4 address\'s budget', async () => {
    const answers = await statuses(Array.from({ length: LIMIT + 1 }, (_, i) => () => signupFrom(t, i % 2 === 0 ? '192.0.2.60' : '::ffff:192.0.2.60')));
    expect(answers).toEqual([...fill(LIMIT, 201), 429]);
  });
});

describe('TRUST_PROXY is checked at boot', () => {
  const problem = (value: string) => {
    try {
      loadConfig({ TRUST_PROXY: value });
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      return (e as Error).message;
    }
    return '';
  };

  it('takes nothing (no proxy), a number of proxy hops, or a list of proxy addresses and CIDRs', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '3' }).trustProxy).toBe(3);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1,10.0.0.0/8' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.0/8']);
    expect(loadConfig({ TRUST_PROXY: ' 2001:db8::/32 , loopback ' }).trustProxy).toEqual(['2001:db8::/32', 'loopback']);
  });

  it('refuses anything else, saying what it takes', () => {
    for (const bad of ['true', 'yes', '-1', '1.5', '10.0.0.300', '10.0.0.0/33', '2001:db8::/129', 'proxy.example.com', '10.0.0.1,,10.0.0.2']) {
      expect(problem(bad), bad).toContain(`TRUST_PROXY must be 0 (no proxy), the number of proxies in front (1: one), or a comma-separated list of proxy addresses or CIDRs (got "${bad}")`);
    }
  });
});
