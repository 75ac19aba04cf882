import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { describeOnPostgres } from './support/databases.ts';
import { PASSWORD, customer, login, uniqueEmail, type Actor } from './support/actors.ts';
import { listenLocally, race } from './support/race.ts';
import { startSmtp, type TestSmtp } from './support/smtp.ts';
import { buildApp, type App } from '../src/app.ts';
import { deliverMail } from '../src/mail/sender.ts';
import { passwordResetsSettled } from '../src/services/password-reset-service.ts';

const NEW_PASSWORD = 'brand-new-Pass-77';
const RESET_MAX_PER_DAY = 3;

/**
 * The secrets an account hands out besides its sessions (reset links, the calendar feed's
 * address) end with them, and reset mail is capped per account per day, earlier links kept.
 */
describe('reset links and the calendar feed end with the sessions; reset mail is capped per day', () => {
  let t: TestApp;
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_BASE_URL: 'https://courts.example', RESET_MAX_PER_DAY: String(RESET_MAX_PER_DAY) } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  const post = (url: string, payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload, headers });
  /** Asks for a link and sends it: the newest link's token. */
  const newResetLink = async (email: string) => {
    expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
    await passwordResetsSettled(t.app.ctx);
    await deliverMail(t.app.ctx);
    return resetTokens(email).at(-1)!;
  };
  const resetTokens = (email: string) =>
    smtp.to(email).flatMap((m) => /reset-password\?token=([\w-]+)/.exec(m.text ?? '')?.[1] ?? []);
  const reset = (token: string, password = NEW_PASSWORD) => post('/api/auth/reset-password', { token, password });
  const changePassword = (actor: Actor) =>
    t.app.inject({ method: 'PUT', url: '/api/auth/me', headers: actor.auth, payload: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD } });
  const signOutEverywhere = (actor: Actor) => post('/api/auth/logout', {}, actor.auth);
  const calendarLink = async (actor: Actor) => {
    const res = await t.app.inject({ url: '/api/auth/me/calendar', headers: actor.auth });
    expect(res.statusCode).toBe(200);
    return new URL(res.json().data.url as string).pathname;
  };
  const feed = (path: string) => t.app.inject({ url: path });

  /** Each way a password changes or every session ends, as the customer does it. */
  const endings: { name: string; end: (actor: Actor) => Promise<Actor> }[] = [
    { name: 'a password change in the profile', end: async (a) => (expect((await changePassword(a)).statusCode).toBe(200), login(t.app, a.email, NEW_PASSWORD)) },
    { name: 'a reset by another link', end: async (a) => (expect((await reset(await newResetLink(a.email))).statusCode).toBe(200), login(t.app, a.email, NEW_PASSWORD)) },
    { name: 'signing out everywhere', end: async (a) => (expect((await signOutEverywhere(a)).statusCode).toBe(200), login(t.app, a.email)) },
  ];

  for (const { name, end } of endings) {
    it(`${name} ends every unused reset link`, async () => {
      t.clock.advance(24 * 3_600_000);
      const casey = await customer(t.app);
      const earlier = await newResetLink(casey.email);
      await end(casey);
      const refused = await reset(earlier, 'yet-another-Pass-31');
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toMatch(/^RESET_TOKEN_/);
    });

    it(`${name} ends the calendar feed's address; the customer gets a new one that works`, async () => {
      t.clock.advance(24 * 3_600_000);
      const casey = await customer(t.app);
      const old = await calendarLink(casey);
      expect((await feed(old)).statusCode).toBe(200);
      const after = await end(casey);
      expect((await feed(old)).statusCode).toBe(404);
      if (name !== 'signing out everywhere') {
        await deliverMail(t.app.ctx);
        expect(smtp.only(casey.email, 'Your password was changed').text).toContain('your profile has the new one');
      }
      const renewed = await calendarLink(after);
      expect(renewed).not.toBe(old);
      expect((await feed(renewed)).statusCode).toBe(200);
    });
  }

  it('asking again keeps the earlier link valid until it expires or is used; using one ends the others', async () => {
    t.clock.advance(24 * 3_600_000);
    const casey = await customer(t.app);
    const first = await newResetLink(casey.email);
    const second = await newResetLink(casey.email);
    expect(second).not.toBe(first);
    expect((await reset(first)).statusCode).toBe(200);
    expect((await reset(second, 'yet-another-Pass-31')).json().code).toMatch(/^RESET_TOKEN_/);
    await login(t.app, casey.email, NEW_PASSWORD);
  });

  it(`reset mail is capped at RESET_MAX_PER_DAY (${RESET_MAX_PER_DAY}) per account per day, with the same answer as for no account`, async () => {
    t.clock.advance(24 * 3_600_000);
    const casey = await customer(t.app);
    const nobody = uniqueEmail('nobody');
    const answer = async (email: string) => {
      const res = await post('/api/auth/forgot-password', { email });
      await passwordResetsSettled(t.app.ctx);
      return { status: res.statusCode, body: res.body };
    };
    // Spread over the day, so the 15-minute limit never stops them.
    for (let i = 0; i < RESET_MAX_PER_DAY + 2; i++) {
      const mine = await answer(casey.email);
      expect(mine).toEqual(await answer(nobody));
      t.clock.advance(60 * 60_000);
    }
    await deliverMail(t.app.ctx);
    expect(resetTokens(casey.email)).toHaveLength(RESET_MAX_PER_DAY);
    // A day after the first, one more may go.
    t.clock.advance(24 * 3_600_000 - (RESET_MAX_PER_DAY + 2) * 60 * 60_000);
    await newResetLink(casey.email);
    expect(resetTokens(casey.email)).toHaveLength(RESET_MAX_PER_DAY + 1);
  });
});

