import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createTestApp, TEST_ENV, type TestApp } from './support/test-app.ts';
import { admin, book, bookAndPay, customer, facility, openCheckout, providerPays, type Actor } from './support/actors.ts';
import { eventually } from './support/expect.ts';
import { icsOf, parseIcs, startSmtp, type TestSmtp } from './support/smtp.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openChangeFeedFor } from '../src/db/change-feed.ts';
import { deliverMail } from '../src/mail/sender.ts';
import { SITE_LINKS } from '../src/mail/templates.ts';
import { sendRefunds } from '../src/payments/refunds.ts';

const MINUTE = 60_000;

/**
 * The messages a booking's life sends, over real SMTP: each queued in the transaction that
 * decides it (confirmed by a payment, moved, cancelled by the customer or the venue, refunded,
 * a payment flagged for staff), each once.
 */
describe('booking messages', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let staff: Actor;
  let casey: Actor;
  let dana: Actor;
  // User text in a facility name must arrive escaped in HTML.
  const courtName = 'Court <b>&</b> "Lights"';
  let court: { _id: string; name: string };
  const deliver = () => deliverMail(t.app.ctx);
  const kindsTo = async (email: string) =>
    (await t.database.db.selectFrom('outbox_messages').select('kind').where('recipient', '=', email).orderBy('created_at').execute()).map((r) => r.kind);

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_BASE_URL: 'https://courts.example', REMINDER_HOURS: '0', VENUE_NAME: 'Riverside Courts' } });
    staff = await admin(t.app, 'Sam Staff');
    casey = await customer(t.app, 'Casey Player');
    dana = await customer(t.app, 'Dana Player');
    court = await facility(t.app, staff, { name: courtName, location: 'Riverside Park; Gate 2' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });
  beforeEach(async () => {
    await deliver();
    smtp.received.length = 0;
  });

  it('a payment confirms the booking by email with its .ics, once, however often the provider says so', async () => {
    const { booking, orderId } = await bookAndPay(t.app, casey, court._id, '2027-03-15', '10:00', '12:00');
    // The provider's signal again (a webhook redelivery under another event id) sends nothing new.
    expect(await providerPays(t.app, orderId, 'again')).toBe('already-settled');
    await deliver();
    const mail = smtp.only(casey.email, `Booking confirmed: ${courtName}`);
    expect(mail.subject).toBe(`Booking confirmed: ${courtName} - Riverside Courts`);
    expect(mail.text).toContain('Hello Casey Player,');
    // New York's summer time began on 14 March: 10:00 local is 14:00 UTC.
    expect(mail.text).toContain('Monday, March 15, 2027, 10:00 AM – 12:00 PM (New York time)');
    expect(mail.text).toContain('Paid: $40.00');
    expect(mail.text).toContain(`https://courts.example${SITE_LINKS.myBookings}`);
    expect(mail.html).toContain('Court &lt;b&gt;&amp;&lt;/b&gt; &quot;Lights&quot;');
    expect(mail.html).not.toContain('<b>&</b>');
    const event = parseIcs(icsOf(mail)).events[0]!;
    expect(event).toMatchObject({ uid: `booking-${booking._id}@courtside`, status: 'CONFIRMED', start: '2027-03-15T14:00:00.000Z', end: '2027-03-15T16:00:00.000Z', summary: courtName });
    expect(smtp.to(casey.email)).toHaveLength(1);
  });

  it('a hold that is never paid sends nothing; cancelling it sends nothing either', async () => {
    const hold = await book(t.app, casey, court._id, '2027-03-16', '10:00', '11:00');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/bookings/${hold._id}`, headers: casey.auth })).statusCode).toBe(200);
    await deliver();
    expect(smtp.to(casey.email)).toEqual([]);
  });

  it('staff moving a confirmed booking sends "moved" with the same UID and a higher SEQUENCE', async () => {
    const { booking } = await bookAndPay(t.app, dana, court._id, '2027-03-17', '10:00', '11:00');
    await deliver();
    const confirmed = parseIcs(icsOf(smtp.only(dana.email, 'Booking confirmed'))).events[0]!;
    t.clock.advance(MINUTE);
    const moved = await t.app.inject({ method: 'PUT', url: `/api/bookings/${booking._id}`, headers: staff.auth, payload: { date: '2027-03-18', startTime: '18:00', endTime: '19:00' } });
    expect(moved.statusCode, moved.body).toBe(200);
    await deliver();
    const mail = smtp.only(dana.email, `Booking moved: ${courtName}`);
    expect(mail.text).toContain('Thursday, March 18, 2027, 6:00 PM – 7:00 PM (New York time)');
    expect(mail.text).toContain('It was: Wednesday, March 17, 2027, 10:00 AM – 11:00 AM (New York time).');
    const event = parseIcs(icsOf(mail)).events[0]!;
    expect(event).toMatchObject({ uid: confirmed.uid, status: 'CONFIRMED', start: '2027-03-18T22:00:00.000Z' });
    expect(event.sequence).toBeGreaterThan(confirmed.sequence);
  });

  it('a customer cancelling a paid booking gets one message: cancelled, and the refund', async () => {
    const { booking } = await bookAndPay(t.app, casey, court._id, '2027-03-20', '09:00', '10:00');
    await deliver();
    const confirmed = parseIcs(icsOf(smtp.only(casey.email, 'Booking confirmed'))).events[0]!;
    smtp.received.length = 0;
    const cancelled = await t.app.inject({ method: 'DELETE', url: `/api/bookings/${booking._id}`, headers: casey.auth });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await deliver();
    const mail = smtp.only(casey.email, `Booking cancelled: ${courtName}`);
    expect(mail.text).toContain('This booking is cancelled:');
    expect(mail.text).toContain('Your $20.00 will be refunded in full to the card you paid with.');
    const event = parseIcs(icsOf(mail)).events[0]!;
    expect(event).toMatchObject({ uid: confirmed.uid, status: 'CANCELLED' });
    expect(event.sequence).toBeGreaterThan(confirmed.sequence);
    // The sandbox accepts the refund right after the commit: the cancellation told it, so no second message.
    expect(smtp.to(casey.email)).toHaveLength(1);
    expect(await kindsTo(casey.email)).not.toContain('refund_completed');
  });

  it('staff cancelling, or withdrawing the facility, tells the customer the venue cancelled it and why', async () => {
    const arena = await facility(t.app, staff, { name: 'Arena' });
    const first = await bookAndPay(t.app, dana, arena._id, '2027-03-22', '09:00', '10:00');
    await bookAndPay(t.app, dana, arena._id, '2027-03-23', '09:00', '10:00');
    await t.app.inject({ method: 'DELETE', url: `/api/bookings/${first.booking._id}`, headers: staff.auth });
    const withdrawn = await t.app.inject({ method: 'DELETE', url: `/api/facility/${arena._id}?cancelBookings=true`, headers: staff.auth });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    await deliver();
    const cancelledOn = (day: string) => smtp.to(dana.email).find((m) => m.subject?.startsWith('Booking cancelled: Arena') && m.text?.includes(day))?.text;
    expect(cancelledOn('Monday, March 22, 2027')).toContain('We are sorry: the venue had to cancel this booking:');
    expect(cancelledOn('Tuesday, March 23, 2027')).toContain('We are sorry: the venue had to cancel this booking (the facility was withdrawn):');
    // Each cancellation's message told its refund: nothing more.
    expect(smtp.to(dana.email).filter((m) => m.subject?.startsWith('Refund of'))).toEqual([]);
  });

  it('a payment that came too late is refunded, and staff are told it was flagged', async () => {
    const mine = await book(t.app, casey, court._id, '2027-03-24', '10:00', '11:00');
    const { orderId } = await openCheckout(t.app, casey, [mine._id], 20);
    t.clock.advance(16 * MINUTE);
    await book(t.app, dana, court._id, '2027-03-24', '10:00', '11:00');
    expect(await providerPays(t.app, orderId)).toBe('flagged');
    await deliver();
    const notice = smtp.only(staff.email, 'Payment flagged: Casey Player');
    expect(notice.text).toContain(`Casey Player <${casey.email}> (order ${orderId}) needs a look:`);
    expect(notice.text).toContain('refunded $20.00');
    expect(notice.text).toContain(`https://courts.example/admin/#/payments/${orderId}/show`);
    // The customer gets their money back, and no confirmation for a booking they did not get.
    expect(smtp.to(casey.email).map((m) => m.subject)).toEqual(['Refund of $20.00 sent - Riverside Courts']);
  });

  it('every page a message links to exists on the site', () => {
    const pages = fileURLToPath(new URL('../../site/src/pages', import.meta.url));
    for (const [name, path] of Object.entries(SITE_LINKS)) {
      if (path === SITE_LINKS.backOffice) continue;
      const found = [`${pages}${path}.astro`, `${pages}${path}/index.astro`].some((file) => existsSync(file));
      expect(found, `${name}: ${path} has no page under site/src/pages`).toBe(true);
    }
  });

  it('sending a refund a second time (a sweep racing the request) does not send a second notice', async () => {
    // A refund no cancellation told of (staff refunding the payment) is the one with its own message.
    const { orderId } = await bookAndPay(t.app, dana, court._id, '2027-03-26', '09:00', '10:00');
    await t.app.inject({ method: 'POST', url: `/api/admin/payments/${orderId}/refund`, headers: staff.auth });
    const refund = await t.database.db.selectFrom('refunds').select('id').where('order_id', '=', orderId).executeTakeFirstOrThrow();
    await t.database.db.updateTable('refunds').set({ status: 'pending' }).where('id', '=', refund.id).execute();
    await sendRefunds(t.app.ctx, [refund.id]);
    await deliver();
    expect(smtp.to(dana.email).filter((m) => m.subject?.startsWith('Refund of'))).toHaveLength(1);
  });
});

