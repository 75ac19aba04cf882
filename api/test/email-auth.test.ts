import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { PASSWORD, admin, customer, login, uniqueEmail, type Actor } from './support/actors.ts';
import { startSmtp, type TestSmtp } from './support/smtp.ts';
import { deliverMail } from '../src/mail/sender.ts';
import { passwordResetsSettled } from '../src/services/password-reset-service.ts';

/** Welcome, password reset and change, and staff notices, as they arrive over SMTP. */
describe('account email', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  const NEW_PASSWORD = 'brand-new-Pass-77';
  const NOT_VALID = { statusCode: 400, message: 'This reset link is not valid. Ask for a new one.', errorMessages: [expect.objectContaining({ path: 'token' })] };

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_BASE_URL: 'https://courts.example', VENUE_NAME: 'Riverside Courts', VENUE_ADDRESS: '1 River Rd', VENUE_CONTACT: 'desk@courts.example' } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  const send = () => deliverMail(t.app.ctx);
  const post = (url: string, payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload, headers });
  /** Asks for a reset link, and waits for the work done after the answer (the link queued). */
  const forgot = async (email: string) => {
    const res = await post('/api/auth/forgot-password', { email });
    await passwordResetsSettled(t.app.ctx);
    return res;
  };
  const reset = (token: string, password = NEW_PASSWORD) => post('/api/auth/reset-password', { token, password });
  /** The token of the newest reset email to `email`. */
  const resetToken = (email: string) => {
    const mails = smtp.to(email).filter((m) => m.subject?.startsWith('Reset your password'));
    const link = /https:\/\/courts\.example\/reset-password\?token=([\w-]+)/.exec(mails.at(-1)?.text ?? '');
    if (!link) throw new Error(`no reset link to ${email}`);
    return link[1]!;
  };
  const me = (actor: Actor) => t.app.inject({ url: '/api/auth/me', headers: actor.auth });

  it('a new customer is welcomed, signed with the venue', async () => {
    const casey = await customer(t.app, 'Casey <script>');
    await send();
    const mail = smtp.only(casey.email, 'Welcome');
    expect(mail.subject).toBe('Welcome - Riverside Courts');
    expect(mail.text).toContain('Hello Casey <script>,');
    expect(mail.text).toContain('1 River Rd');
    expect(mail.text).toContain('desk@courts.example');
    expect(mail.html).toContain('Casey &lt;script&gt;');
    expect(mail.html).not.toContain('<script>');
  });

  it('forgot-password answers the same for an account and for none, and mails only the account', async () => {
    const casey = await customer(t.app);
    const nobody = uniqueEmail('nobody');
    const known = await forgot(casey.email);
    const unknown = await forgot(nobody);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    await send();
    expect(smtp.to(nobody)).toEqual([]);
    const mail = smtp.only(casey.email, 'Reset your password');
    expect(mail.html).toContain('https://courts.example/reset-password?token=');
    expect(resetToken(casey.email).length).toBeGreaterThanOrEqual(43);
    // Only a hash is stored.
    const stored = await t.database.db.selectFrom('password_reset_tokens').selectAll().where('user_id', '=', casey.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(resetToken(casey.email));
  });

  it('a reset sets the password once, signs out every session and says so by email', async () => {
    const casey = await customer(t.app, 'Casey Reset');
    const otherSession = await login(t.app, casey.email);
    await forgot(casey.email);
    await send();
    const token = resetToken(casey.email);
    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    expect((await me(casey)).statusCode).toBe(401);
    expect((await me(otherSession)).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: casey.email, password: PASSWORD })).statusCode).toBe(401);
    const fresh = await login(t.app, casey.email, NEW_PASSWORD);
    expect((await me(fresh)).statusCode).toBe(200);
    const again = await reset(token, 'another-Pass-123');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This reset link has been used already. Ask for a new one.');
    await send();
    expect(smtp.only(casey.email, 'Your password was changed').text).toContain('signed out');
  });

  it('a token expires after 30 minutes; asking again keeps the earlier one until then; unknown tokens fail; nothing changes', async () => {
    const casey = await customer(t.app);
    const hashBefore = () => t.database.db.selectFrom('users').select('password_hash').where('id', '=', casey.id).executeTakeFirstOrThrow();
    const before = await hashBefore();
    await forgot(casey.email);
    await send();
    const first = resetToken(casey.email);
    await forgot(casey.email);
    await send();
    const second = resetToken(casey.email);
    expect(second).not.toBe(first);
    expect((await reset('not-a-token')).json()).toMatchObject(NOT_VALID);
    t.clock.advance(31 * 60_000);
    for (const token of [first, second]) expect((await reset(token)).json()).toMatchObject({ statusCode: 400, message: 'This reset link has expired. Ask for a new one.' });
    expect(await hashBefore()).toEqual(before);
    expect((await me(casey)).statusCode).toBe(200);
  });

  it('a weak new password is refused and keeps the token usable', async () => {
    const casey = await customer(t.app);
    await forgot(casey.email);
    await send();
    const weak = await reset(resetToken(casey.email), 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errorMessages[0].path).toBe('password');
    expect((await reset(resetToken(casey.email))).statusCode).toBe(200);
  });

  it('a deactivated account gets no link and cannot use one it had', async () => {
    const staff = await admin(t.app);
    const gone = await customer(t.app);
    await forgot(gone.email);
    await send();
    const token = resetToken(gone.email);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${gone.id}`, headers: staff.auth })).statusCode).toBe(200);
    expect((await reset(token)).json()).toMatchObject(NOT_VALID);
    const mailsBefore = smtp.to(gone.email).length;
    expect((await forgot(gone.email)).statusCode).toBe(200);
    await send();
    expect(smtp.to(gone.email)).toHaveLength(mailsBefore);
  });

  it('forgot-password is throttled per email', async () => {
    const email = uniqueEmail('spam');
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push((await forgot(email)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('change-password needs the current password, signs out the other sessions and keeps this one with a fresh token', async () => {
    const casey = await customer(t.app);
    const other = await login(t.app, casey.email);
    const wrong = await post('/api/auth/change-password', { currentPassword: 'nope', newPassword: NEW_PASSWORD }, casey.auth);
    expect(wrong.statusCode).toBe(400);
    expect((await me(other)).statusCode).toBe(200);
    const res = await post('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, casey.auth);
    expect(res.statusCode).toBe(200);
    const fresh = { authorization: `Bearer ${res.json().token}` };
    expect((await t.app.inject({ url: '/api/auth/me', headers: fresh })).statusCode).toBe(200);
    expect((await me(casey)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    await send();
    expect(smtp.only(casey.email, 'Your password was changed')).toBeDefined();
  });

  it('a contact message is forwarded to every active admin when no STAFF_EMAIL is set', async () => {
    const staff = await admin(t.app, 'Sam Staff');
    const res = await post('/api/contact', { name: 'Pat <i>Public</i>', email: 'pat@example.com', subject: 'Lost racket', message: 'Left it on court 2.\nBlue grip.' });
    expect(res.statusCode).toBe(201);
    await send();
    const mail = smtp.only(staff.email, 'New contact message: Lost racket');
    expect(mail.text).toContain('Pat <i>Public</i> <pat@example.com>');
    expect(mail.text).toContain('Left it on court 2.\nBlue grip.');
    expect(mail.html).toContain('Pat &lt;i&gt;Public&lt;/i&gt;');
  });
});

describe('staff notices with STAFF_EMAIL', () => {
  it('go to STAFF_EMAIL only', async () => {
    const smtp = await startSmtp();
    const t = await createTestApp({ env: { SMTP_URL: smtp.url, STAFF_EMAIL: 'desk@courts.example' } });
    try {
      const staff = await admin(t.app);
      await t.app.inject({ method: 'POST', url: '/api/contact', payload: { name: 'Pat', email: 'pat@example.com', subject: 'Hours', message: 'Open at 7?' } });
      await deliverMail(t.app.ctx);
      expect(smtp.only('desk@courts.example', 'New contact message: Hours')).toBeDefined();
      expect(smtp.to(staff.email)).toEqual([]);
    } finally {
      await t.close();
      await smtp.stop();
    }
  });
});
