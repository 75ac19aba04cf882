import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { ERROR_CODES, type ErrorCode } from '@courtside/domain';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, customer, facility, type Actor } from './support/actors.ts';

const UNKNOWN_ID = '3f0c6a52-2b1d-4c8e-9a57-0d6f1e2b3c4d';
const CONTACT_MAX = 3;

describe('the HTTP contract', () => {
  let t: TestApp;
  let staff: Actor;
  let casey: Actor;
  /** Every body this file receives, checked for leaks at the end. */
  const seen: { url: string; status: number; body: string }[] = [];

  const call = async (opts: InjectOptions): Promise<LightMyRequestResponse> => {
    const res = await t.app.inject(opts);
    seen.push({ url: String(opts.url), status: res.statusCode, body: res.body });
    return res;
  };
  const expectErrorEnvelope = (res: LightMyRequestResponse, status: number, code?: ErrorCode) => {
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json();
    expect(body).toEqual({
      success: false,
      statusCode: status,
      code: code ?? expect.any(String),
      message: expect.any(String),
      errorMessages: expect.arrayContaining([{ path: expect.any(String), message: expect.any(String) }]),
    });
    expect(body.message.length).toBeGreaterThan(0);
    expect(body.errorMessages.length).toBeGreaterThan(0);
    expect(ERROR_CODES).toContain(body.code);
    return body as { message: string; errorMessages: { path: string; message: string }[] };
  };
  const contact = (n: number, remoteAddress: string) =>
    call({
      method: 'POST',
      url: '/api/contact',
      remoteAddress,
      payload: { name: `Sender ${n}`, email: `sender${n}@example.com`, subject: `Subject ${n}`, message: `Message number ${n}` },
    });

  beforeAll(async () => {
    t = await createTestApp({ env: { BODY_LIMIT_BYTES: '2000', CONTACT_MAX_MESSAGES: String(CONTACT_MAX) } });
    staff = await admin(t.app);
    casey = await customer(t.app);
  });
  afterAll(() => t?.close());

  describe('bad input gives a 4xx envelope, never a 5xx', () => {
    it('malformed JSON is 400 with the error envelope', async () => {
      const res = await call({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email": "a@example.com", ' });
      expectErrorEnvelope(res, 400);
      const booking = await call({ method: 'POST', url: '/api/bookings', headers: { ...casey.auth, 'content-type': 'application/json' }, payload: '{facility:' });
      expectErrorEnvelope(booking, 400);
    });

    it('a body over BODY_LIMIT_BYTES is 413', async () => {
      const res = await call({
        method: 'POST',
        url: '/api/contact',
        remoteAddress: '10.0.0.99',
        payload: { name: 'Big', email: 'big@example.com', subject: 'Big', message: 'x'.repeat(3000) },
      });
      expectErrorEnvelope(res, 413, 'PAYLOAD_TOO_LARGE');
      const stored = await t.database.db.selectFrom('contact_messages').selectAll().where('name', '=', 'Big').execute();
      expect(stored).toHaveLength(0);
      // Just under the limit is fine.
      const fits = await call({ method: 'POST', url: '/api/contact', remoteAddress: '10.0.0.98', payload: { name: 'Fits', email: 'fits@example.com', subject: 'Fits', message: 'x'.repeat(1500) } });
      expect(fits.statusCode).toBe(201);
    });

    it('a __proto__ key is refused with 400', async () => {
      const res = await call({
        method: 'POST',
        url: '/api/contact',
        remoteAddress: '10.0.0.97',
        headers: { 'content-type': 'application/json' },
        payload: '{"__proto__":{"x":1},"name":"P","email":"p@example.com","subject":"s","message":"m"}',
      });
      expectErrorEnvelope(res, 400);
      const bare = await call({ method: 'POST', url: '/api/contact', remoteAddress: '10.0.0.97', headers: { 'content-type': 'application/json' }, payload: '{"__proto__":{"x":1}}' });
      expectErrorEnvelope(bare, 400);
      expect(({} as Record<string, unknown>).x).toBeUndefined();
    });

    it('wrong types are 400 naming the field', async () => {
      const res = await call({
        method: 'POST',
        url: '/api/facility',
        headers: staff.auth,
        payload: { name: 'Typed Court', location: 'x', pricePerHour: 'abc', description: 'd', imageUrl: '/i.svg' },
      });
      const body = expectErrorEnvelope(res, 400, 'VALIDATION_FAILED');
      expect(body.errorMessages[0]!.path).toBe('pricePerHour');
      expect(body.message).toContain('pricePerHour');

      const booking = await call({ method: 'POST', url: '/api/bookings', headers: casey.auth, payload: { facility: UNKNOWN_ID, date: 20270302, startTime: '10:00', endTime: '11:00' } });
      expect(expectErrorEnvelope(booking, 400).errorMessages[0]!.path).toBe('date');
      const array = await call({ method: 'POST', url: '/api/contact', remoteAddress: '10.0.0.96', headers: { 'content-type': 'application/json' }, payload: '[1,2]' });
      expectErrorEnvelope(array, 400);
    });

    it('a NUL character in text is 400, not 500', async () => {
      const res = await call({ method: 'POST', url: '/api/contact', remoteAddress: '10.0.0.95', payload: { name: 'Nul\u0000Byte', email: 'nul@example.com', subject: 's', message: 'm' } });
      expectErrorEnvelope(res, 400);
      const q = await call({ url: '/api/facility?q=a%00b' });
      expectErrorEnvelope(q, 400);
    });

    it('an unknown /api route is a 404 JSON envelope', async () => {
      const res = await call({ url: '/api/no-such-thing' });
      const body = expectErrorEnvelope(res, 404, 'ROUTE_NOT_FOUND');
      expect(body.message).toContain('/api/no-such-thing');
      const post = await call({ method: 'POST', url: '/api/facility/extra/segments', payload: {} });
      expectErrorEnvelope(post, 404);
    });

    it('SQL-looking input reaches nothing', async () => {
      const sort = await call({ url: `/api/admin/facilities?sort=${encodeURIComponent('["name; DROP TABLE users; --","ASC"]')}`, headers: staff.auth });
      expect(expectErrorEnvelope(sort, 400, 'BAD_LIST_QUERY').errorMessages[0]!.path).toBe('sort');
      const q = await call({ url: `/api/facility?q=${encodeURIComponent("' OR 1=1 --")}` });
      expect(q.statusCode).toBe(200);
      expect(q.json().data).toEqual([]);
      const id = await call({ url: `/api/facility/${encodeURIComponent("1' OR '1'='1")}` });
      expect(expectErrorEnvelope(id, 400).errorMessages[0]!.path).toBe('id');
    });
  });

  describe('headers', () => {
    it('API responses carry the security headers', async () => {
      for (const url of ['/api/health', '/api/facility', '/api/no-such-thing']) {
        const res = await call({ url });
        const csp = String(res.headers['content-security-policy']);
        expect(csp, url).toContain("object-src 'none'");
        expect(csp).toContain('base-uri');
        expect(csp).toContain('frame-ancestors');
        expect(String(res.headers['strict-transport-security'])).toMatch(/max-age=\d+/);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['referrer-policy']).toEqual(expect.any(String));
        expect(res.headers['x-powered-by']).toBeUndefined();
      }
    });

    it('no other origin is granted access (no CORS)', async () => {
      const origin = 'https://evil.example';
      const get = await call({ url: '/api/facility', headers: { origin } });
      expect(get.statusCode).toBe(200);
      expect(get.headers['access-control-allow-origin']).toBeUndefined();
      expect(get.headers['access-control-allow-credentials']).toBeUndefined();
      const preflight = await call({ method: 'OPTIONS', url: '/api/bookings', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' } });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
    });
  });

  describe('small routes', () => {
    it('GET /api/health answers {status: ok} with the mail backlog', async () => {
      const res = await call({ url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok', mail: { pending: expect.any(Number), oldestSeconds: expect.any(Number) } });
    });

    it('POST /api/contact stores a message that admins read newest first', async () => {
      const first = await contact(1, '10.1.0.1');
      expect(first.statusCode).toBe(201);
      expect(first.json()).toMatchObject({ success: true, statusCode: 201, message: 'Thank you! Your message has been sent.', data: { name: 'Sender 1', email: 'sender1@example.com', subject: 'Subject 1', message: 'Message number 1' } });
      const second = await contact(2, '10.1.0.2');
      expect(second.statusCode).toBe(201);

      const row = await t.database.db.selectFrom('contact_messages').selectAll().where('id', '=', first.json().data._id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ name: 'Sender 1', subject: 'Subject 1', message: 'Message number 1' });

      const list = await call({ url: '/api/admin/messages', headers: staff.auth });
      expect(list.statusCode).toBe(200);
      const records = list.json() as { id: string; name: string; createdAt: string }[];
      const names = records.map((r) => r.name);
      expect(names.indexOf('Sender 2')).toBeGreaterThanOrEqual(0);
      expect(names.indexOf('Sender 2')).toBeLessThan(names.indexOf('Sender 1'));
      const times = records.map((r) => Date.parse(r.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(records.find((r) => r.name === 'Sender 1')!.id).toBe(first.json().data._id);
      expect(list.headers['content-range']).toBe(`messages 0-${records.length - 1}/${records.length}`);

      expect((await call({ url: '/api/admin/messages', headers: casey.auth })).statusCode).toBe(403);
      expect((await call({ url: '/api/admin/messages' })).statusCode).toBe(401);
    });

    it(`POST /api/contact is throttled after CONTACT_MAX_MESSAGES (${CONTACT_MAX}) with 429 and Retry-After`, async () => {
      const ip = '10.2.0.1';
      for (let n = 0; n < CONTACT_MAX; n++) expect((await contact(100 + n, ip)).statusCode).toBe(201);
      const over = await contact(199, ip);
      const body = expectErrorEnvelope(over, 429, 'TOO_MANY_REQUESTS');
      expect(body.message.length).toBeGreaterThan(0);
      const retryAfter = Number(over.headers['retry-after']);
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(10 * 60);
      const stored = await t.database.db.selectFrom('contact_messages').selectAll().where('name', '=', 'Sender 199').execute();
      expect(stored).toHaveLength(0);
      // Another sender is not affected; after the window the first one may write again.
      expect((await contact(200, '10.2.0.2')).statusCode).toBe(201);
      t.clock.advance(11 * 60_000);
      expect((await contact(201, ip)).statusCode).toBe(201);
    });

    it('GET /api/docs/json is an OpenAPI document with the documented paths', async () => {
      const res = await call({ url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
      const doc = res.json();
      expect(doc.openapi).toMatch(/^3\./);
      expect(doc.info.title).toEqual(expect.any(String));
      for (const path of ['/api/bookings', '/api/check-availability', '/api/facility', '/api/order/create', '/api/auth/login', '/api/contact', '/api/health']) {
        expect(Object.keys(doc.paths), path).toContain(path);
      }
      expect(doc.paths['/api/bookings']).toHaveProperty('post');
      expect(doc.paths['/api/bookings']).toHaveProperty('get');
      expect(doc.paths['/api/check-availability']).toHaveProperty('get');
      expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
      const docsUi = await call({ url: '/api/docs' });
      expect([200, 302]).toContain(docsUi.statusCode);
    });
  });

  describe('leaks', () => {
    it('a spread of failing requests never shows a stack trace or SQL', async () => {
      const court = await facility(t.app, staff);
      const probes: InjectOptions[] = [
        { method: 'POST', url: '/api/bookings', headers: casey.auth, payload: { facility: court._id, date: '2027-03-02', startTime: '10:30', endTime: '11:00' } },
        { method: 'POST', url: '/api/bookings', headers: casey.auth, payload: { facility: UNKNOWN_ID, date: '2027-03-02', startTime: '10:00', endTime: '11:00' } },
        { method: 'PUT', url: `/api/bookings/${UNKNOWN_ID}`, headers: casey.auth, payload: { startTime: '10:00' } },
        { method: 'DELETE', url: '/api/bookings/not-a-uuid', headers: casey.auth },
        { url: `/api/admin/bookings?filter=${encodeURIComponent('{"id":["x"]}')}`, headers: staff.auth },
        { url: `/api/admin/bookings?range=${encodeURIComponent('[5,1]')}`, headers: staff.auth },
        { url: '/api/facility?maxPrice=1e308' },
        { url: `/api/check-availability?date=2027-13-01&facility=${court._id}` },
        { method: 'POST', url: '/api/order/create', headers: casey.auth, payload: { user: { name: 'a', email: 'a@example.com', phone: '1', address: 'x' }, totalPayableAmount: 10, bookingIds: [{ bookingId: UNKNOWN_ID }] } },
        { method: 'POST', url: `/pay/${UNKNOWN_ID}/confirm`, payload: { signature: 'ab' } },
        { method: 'POST', url: '/api/auth/signup', payload: { name: 'Dup', email: casey.email.toUpperCase(), password: 'court-side-Pass-42', phone: '1', address: 'x' } },
        { url: '/api/auth/me', headers: { authorization: 'Bearer not.a.token' } },
      ];
      for (const probe of probes) {
        const res = await call(probe);
        expect(res.statusCode, `${probe.method ?? 'GET'} ${probe.url}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${probe.method ?? 'GET'} ${probe.url}: ${res.body}`).toBeLessThan(500);
      }
      expect(seen.length).toBeGreaterThan(40);
      for (const { url, status, body } of seen) {
        expect(status, url).toBeLessThan(500);
        expect(body, url).not.toMatch(/\n\s+at /);
        // A source position is a stack frame's mark. Searched for alone: `at .+` before it retried the rest of the
        // line from every "at ", and the OpenAPI document is one long line (22 s of the test, measured).
        expect(body, url).not.toMatch(/\.(ts|js):\d+:\d+/);
        expect(body, url).not.toMatch(/\b(SELECT|INSERT|UPDATE|DELETE FROM)\b/);
        expect(body, url).not.toMatch(/node_modules|\/work\//);
      }
    });
  });
});
