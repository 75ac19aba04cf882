import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { get } from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { acceptsGzip } from '../src/http/serialized.ts';
import { pageCodingFor } from '../src/http/page-compression.ts';
import { siteBuilt } from '../src/plugins/site.ts';
import { backend, createTestApp, type TestApp } from './support/test-app.ts';
import { admin, facility } from './support/actors.ts';

// Clock: 2027-03-01T15:00Z = Monday 10:00 in New York. Tomorrow is a whole free day.
const START = '2027-03-01T15:00:00Z';
const TOMORROW = '2027-03-02';
const BROWSER = 'gzip, deflate, br, zstd';

describe('Accept-Encoding: who is sent gzip', () => {
  it.each([
    ['gzip, deflate, br, zstd', true],
    ['GZIP', true],
    ['deflate, gzip;q=0.5', true],
    ['x-gzip', true],
    ['*', true],
    ['br;q=1, *;q=0.1', true],
    [undefined, false],
    ['', false],
    ['identity', false],
    ['br, zstd', false],
    ['gzip;q=0', false],
    ['gzip; q=0.000, br', false],
    ['*;q=0', false],
    ['*, gzip;q=0', false],
  ])('%j -> %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});

describe('Accept-Encoding: the coding a page is sent in', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['identity', undefined],
    [undefined, undefined],
    ['br;q=0, gzip;q=0', undefined],
  ])('%j -> %s', (header, expected) => {
    expect(pageCodingFor(header)).toBe(expected);
  });
});

describe(`large JSON answers travel gzipped to clients that accept it (${backend})`, () => {
  let t: TestApp;
  const search = `/api/availability?date=${TOMORROW}`;

  beforeAll(async () => {
    t = await createTestApp({ clockStart: START });
    const staff = await admin(t.app);
    // Enough facilities that a whole day's answer is several kilobytes.
    for (let i = 0; i < 6; i++) await facility(t.app, staff, { name: `Gzip Court ${i + 1}` });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("gzips a day's search for a browser, to the same JSON a plain client gets", async () => {
    const plain = await t.app.inject({ url: search });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.rawPayload.length).toBeGreaterThan(4_000);

    const zipped = await t.app.inject({ url: search, headers: { 'accept-encoding': BROWSER } });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(zipped.headers.vary).toBe('accept-encoding');
    expect(Number(zipped.headers['content-length'])).toBe(zipped.rawPayload.length);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    const unzipped = gunzipSync(zipped.rawPayload);
    expect(unzipped.toString()).toBe(plain.body);
    expect(JSON.parse(unzipped.toString()).data.facilities.map((f: { name: string }) => f.name)).toEqual(
      Array.from({ length: 6 }, (_, i) => `Gzip Court ${i + 1}`),
    );
  });

  it('sends the same compressed bytes again for the same cached answer', async () => {
    const a = await t.app.inject({ url: search, headers: { 'accept-encoding': 'gzip' } });
    const b = await t.app.inject({ url: search, headers: { 'accept-encoding': 'gzip' } });
    expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
  });

  it('sends plain JSON to a client that refuses gzip', async () => {
    const res = await t.app.inject({ url: search, headers: { 'accept-encoding': 'gzip;q=0, br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().data.facilities).toHaveLength(6);
  });

  it('leaves a small answer as it is (gzip would save next to nothing)', async () => {
    const res = await t.app.inject({ url: `/api/availability?date=${TOMORROW}&sport=squash`, headers: { 'accept-encoding': BROWSER } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1_024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().data.facilities).toEqual([]);
  });

  it('gzips the facility list and a facility day the same way', async () => {
    for (const url of ['/api/facility', `/api/check-availability?date=${TOMORROW}&facility=${(await t.app.inject({ url: '/api/facility' })).json().data[0]._id}`]) {
      const plain = await t.app.inject({ url });
      const zipped = await t.app.inject({ url, headers: { 'accept-encoding': BROWSER } });
      expect(plain.statusCode, plain.body).toBe(200);
      if (plain.rawPayload.length < 1_024) {
        expect(zipped.headers['content-encoding'], url).toBeUndefined();
      } else {
        expect(zipped.headers['content-encoding'], url).toBe('gzip');
        expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
      }
    }
  });
});

const siteDist = fileURLToPath(new URL('../../site/dist/', import.meta.url));
const SITE = siteBuilt(siteDist);
if (!SITE) console.warn(`\n${'!'.repeat(78)}\n!! compression.test.ts: site/dist is NOT built: the pages' compression is NOT checked.\n!! Run \`npm run build\` first.\n${'!'.repeat(78)}\n`);

/** One raw exchange over the socket: the bytes as sent, not decoded. */
function rawGet(base: string, path: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

describe.skipIf(!SITE)(`site pages travel compressed to browsers that ask (${backend}; skipped when site/dist is not built)`, () => {
  let t: TestApp;
  let base = '';
  const find = `/find?date=${TOMORROW}`;

  beforeAll(async () => {
    t = await createTestApp({ clockStart: START, site: true });
    // Pages rendered on demand call the API over loopback: it must listen.
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const staff = await admin(t.app);
    for (let i = 0; i < 6; i++) await facility(t.app, staff, { name: `Page Court ${i + 1}` });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['a page rendered on demand (Find a court)', find],
    ['a prerendered page', '/about-us'],
  ])('%s: brotli, gzip or plain as asked, the same HTML each way', async (_name, path) => {
    const plain = await rawGet(base, path, { accept: 'text/html' });
    expect(plain.status, plain.body.toString()).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/^text\/html/);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const html = plain.body.toString();
    expect(html).toMatch(/^<!DOCTYPE html>/i);

    const br = await rawGet(base, path, { accept: 'text/html', 'accept-encoding': BROWSER });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    // The page's own policy and the security headers travel with the compressed page too.
    expect(br.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
    expect(br.headers['strict-transport-security']).toBeDefined();
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(brotliDecompressSync(br.body).toString()).toBe(html);

    const gz = await rawGet(base, path, { accept: 'text/html', 'accept-encoding': 'gzip, deflate' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(html);

    const refused = await rawGet(base, path, { accept: 'text/html', 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.toString()).toBe(html);
  });

  it("leaves what is not a page as it was: a redirect, the site's precompressed scripts, the API's JSON", async () => {
    const redirect = await rawGet(base, '/dashboard/facilities', { accept: 'text/html', 'accept-encoding': BROWSER });
    expect(redirect.status).toBe(302);
    expect(redirect.headers['content-encoding']).toBeUndefined();
    // A script the build compressed itself (scripts/precompress.ts) is sent as that file: once, not compressed again.
    const script = readdirSync(join(siteDist, 'client', '_astro')).find((name) => name.endsWith('.js.br'))!.replace(/\.br$/, '');
    const js = await rawGet(base, `/_astro/${script}`, { 'accept-encoding': BROWSER });
    expect(js.status).toBe(200);
    expect(js.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(js.body).equals(readFileSync(join(siteDist, 'client', '_astro', script)))).toBe(true);
    const search = await rawGet(base, `/api/availability?date=${TOMORROW}`, { 'accept-encoding': BROWSER });
    expect(search.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(search.body).toString()).data.facilities).toHaveLength(6);
  });
});
