import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import { shiftDate } from '@courtside/domain';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { ChangeCache } from '../src/db/change-cache.ts';
import { openChangeFeedFor, type ChangeFeed } from '../src/db/change-feed.ts';
import { visitorHeaders } from '../src/http/client.ts';
import { cachesOf } from '../src/services/caches.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, facility } from './support/actors.ts';
import { eventually } from './support/expect.ts';

/**
 * Find a court under a flood of varied questions: a per-client limit,
 * and a cache bounded by the bytes it keeps. Clock: 2027-03-01T15:00Z = 10:00 in New York.
 */
const START = '2027-03-01T15:00:00Z';
const TOMORROW = '2027-03-02';
const MAX = 5;

describe('Find a court is limited per client (FIND_MAX_PER_IP per FIND_WINDOW_SECONDS)', () => {
  let t: TestApp;
  const search = (remoteAddress: string, headers: Record<string, string> = {}, query = `date=${TOMORROW}`) =>
    t.app.inject({ url: `/api/availability?${query}`, remoteAddress, headers });
  /** The headers the site's own page sends for its visitor (plugins/site.ts). */
  const renderedFor = (visitor: string) => visitorHeaders({ ip: visitor } as FastifyRequest);

  beforeAll(async () => {
    t = await createTestApp({ clockStart: START, env: { FIND_MAX_PER_IP: String(MAX) } });
  });
  afterAll(() => t?.close());

  it('is on by default: 120 searches a minute', () => {
    expect(loadConfig({})).toMatchObject({ findMaxPerIp: 120, findWindowSeconds: 60 });
  });

  it('answers 429 with Retry-After and a clear message after the limit, varied questions included; another client is not affected', async () => {
    for (let i = 0; i < MAX; i++) expect((await search('192.0.2.1', {}, `date=${shiftDate(TOMORROW, i)}&from=0${i}:00`)).statusCode).toBe(200);
    const refused = await search('192.0.2.1', {}, `date=${shiftDate(TOMORROW, 9)}`);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.json()).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS', message: expect.stringMatching(/too many searches/i) });
    expect((await search('192.0.2.2')).statusCode).toBe(200);
    // The window passes: the client may search again.
    t.clock.advance(61_000);
    expect((await search('192.0.2.1')).statusCode).toBe(200);
  });

  it('counts an IPv6 client per /64', async () => {
    const answers = [];
    for (let i = 1; i <= MAX + 1; i++) answers.push((await search(`2001:db8:19:1::${i}`)).statusCode);
    expect(answers).toEqual([...new Array<number>(MAX).fill(200), 429]);
    expect((await search('2001:db8:19:2::1')).statusCode).toBe(200);
  });

  it("the site's own page (over loopback, with this process's key) counts for its visitor, not as one client", async () => {
    for (let i = 0; i < MAX; i++) expect((await search('127.0.0.1', renderedFor('198.51.100.7'))).statusCode).toBe(200);
    expect((await search('127.0.0.1', renderedFor('198.51.100.7'))).statusCode).toBe(429);
    // Other visitors of the same page are served.
    expect((await search('127.0.0.1', renderedFor('198.51.100.8'))).statusCode).toBe(200);
    expect((await search('::ffff:127.0.0.1', renderedFor('198.51.100.9'))).statusCode).toBe(200);
  });

  it("a claimed visitor without the key, or the key from anywhere but loopback, counts for the socket's peer", async () => {
    const forged = { 'x-courtside-site-key': randomBytes(32).toString('base64url'), 'x-courtside-visitor': '198.51.100.50' };
    for (let i = 0; i < MAX; i++) expect((await search('127.0.0.2', { ...forged, 'x-courtside-visitor': `198.51.100.${50 + i}` })).statusCode).toBe(200);
    expect((await search('127.0.0.2', { ...forged, 'x-courtside-visitor': '198.51.100.99' })).statusCode).toBe(429);
    // Even the real key (were it ever to leak) is believed only over loopback.
    for (let i = 0; i < MAX; i++) expect((await search('192.0.2.30', renderedFor(`198.51.100.${60 + i}`))).statusCode).toBe(200);
    expect((await search('192.0.2.30', renderedFor('198.51.100.99'))).statusCode).toBe(429);
  });
});