// Processes (here, app instances on one database) each queue their own reset work: only the
// database can count them together. PGlite serves one connection at a time, so PostgreSQL only.
const title = 'the daily reset-mail cap under concurrent requests';
describeOnPostgres(`${title} (races over real HTTP on PostgreSQL)`, () => {
  const PROCESSES = 5;
  const CAP = 2;
  let t: TestApp;
  let apps: App[];
  let bases: string[];

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1', RESET_MAX_PER_DAY: String(CAP) } });
    const others = await Promise.all(
      Array.from({ length: PROCESSES - 1 }, () => buildApp({ config: t.config, db: t.database.db, jwtSecret: randomBytes(32).toString('hex'), clock: t.clock.now })),
    );
    apps = [t.app, ...others];
    bases = await Promise.all(apps.map((app) => listenLocally(app)));
  }, 60_000);
  afterAll(async () => {
    for (const app of apps.slice(1)) await app.close();
    await t?.close();
  });

  it(`${PROCESSES} requests at once through ${PROCESSES} processes, a cap of ${CAP} a day: exactly ${CAP} links are made and mailed`, async () => {
    const casey = await customer(t.app);
    const results = await race(
      bases.map((base, i) => async () => {
        const res = await fetch(`${base}/api/auth/forgot-password`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.18.1.${i + 1}` }, body: JSON.stringify({ email: casey.email }) });
        return res.status;
      }),
    );
    expect(results).toEqual(Array(PROCESSES).fill(200));
    await Promise.all(apps.map((app) => passwordResetsSettled(app.ctx)));
    const { rows } = await sql<{ links: number; mails: number }>`
      SELECT (SELECT count(*)::int FROM password_reset_tokens WHERE user_id = ${casey.id}) AS links,
             (SELECT count(*)::int FROM outbox_messages WHERE kind = 'password_reset' AND recipient = ${casey.email}) AS mails`.execute(t.database.db);
    expect(rows[0]).toEqual({ links: CAP, mails: CAP });
  });
});
