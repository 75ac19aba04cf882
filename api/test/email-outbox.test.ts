import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, bookAndPay, customer, facility, type Actor } from './support/actors.ts';
import { icsOf, parseIcs, startSmtp, type TestSmtp } from './support/smtp.ts';
import { enqueue } from '../src/mail/outbox.ts';
import { deliverMail, MAX_ATTEMPTS } from '../src/mail/sender.ts';

/** The outbox over real SMTP: nothing sent for a rolled-back change, nothing lost, nothing twice. */
describe('email outbox', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  const db = () => t.database.db;
  const message = (recipient: string, subject = 'Hello') => ({ kind: 'test', recipient, subject, text: 'plain', html: '<p>html</p>' });
  const rows = () => db().selectFrom('outbox_messages').selectAll().orderBy('created_at').execute();

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Courtside Test <no-reply@courts.example>' } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });
  beforeEach(async () => {
    await smtp.start().catch(() => undefined);
    await db().deleteFrom('outbox_messages').execute();
    smtp.received.length = 0;
  });

  it('a change that rolls back queues nothing and sends nothing', async () => {
    await expect(
      db().transaction().execute(async (trx) => {
        await enqueue(trx, message('rolled@example.com'), t.clock.now());
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect(await rows()).toEqual([]);
    expect((await deliverMail(t.app.ctx)).sent).toBe(0);
    expect(smtp.to('rolled@example.com')).toEqual([]);
  });

  it('a committed message is sent once, with its id as Message-ID, and marked sent', async () => {
    const id = await db().transaction().execute((trx) => enqueue(trx, message('once@example.com', 'Once only'), t.clock.now()));
    expect((await deliverMail(t.app.ctx)).sent).toBe(1);
    expect((await deliverMail(t.app.ctx)).sent).toBe(0);
    const mail = smtp.only('once@example.com', 'Once only');
    expect(mail.messageId).toBe(`<${id}@courts.example>`);
    expect(mail.from?.value[0]).toMatchObject({ name: 'Courtside Test', address: 'no-reply@courts.example' });
    expect(mail.text?.trim()).toBe('plain');
    expect(mail.html).toContain('<p>html</p>');
    expect(await rows()).toMatchObject([{ id, state: 'sent', attempts: 1, last_error: null }]);
  });

  it('a dedupe key keeps a second copy out, whoever queues it', async () => {
    const first = await enqueue(db(), { ...message('dup@example.com'), dedupeKey: 'reminder:x' }, t.clock.now());
    const second = await enqueue(db(), { ...message('dup@example.com'), dedupeKey: 'reminder:x' }, t.clock.now());
    expect(first).toEqual(expect.any(String));
    expect(second).toBeUndefined();
    expect(await rows()).toHaveLength(1);
  });

  it('SMTP down: the message waits with its error and goes out once when SMTP is back', async () => {
    await smtp.stop();
    await enqueue(db(), message('later@example.com', 'Eventually'), t.clock.now());
    expect(await deliverMail(t.app.ctx)).toMatchObject({ sent: 0, retrying: 1 });
    const [waiting] = await rows();
    expect(waiting).toMatchObject({ state: 'pending', attempts: 1 });
    expect(waiting!.last_error).toMatch(/ECONNREFUSED|connect/i);
    // Not retried before its back-off...
    expect((await deliverMail(t.app.ctx)).retrying).toBe(0);
    await smtp.start();
    expect((await deliverMail(t.app.ctx)).sent).toBe(0);
    // ...and sent once it is due.
    t.clock.advance(31_000);
    expect((await deliverMail(t.app.ctx)).sent).toBe(1);
    t.clock.advance(3_600_000);
    expect((await deliverMail(t.app.ctx)).sent).toBe(0);
    expect(smtp.to('later@example.com')).toHaveLength(1);
    expect(await rows()).toMatchObject([{ state: 'sent', attempts: 2 }]);
  });

  it('after about a day of failures a message is marked failed and left alone', async () => {
    await smtp.stop();
    const id = (await enqueue(db(), message('never@example.com'), t.clock.now()))!;
    await db().updateTable('outbox_messages').set({ attempts: MAX_ATTEMPTS - 1 }).where('id', '=', id).execute();
    expect(await deliverMail(t.app.ctx)).toMatchObject({ failed: 1 });
    expect(await rows()).toMatchObject([{ state: 'failed', attempts: MAX_ATTEMPTS }]);
    await smtp.start();
    t.clock.advance(86_400_000);
    expect((await deliverMail(t.app.ctx)).sent).toBe(0);
    expect(smtp.to('never@example.com')).toEqual([]);
  });

  it('two senders racing deliver each message exactly once', async () => {
    const recipients = Array.from({ length: 120 }, (_, i) => `race${i}@example.com`);
    for (const r of recipients) await enqueue(db(), message(r, 'Race'), t.clock.now());
    const passes = await Promise.all([deliverMail(t.app.ctx), deliverMail(t.app.ctx), deliverMail(t.app.ctx)]);
    expect(passes.reduce((n, p) => n + p.sent, 0)).toBe(120);
    for (const r of recipients) expect(smtp.to(r), r).toHaveLength(1);
    expect((await rows()).every((r) => r.state === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('prunes sent and failed messages older than MAIL_RETENTION_DAYS, never pending ones', async () => {
    const old = new Date(t.clock.now().getTime() - 91 * 86_400_000);
    await enqueue(db(), message('old-sent@example.com'), old);
    await enqueue(db(), message('old-pending@example.com'), old);
    await enqueue(db(), message('new@example.com'), t.clock.now());
    await db().updateTable('outbox_messages').set({ state: 'sent' }).where('recipient', 'in', ['old-sent@example.com', 'new@example.com']).execute();
    await db().updateTable('outbox_messages').set({ next_attempt_at: new Date(t.clock.now().getTime() + 3_600_000) }).where('recipient', '=', 'old-pending@example.com').execute();
    expect((await deliverMail(t.app.ctx)).pruned).toBe(1);
    expect((await rows()).map((r) => r.recipient).sort()).toEqual(['new@example.com', 'old-pending@example.com']);
  });
});

describe('booking reminders', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let staff: Actor;
  let court: { _id: string; name: string };

  beforeAll(async () => {
    smtp = await startSmtp();
    // 1 March 2027, 15:00 UTC; reminders 24 hours ahead.
    t = await createTestApp({ env: { SMTP_URL: smtp.url, REMINDER_HOURS: '24', VENUE_NAME: 'Riverside <Courts>' } });
    staff = await admin(t.app);
    court = await facility(t.app, staff, { name: 'Court "A" & co', location: 'Riverside Park, Gate 2' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it('are sent once per booking, with its .ics, even by senders racing', async () => {
    const casey = await customer(t.app, 'Casey <b>Bold</b>');
    // 3 March 10:00-11:00 in New York is 15:00-16:00 UTC; its reminder is due from 2 March 15:00 UTC.
    const { booking } = await bookAndPay(t.app, casey, court._id, '2027-03-03', '10:00', '11:00');
    expect((await deliverMail(t.app.ctx)).reminders).toBe(0);
    t.clock.set('2027-03-02T15:30:00Z');
    const passes = await Promise.all([deliverMail(t.app.ctx), deliverMail(t.app.ctx)]);
    expect(passes.reduce((n, p) => n + p.reminders, 0)).toBe(1);
    await deliverMail(t.app.ctx);
    const mail = smtp.only(casey.email, 'Reminder');
    expect(mail.subject).toBe('Reminder: Court "A" & co - Riverside <Courts>');
    expect(mail.text).toContain('Wednesday, March 3, 2027, 10:00 AM – 11:00 AM (New York time)');
    expect(mail.text).toContain('Riverside Park, Gate 2');
    expect(mail.html).toContain('Casey &lt;b&gt;Bold&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Bold</b>');
    expect(mail.html).toContain('Court &quot;A&quot; &amp; co');
    const ics = parseIcs(icsOf(mail));
    expect(ics.method).toBe('PUBLISH');
    expect(ics.events).toEqual([expect.objectContaining({
      uid: `booking-${booking._id}@courtside`,
      start: '2027-03-03T15:00:00.000Z',
      end: '2027-03-03T16:00:00.000Z',
      summary: 'Court "A" & co',
      location: 'Riverside Park, Gate 2',
      status: 'CONFIRMED',
    })]);
    t.clock.advance(3 * 3_600_000);
    await deliverMail(t.app.ctx);
    expect(smtp.to(casey.email).filter((m) => m.subject?.startsWith('Reminder'))).toHaveLength(1);
  });

  it('are not sent to customers who turned them off, for bookings made after the reminder time, or cancelled ones', async () => {
    t.clock.set('2027-03-05T12:00:00Z');
    const optedOut = await customer(t.app, 'Olive Optout');
    await t.database.db.updateTable('users').set({ email_reminders: false }).where('id', '=', optedOut.id).execute();
    await bookAndPay(t.app, optedOut, court._id, '2027-03-07', '09:00', '10:00');
    const canceller = await customer(t.app, 'Cara Cancel');
    const { booking: cancelled } = await bookAndPay(t.app, canceller, court._id, '2027-03-07', '11:00', '12:00');
    await t.database.db.updateTable('bookings').set({ status: 'cancelled', cancelled_at: t.clock.now() }).where('id', '=', cancelled._id).execute();
    // 7 March 09:00 New York (14:00 UTC): its reminder time is 6 March 14:00 UTC.
    t.clock.set('2027-03-06T16:00:00Z');
    const late = await customer(t.app, 'Lee Late');
    await bookAndPay(t.app, late, court._id, '2027-03-07', '13:00', '14:00');
    await deliverMail(t.app.ctx);
    for (const who of [optedOut, canceller, late]) expect(smtp.to(who.email).filter((m) => m.subject?.startsWith('Reminder')), who.email).toEqual([]);
    const reminders = await t.database.db.selectFrom('outbox_messages').select(sql<number>`count(*)::int`.as('n')).where('kind', '=', 'booking_reminder').executeTakeFirstOrThrow();
    expect(reminders.n).toBe(1);
  });
});