describe("Find a court's cache is bounded by the bytes it keeps (FIND_CACHE_MAX_MB)", () => {
  let t: TestApp;
  let app: App;
  let feed: ChangeFeed;
  const BUDGET = 1024 * 1024;

  beforeAll(async () => {
    t = await createTestApp({ clockStart: START, env: { FIND_CACHE_MAX_MB: '1' } });
    feed = (await openChangeFeedFor(t.database))!;
    app = await buildApp({ config: t.config, db: t.database.db, jwtSecret: randomBytes(32).toString('hex'), clock: t.clock.now, changes: feed });
    await app.ready();
    await eventually(async () => expect(feed.live).toBe(true));
    const staff = await admin(app);
    for (let i = 0; i < 12; i++) await facility(app, staff, { name: `Flood Court ${i}`, sport: 'tennis' });
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it('never holds more than its budget after many distinct questions; the most recently used answers stay', async () => {
    const searches = cachesOf(app.ctx).searches;
    const ask = async (query: string, gzip = true) => {
      const res = await app.inject({ url: `/api/availability?${query}`, headers: gzip ? { 'accept-encoding': 'gzip' } : {} });
      expect(res.statusCode, res.body).toBe(200);
    };
    const keyOf = (date: string, from: string) => `${date}||${from}|`;
    const favourite = `date=${TOMORROW}&from=06:00`;
    // The first answers are kept once the facilities' own creation notices are heard.
    await eventually(async () => {
      await ask(favourite);
      expect(searches.get('*', keyOf(TOMORROW, '06:00'), t.clock.now().getTime())).toBeDefined();
    });
    // One answer counts its UTF-8 bytes and its gzipped bytes (and more: what repricing keeps).
    const body = Buffer.from((await app.inject({ url: `/api/availability?${favourite}` })).body);
    expect(searches.bytes).toBeGreaterThanOrEqual(body.length + gzipSync(body).length);

    let most = 0;
    for (let day = 1; day <= 30; day++) {
      for (const from of ['07:00', '08:00', '09:00']) {
        await ask(`date=${shiftDate(TOMORROW, day)}&from=${from}`, day % 2 === 0);
        most = Math.max(most, searches.bytes);
        expect(searches.bytes).toBeLessThanOrEqual(BUDGET);
        // Used all along: the favourite is never the one to go.
        await ask(favourite);
      }
    }
    // Full: some answers had to go, and the budget was used.
    expect(most).toBeGreaterThan(BUDGET / 2);
    expect(searches.size).toBeLessThan(90);
    const now = t.clock.now().getTime();
    expect(searches.get('*', keyOf(TOMORROW, '06:00'), now)).toBeDefined();
    expect(searches.get('*', keyOf(shiftDate(TOMORROW, 30), '09:00'), now)).toBeDefined();
    expect(searches.get('*', keyOf(shiftDate(TOMORROW, 1), '07:00'), now)).toBeUndefined();
  });

  it('a ChangeCache with a byte budget evicts the least recently used entries, never the one just kept', () => {
    const cache = new ChangeCache<string>(feed, { groupOf: () => '*', maxEntries: 1_000, maxBytes: 10, weigh: (v) => v.length });
    const now = Date.now();
    const keep = (key: string, value: string) => cache.store('*', key, value, cache.ticket(), now, now + 60_000);
    expect(keep('a', 'aaa')).toBe(true);
    expect(keep('b', 'bbb')).toBe(true);
    expect(keep('c', 'ccc')).toBe(true);
    expect(cache.bytes).toBe(9);
    expect(cache.get('*', 'a', now)).toBe('aaa');
    expect(keep('d', 'dd')).toBe(true);
    // b was the least recently used.
    expect(['a', 'b', 'c', 'd'].map((k) => cache.get('*', k, now) ?? null)).toEqual(['aaa', null, 'ccc', 'dd']);
    expect(cache.bytes).toBe(8);
    // Replacing an entry counts its new size only.
    expect(keep('d', 'dddd')).toBe(true);
    expect(cache.bytes).toBe(10);
    // An answer larger than the whole budget is not kept, and nothing else goes for it.
    expect(keep('e', 'e'.repeat(11))).toBe(false);
    expect(cache.bytes).toBe(10);
    expect(cache.size).toBe(3);
  });
});
