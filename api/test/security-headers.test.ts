/**
 * The security pass, the fast part (the long one is `npm run prove security`): every kind
 * of response carries the security headers, each page agrees with its own policy, no other
 * origin gets a CORS grant, X-Forwarded-For cannot reset the login throttle, and every stored
 * password hash is argon2id with the stated parameters. Through app.inject with the built site
 * and back office mounted when they exist; answers Fastify writes outside its hooks (a
 * malformed URL, the 503 while closing) over a real socket.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { PASSWORD, admin, book, customer, facility, login, openCheckout, uniqueEmail, type Actor } from './support/actors.ts';
import { eventually } from './support/expect.ts';
import { siteBuilt } from '../src/plugins/site.ts';
import { backOfficeBuilt } from '../src/plugins/back-office.ts';
import { corsGrant, pagePolicyProblems, rawExchange, rawResponses, securityHeaderProblems } from '../../harness/security-checks.ts';
import { argon2Problems } from '../../harness/argon2.ts';
import { siteProbes } from '../../harness/site-probes.ts';

const siteDist = fileURLToPath(new URL('../../site/dist/', import.meta.url));
const adminDist = fileURLToPath(new URL('../../admin/dist/', import.meta.url));
const SITE = siteBuilt(siteDist) && backOfficeBuilt(adminDist);
if (!SITE) {
  console.warn(
    `\n${'!'.repeat(78)}\n!! security-headers.test.ts: site/dist or admin/dist is NOT built, so the site pages,\n` +
      `!! their policies, static assets and /admin/ are NOT checked here: only the API routes.\n` +
      `!! Run \`npm run build\` first (npm test builds first; under CI a skip here fails the run).\n${'!'.repeat(78)}\n`,
  );
}

interface Case {
  name: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS' | 'PATCH';
  url: string;
  headers?: Record<string, string>;
  payload?: string | object;
  remoteAddress?: string;
  status: number;
}

let t: TestApp;
let base = '';
let staff: Actor;
let casey: Actor;
let court: { _id: string };
let payUrl = '';

beforeAll(async () => {
  t = await createTestApp({ site: SITE });
  // Listening too: on-demand site pages call the API over loopback, and raw answers need a socket.
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  staff = await admin(t.app);
  casey = await customer(t.app);
  court = await facility(t.app, staff);
  const hold = await book(t.app, casey, court._id, '2027-03-05', '10:00', '11:00');
  payUrl = (await openCheckout(t.app, casey, [hold._id], hold.payableAmount)).paymentUrl;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

async function expectHeaders(c: Case) {
  const res = await t.app.inject({ method: c.method ?? 'GET', url: c.url, headers: c.headers, payload: c.payload, ...(c.remoteAddress ? { remoteAddress: c.remoteAddress } : {}) });
  expect(res.statusCode, `${c.name}: ${c.method ?? 'GET'} ${c.url} -> ${res.body.slice(0, 200)}`).toBe(c.status);
  expect(securityHeaderProblems(res.headers), `${c.name} (${c.url})`).toEqual([]);
  expect(corsGrant(res.headers), `${c.name} (${c.url})`).toBeUndefined();
  if (String(res.headers['content-type'] ?? '').includes('text/html')) {
    expect(pagePolicyProblems(res.body, String(res.headers['content-security-policy'])), `${c.name} (${c.url})`).toEqual([]);
  }
  return res;
}

const html = { accept: 'text/html' };

describe('security headers on every kind of response', () => {
  const apiCases = (): Case[] => [
    { name: 'API JSON', url: '/api/facility', status: 200 },
    { name: 'API JSON by id', url: `/api/facility/${court._id}`, status: 200 },
    { name: 'redirect of a browser to the page', url: `/api/facility/${court._id}`, headers: html, status: 302 },
    { name: 'health', url: '/api/health', status: 200 },
    { name: '400 invalid id', url: '/api/facility/not-a-uuid', status: 400 },
    { name: '400 broken JSON', method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":', status: 400 },
    { name: '401 no token', url: '/api/bookings', status: 401 },
    { name: '403 customer on a staff route', url: '/api/bookings', headers: casey.auth, status: 403 },
    { name: '404 API', url: '/api/no-such-route', status: 404 },
    { name: '404 unknown method', method: 'PATCH', url: '/api/health', status: 404 },
    { name: '413 body too large', method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ message: 'x'.repeat(t.config.bodyLimitBytes + 10) }), status: 413 },
    { name: '415 unsupported body type', method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/xml' }, payload: '<login/>', status: 415 },
    { name: 'sandbox pay page', url: payUrl, status: 200 },
    { name: 'sandbox pay: bad signature', method: 'POST', url: `${payUrl}/confirm`, payload: { signature: 'f'.repeat(64) }, status: 400 },
    { name: 'API docs', url: '/api/docs/json', status: 200 },
    { name: 'API docs UI', url: '/api/docs', headers: html, status: 200 },
    { name: 'image', url: '/images/avatar.svg', status: 200 },
    { name: 'back office', url: '/admin/', headers: html, status: 200 },
    { name: 'back office redirect', url: '/admin', headers: html, status: 301 },
  ];

  it('API routes, errors, redirects, the pay page, docs, images and /admin/', async () => {
    for (const c of apiCases()) await expectHeaders(c);
  });

  it('a 429 (locked login) and a 500 (the database fails) carry them too', async () => {
    const email = uniqueEmail('lock');
    for (let i = 0; i <= t.config.loginMaxAttempts; i++) {
      await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: `wrong-${i}` }, remoteAddress: '192.0.2.77' });
    }
    await expectHeaders({ name: '429', method: 'POST', url: '/api/auth/login', payload: { email, password: 'wrong' }, remoteAddress: '192.0.2.77', status: 429 });

    // A real failure, not a mock: the table the route reads is briefly gone.
    await sql`ALTER TABLE bookings RENAME TO bookings_hidden`.execute(t.database.db);
    try {
      const res = await expectHeaders({ name: '500', url: `/api/bookings/user/${casey.id}`, headers: casey.auth, status: 500 });
      expect(res.body).not.toMatch(/bookings_|relation|SELECT/i);
    } finally {
      await sql`ALTER TABLE bookings_hidden RENAME TO bookings`.execute(t.database.db);
    }
  });

  it.skipIf(!SITE)('site pages (prerendered and on demand), redirects, the 404 page and static assets (skipped when site/dist is not built)', async () => {
    const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));
    const cases: Case[] = siteProbes(repositoryRoot, court._id).map((p) => ({ name: p.name, method: p.method, url: p.path, headers: p.headers, payload: p.body, status: p.status }));
    for (const c of cases) await expectHeaders(c);
    // The site's pages run no inline script but by hash.
    const home = await t.app.inject({ url: '/', headers: html });
    expect(String(home.headers['content-security-policy'])).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });

  it.skipIf(!SITE)('a page whose API call fails (502 from Astro) carries them (skipped when site/dist is not built)', async () => {
    // The site's pages call the API where this server listens: make that a closed port.
    const listening = vi.spyOn(t.app.server, 'address').mockReturnValue({ address: '127.0.0.1', family: 'IPv4', port: 9 });
    try {
      await expectHeaders({ name: 'list without its API', url: '/facilities-list', headers: html, status: 502 });
    } finally {
      listening.mockRestore();
    }
  });

  it('the checkers themselves refuse what they should (a blocked page, missing headers, other hashes)', () => {
    const page = '<html><head><script>alert(1)</script><style>p{}</style></head><body><p style="x" onclick="y">x</p></body></html>';
    const problems = pagePolicyProblems(page, "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self'");
    expect(problems).toEqual([
      "script-src allows 'unsafe-inline'",
      'inline script not in the policy: alert(1)…',
      'inline style not in the policy: p{}…',
      'a style="" attribute the policy blocks',
    ]);
    expect(pagePolicyProblems(page.replace(' onclick="y"', ''), "script-src 'self'; style-src 'self' 'unsafe-inline'")).toEqual(['inline script not in the policy: alert(1)…']);
    expect(securityHeaderProblems({ 'content-security-policy': "default-src 'self'" })).toHaveLength(6);
    expect(argon2Problems('$argon2id$v=19$m=19456,p=1,t=2$c2FsdHNhbHQ$ZGlnZXN0')).toEqual([]);
    expect(argon2Problems('$argon2i$v=19$m=4096,t=3,p=1$c2FsdHNhbHQ$ZGlnZXN0')).toEqual(['algorithm argon2i, not argon2id', 'm=4096, not 19456', 't=3, not 2']);
    expect(argon2Problems('$2b$10$abcdefghijklmnopqrstuv')).not.toEqual([]);
  });
});

describe('answers written outside Fastify hooks, over a real socket', () => {
  it('400 for a malformed URL', async () => {
    const res = await fetch(`${base}/api/%E0%A4%A`);
    expect(res.status).toBe(400);
    expect(securityHeaderProblems(res.headers)).toEqual([]);
  });

  it('no CORS grant for another origin, on a preflight or a real request', async () => {
    for (const url of ['/api/facility', '/api/auth/login', '/api/bookings', ...(SITE ? ['/', '/about-us'] : [])]) {
      const preflight = await fetch(`${base}${url}`, {
        method: 'OPTIONS',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
      });
      expect(corsGrant(preflight.headers), `OPTIONS ${url}`).toBeUndefined();
      const plain = await fetch(`${base}${url}`, { headers: { origin: 'https://evil.example' } });
      expect(corsGrant(plain.headers), `GET ${url}`).toBeUndefined();
    }
  });

  // Last: it closes the app. A request in flight keeps its socket open; the next one on that
  // socket arrives while the server is closing and gets Fastify's raw 503.
  it('503 while the server is closing', async () => {
    const body = JSON.stringify({ email: uniqueEmail('closing'), password: 'not-the-password' });
    const head = `POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const closing: Promise<unknown>[] = [];
    const port = Number(new URL(base).port);
    const received = await rawExchange(
      port,
      head + body.slice(0, 5),
      async () => {
        closing.push(t.app.close());
        // Fastify marks itself closing before it stops listening: from then on, requests get its 503.
        await eventually(async () => expect(t.app.server.listening).toBe(false));
      },
      `${body.slice(5)}GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    await Promise.all(closing);
    const unavailable = rawResponses(received).find((r) => r.status === 503);
    expect(unavailable, received.slice(0, 500)).toBeDefined();
    expect(securityHeaderProblems(unavailable!.headers)).toEqual([]);
  });
});

describe('login throttling and X-Forwarded-For (TRUST_PROXY unset)', () => {
  it('50 failures from one socket lock it, whatever X-Forwarded-For claims; another socket is unaffected', async () => {
    const app = await createTestApp();
    try {
      expect(app.config.trustProxy).toBe(false);
      const perSocket = app.config.loginMaxAttempts * 5;
      expect(perSocket).toBe(50);
      const victim = await customer(app.app, 'Vic Victim');
      for (let i = 0; i < perSocket; i++) {
        // A new email each time, so only the per-address limit can lock.
        const res = await app.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: uniqueEmail('spray'), password: 'guess-guess-1' },
          headers: { 'x-forwarded-for': `203.0.113.${i + 1}, 198.51.100.${i + 1}` },
          remoteAddress: '192.0.2.10',
        });
        expect(res.statusCode).toBe(401);
      }
      for (const xff of ['198.51.100.250', '10.0.0.1', '192.0.2.99, 127.0.0.1']) {
        const res = await app.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: victim.email, password: PASSWORD },
          headers: { 'x-forwarded-for': xff, 'x-real-ip': xff, forwarded: `for=${xff}` },
          remoteAddress: '192.0.2.10',
        });
        expect(res.statusCode, `X-Forwarded-For: ${xff}`).toBe(429);
        expect(securityHeaderProblems(res.headers)).toEqual([]);
      }
      const elsewhere = await app.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: victim.email, password: PASSWORD }, remoteAddress: '192.0.2.11' });
      expect(elsewhere.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  }, 60_000);
});

describe('stored password hashes', () => {
  it('are all argon2id m=19456,t=2,p=1: sign-up, admins (created and first), changed passwords', async () => {
    const app = await createTestApp({ env: { ADMIN_EMAIL: 'first.admin@example.com', ADMIN_PASSWORD: 'first-Admin-Pass-42' } });
    try {
      const { ensureFirstAdmin } = await import('../src/services/bootstrap.ts');
      await ensureFirstAdmin(app.app.ctx);
      const first = await login(app.app, 'first.admin@example.com', 'first-Admin-Pass-42');
      const signedUp = await customer(app.app, 'Sam Signup');
      const created = await app.app.inject({
        method: 'POST',
        url: '/api/users/admin',
        headers: first.auth,
        payload: { name: 'Cleo Created', email: uniqueEmail('created'), password: 'created-Admin-Pass-42', phone: '555-0111', address: 'Office' },
      });
      expect(created.statusCode, created.body).toBe(201);
      const before = await app.database.db.selectFrom('users').select('password_hash').where('id', '=', signedUp.id).executeTakeFirstOrThrow();
      const changed = await app.app.inject({ method: 'PUT', url: '/api/auth/me', headers: signedUp.auth, payload: { currentPassword: PASSWORD, newPassword: 'changed-Pass-word-42' } });
      expect(changed.statusCode, changed.body).toBe(200);
      await login(app.app, signedUp.email, 'changed-Pass-word-42');

      const rows = await app.database.db.selectFrom('users').select(['email', 'password_hash']).execute();
      expect(rows.length).toBe(3);
      // argon2id v=19 m=19456 t=2 p=1, field by field (the argon2 package writes them m,p,t).
      for (const row of rows) expect(argon2Problems(String(row.password_hash)), `${row.email}: ${String(row.password_hash).slice(0, 40)}`).toEqual([]);
      const after = rows.find((r) => r.email === signedUp.email)!;
      expect(after.password_hash).not.toBe(before.password_hash);
    } finally {
      await app.close();
    }
  }, 60_000);
});
