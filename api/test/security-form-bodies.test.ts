import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { siteBuilt } from '../src/plugins/site.ts';
import { listenLocally } from './support/race.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { passwordResetsSettled } from '../src/services/password-reset-service.ts';
import { PASSWORD, admin, book, customer, facility, openCheckout, uniqueEmail, type Actor } from './support/actors.ts';

const PUBLIC_BASE_URL = 'https://courts.example';

/**
 * A form on any website can post to us without a CORS preflight (urlencoded, multipart or plain
 * text bodies): only the routes a page of ours posts a form to read such bodies, and they check
 * that the form came from our own origin. Every other route takes JSON, which a foreign page
 * cannot send without our permission.
 */
describe('form bodies: only where our own pages post a form, and only from our origin', () => {
  let t: TestApp;
  let staff: Actor;
  let casey: Actor;
  let court: { _id: string };

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_BASE_URL }, clockStart: '2027-03-01T15:00:00Z' });
    staff = await admin(t.app);
    casey = await customer(t.app);
    court = await facility(t.app, staff);
  });
  afterAll(() => t?.close());

  /** Rows in every table a public route writes to, throttle counters included. */
  const stored = async () =>
    (
      await sql<Record<string, number>>`SELECT
        (SELECT count(*)::int FROM users) AS users,
        (SELECT count(*)::int FROM contact_messages) AS messages,
        (SELECT count(*)::int FROM outbox_messages) AS mails,
        (SELECT coalesce(sum(hits), 0)::int FROM throttle_buckets) AS hits,
        (SELECT count(*)::int FROM bookings) AS bookings,
        (SELECT count(*)::int FROM orders) AS orders`.execute(t.database.db)
    ).rows[0];

  const FORM_BODIES = [
    { type: 'application/x-www-form-urlencoded', body: (fields: Record<string, string>) => new URLSearchParams(fields).toString() },
    { type: 'text/plain', body: (fields: Record<string, string>) => JSON.stringify(fields) },
    { type: 'multipart/form-data; boundary=x', body: (fields: Record<string, string>) => Object.entries(fields).map(([k, v]) => `--x\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('') + '--x--\r\n' },
  ];

  const PUBLIC_ROUTES: { url: string; fields: () => Record<string, string> }[] = [
    { url: '/api/auth/signup', fields: () => ({ name: 'Forged Visitor', email: uniqueEmail('forged'), password: PASSWORD, phone: '555-0100', address: '1 Main St' }) },
    { url: '/api/auth/login', fields: () => ({ email: casey.email, password: 'a-guess-Pass-1' }) },
    { url: '/api/contact', fields: () => ({ name: 'Forged Visitor', email: uniqueEmail('forged'), subject: 'Hello', message: 'Sent by a page on another site.' }) },
    { url: '/api/auth/forgot-password', fields: () => ({ email: casey.email }) },
    { url: '/api/auth/reset-password', fields: () => ({ token: 'x'.repeat(43), password: 'a-new-Pass-word-9' }) },
  ];

  for (const route of PUBLIC_ROUTES) {
    it(`POST ${route.url} refuses a form body with 415 and stores nothing`, async () => {
      for (const form of FORM_BODIES) {
        const before = await stored();
        const res = await t.app.inject({ method: 'POST', url: route.url, headers: { 'content-type': form.type, origin: 'https://evil.example' }, payload: form.body(route.fields()) });
        expect(res.statusCode, form.type).toBe(415);
        expect(res.json()).toMatchObject({ success: false, statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'This address takes JSON only: send the body as application/json.' });
        expect(await stored(), form.type).toEqual(before);
      }
      // The same fields as JSON are read as always.
      const json = await t.app.inject({ method: 'POST', url: route.url, payload: route.fields() });
      expect(json.statusCode).not.toBe(415);
      await passwordResetsSettled(t.app.ctx);
    });
  }

  it('signed-in routes refuse a form body too', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/bookings', headers: { ...casey.auth, 'content-type': 'application/x-www-form-urlencoded' }, payload: `facility=${court._id}&date=2027-03-05&startTime=16:00&endTime=17:00` });
    expect(res.statusCode).toBe(415);
  });

  it("a request that only names a form type and carries no body is served (the back office's DELETEs come as text/plain with none)", async () => {
    const leaving = await customer(t.app, 'Leaving Customer');
    const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${leaving.id}`, headers: { ...staff.auth, 'content-type': 'text/plain' } });
    expect(res.statusCode, res.body).toBe(200);
  });

  describe('the sandbox pay page posts its Pay and Cancel forms', () => {
    const form = (url: string, signature: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, payload: `signature=${signature}` });
    const orderStatus = async (id: string) => (await t.database.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

    /** Another site, an opaque origin, a foreign page named only by its Referer, our host over another scheme. */
    const FOREIGN: Record<string, string>[] = [{ origin: 'https://evil.example' }, { origin: 'null' }, { referer: 'https://evil.example/pay' }, { origin: 'http://courts.example' }];

    it('a form sent from another origin (an opaque \'null\' one, or only a foreign Referer) is refused, and changes nothing', async () => {
      const hold = await book(t.app, casey, court._id, '2027-03-05', '10:00', '11:00');
      const { orderId, paymentUrl, signature } = await openCheckout(t.app, casey, [hold._id], 20);
      for (const action of ['confirm', 'cancel']) {
        for (const headers of FOREIGN) {
          const res = await form(`${paymentUrl}/${action}`, signature, headers);
          expect(res.statusCode, `${action} ${JSON.stringify(headers)}`).toBe(403);
          expect(res.json()).toMatchObject({ code: 'CROSS_SITE_FORM' });
        }
      }
      expect(await orderStatus(orderId)).toBe('pending');
    });

    it('the same forms from our own origin (the public address, or the address the page was served at) still pay and cancel', async () => {
      const paid = await book(t.app, casey, court._id, '2027-03-05', '12:00', '13:00');
      const pay = await openCheckout(t.app, casey, [paid._id], 20);
      const res = await form(`${pay.paymentUrl}/confirm`, pay.signature, { origin: PUBLIC_BASE_URL });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/payment/success?order=${pay.orderId}`);

      const dropped = await book(t.app, casey, court._id, '2027-03-05', '14:00', '15:00');
      const cancel = await openCheckout(t.app, casey, [dropped._id], 20);
      const host = 'localhost:3000';
      const res2 = await form(`${cancel.paymentUrl}/cancel`, cancel.signature, { host, referer: `http://${host}${cancel.paymentUrl}` });
      expect(res2.statusCode).toBe(303);
      expect(res2.headers.location).toBe(`/payment/cancelled?order=${cancel.orderId}`);
      expect(await orderStatus(cancel.orderId)).not.toBe('pending');
    });
  });
});

