import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { acceptsGzip } from '../src/http/serialized.ts';
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
