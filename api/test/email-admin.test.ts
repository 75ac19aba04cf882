import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, customer, type Actor } from './support/actors.ts';
import { startSmtp, type TestSmtp } from './support/smtp.ts';
import { enqueue } from '../src/mail/outbox.ts';
import { deliverMail, MAX_ATTEMPTS } from '../src/mail/sender.ts';

/** The back office's Emails API and the backlog on /api/health. */
describe('emails in the back office', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let staff: Actor;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
    staff = await admin(t.app);
    await customer(t.app, 'Wendy Welcome');
    await deliverMail(t.app.ctx);
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  const list = (query: Record<string, unknown>) =>
    t.app.inject({ url: '/api/admin/emails', query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)])), headers: staff.auth });

  it('lists messages newest first with simple-rest filters, sort and range', async () => {
    const res = await list({ filter: { kind: 'welcome', state: 'sent' }, sort: ['createdAt', 'DESC'], range: [0, 9] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe('emails 0-0/1');
    const [record] = res.json();
    expect(record).toMatchObject({ kind: 'welcome', state: 'sent', attempts: 1, subject: 'Welcome - Courtside', lastError: null });
    expect(record.html).toContain('Wendy Welcome');
    expect(record.sentAt).toEqual(expect.any(String));
    const one = await t.app.inject({ url: `/api/admin/emails/${record.id}`, headers: staff.auth });
    expect(one.json()).toEqual(record);
    expect((await list({ filter: { q: 'nobody-matches-this' } })).json()).toEqual([]);
    expect((await list({ sort: ['html', 'ASC'] })).statusCode).toBe(400);
    expect((await list({ filter: { state: 'lost' } })).statusCode).toBe(400);
  });

  it('a failed message can be retried once it failed, and is then sent; health shows the backlog', async () => {
    const id = (await enqueue(t.database.db, { kind: 'test', recipient: 'retry@example.com', subject: 'Retry me', text: 't', html: '<p>t</p>' }, t.clock.now()))!;
    const health = async () => (await t.app.inject({ url: '/api/health' })).json();
    expect(await health()).toEqual({ status: 'ok', mail: { pending: 1, oldestSeconds: 0 } });
    t.clock.advance(90_000);
    expect((await health()).mail).toEqual({ pending: 1, oldestSeconds: 90 });
    const early = await t.app.inject({ method: 'POST', url: `/api/admin/emails/${id}/retry`, headers: staff.auth });
    expect(early.statusCode).toBe(409);
    await t.database.db.updateTable('outbox_messages').set({ state: 'failed', attempts: MAX_ATTEMPTS, last_error: 'relay said no' }).where('id', '=', id).execute();
    expect((await health()).mail.pending).toBe(0);
    const retried = await t.app.inject({ method: 'POST', url: `/api/admin/emails/${id}/retry`, headers: staff.auth });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ id, state: 'pending', attempts: 0 });
    await deliverMail(t.app.ctx);
    expect(smtp.to('retry@example.com')).toHaveLength(1);
    expect((await t.app.inject({ url: `/api/admin/emails/${id}`, headers: staff.auth })).json()).toMatchObject({ state: 'sent', attempts: 1 });
    const missing = await t.app.inject({ method: 'POST', url: '/api/admin/emails/00000000-0000-4000-8000-000000000000/retry', headers: staff.auth });
    expect(missing.statusCode).toBe(404);
  });
});