const SITE = siteBuilt(fileURLToPath(new URL('../../site/dist/', import.meta.url)));
if (!SITE) console.warn('\n!! security-form-bodies: site/dist is not built, so the site\'s own form (the no-JavaScript contact page) is SKIPPED here; `npm test` builds it first.\n');

/**
 * The site's one server-rendered form that works without JavaScript, the contact page, posts to
 * the page itself: Astro refuses a form from another origin (security.checkOrigin) before the
 * page forwards anything to the API.
 */
describe.skipIf(!SITE)("the site's own form (the no-JavaScript contact page): only from our origin (skipped when site/dist is not built)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ site: true, env: { PUBLIC_BASE_URL } });
    // The page forwards the message to the API over loopback, as in production: the app listens.
    await listenLocally(t.app);
  });
  afterAll(() => t?.close());

  const messages = async () => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM contact_messages`.execute(t.database.db)).rows[0]!.n;
  const post = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/contact-us',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', host: 'localhost:3000', ...headers },
      payload: new URLSearchParams({ name: 'Form Visitor', email: 'visitor@example.com', subject: 'Hello', message: 'Sent from a page.' }).toString(),
    });

  it('another origin is refused and stores nothing; our own page sends the message', async () => {
    const before = await messages();
    const foreign = await post({ origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(await messages()).toBe(before);
    const own = await post({ origin: 'http://localhost:3000' });
    expect(own.statusCode, own.body.replace(/[\s\S]*alert-error[^>]*>([^<]*)[\s\S]*/, '$1')).toBe(200);
    expect(own.body).toMatch(/Thank|sent|received/i);
    expect(await messages()).toBe(before + 1);
  });
});