/** Mail goes out when the transaction that queued it commits, not at the next sweep. */
describe('the sender wakes on commit', () => {
  // Three apps start inside the test (one on a fresh database): on a busy machine that alone can take a minute.
  it('a welcome goes out on its commit although the next sweep is an hour away, once, though every process hears it', { timeout: 120_000 }, async () => {
    const smtp = await startSmtp();
    const t = await createTestApp({ env: { SMTP_URL: smtp.url } });
    const config = loadConfig({ ...TEST_ENV, SMTP_URL: smtp.url, SWEEP_INTERVAL_SECONDS: '3600' });
    // Two senders on one database, as two API processes would be; each hears the commit.
    const feeds = [await openChangeFeedFor(t.database), await openChangeFeedFor(t.database)];
    const senders = await Promise.all(feeds.map((changes) => buildApp({ config, db: t.database.db, jwtSecret: 'x'.repeat(32), clock: t.clock.now, sweeper: true, changes })));
    let closing: Promise<unknown> | undefined;
    const closeSenders = () => (closing ??= Promise.all(senders.map((s) => s.close())));
    try {
      await Promise.all(senders.map((s) => s.ready()));
      // Each feed's LISTEN is in place before anything commits.
      await eventually(async () => expect(feeds.map((f) => f!.live)).toEqual([true, true]));
      // Both processes hear the commit: each starts a mail pass (its sender is subscribed before this listener).
      const heard = feeds.map((f) => new Promise<void>((resolve) => {
        const stop = f!.subscribe({ changed: (kind) => kind === 'mail' && (stop(), resolve()), reset: () => {} });
      }));
      const casey = await customer(t.app, 'Casey Quick');
      await Promise.all(heard);
      // Closing waits for the passes they started, so every message either sender would send has
      // arrived; only their wake on commit can have sent it (no sweep runs within the hour).
      await closeSenders();
      expect(smtp.only(casey.email, 'Welcome').text).toContain('Hello Casey Quick,');
      expect(smtp.to(casey.email)).toHaveLength(1);
    } finally {
      await closeSenders();
      await t.close();
      await smtp.stop();
    }
  });
});
