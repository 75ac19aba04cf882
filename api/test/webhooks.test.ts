import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nextWebhookAttempt, WEBHOOK_RETRY_HOURS } from '@courtside/domain';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, bookAndPay, customer, facility, staffMember, type Actor } from './support/actors.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../harness/webhook-receiver.ts';
import { deliverWebhooks, sendDueWebhooks } from '../src/webhooks/sender.ts';
import { verifySignature } from '../src/webhooks/signing.ts';
import { isPrivateAddress } from '../src/webhooks/url-guard.ts';
import { markCheckedIn } from '../src/repositories/bookings.ts';

/**
 * Signed webhooks, end to end: real API paths cause the events (in their own transactions), a
 * real HTTP receiver on loopback gets them (WEBHOOK_ALLOW_PRIVATE=1), and the sender is run
 * pass by pass under the test clock.
 */
describe('webhooks', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let staff: Actor;
  let casey: Actor;
  let court: { _id: string; name: string };
  let other: { _id: string; name: string };
  const db = () => t.database.db;
  const send = () => sendDueWebhooks(t.app.ctx);

  const addEndpoint = async (events: string[], url = receiver.url) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/webhooks', headers: staff.auth, payload: { url, description: 'Door controller', events } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; secret: string; events: string[] };
  };
  const deliveries = () =>
    db().selectFrom('webhook_deliveries as d').innerJoin('webhook_events as e', 'e.id', 'd.event_id').selectAll('d').select(['e.type']).orderBy('e.seq').execute();
  const bodies = () => receiver.received.map((h) => JSON.parse(h.body) as { id: string; type: string; createdAt: string; data: Record<string, any> });

  let day = 2;
  /** A confirmed, paid booking on a day of its own (so tests never collide), through the sandbox checkout. */
  const paidBooking = async (start = '10:00', end = '11:00') => (await bookAndPay(t.app, casey, court._id, `2027-03-${String(++day).padStart(2, '0')}`, start, end)).booking;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_TIMEOUT_SECONDS: '1', CURRENCY: 'EUR' } });
    staff = await admin(t.app);
    casey = await customer(t.app, 'Casey Player');
    court = await facility(t.app, staff, { name: 'Court 3' });
    other = await facility(t.app, staff, { name: 'Court 4' });
  });
  afterAll(async () => {
    await t.close();
    await receiver.stop();
  });
  beforeEach(async () => {
    await db().deleteFrom('webhook_endpoints').execute();
    await db().deleteFrom('webhook_events').execute();
    receiver.reset();
  });

  it('signs each delivery Stripe-style, with the event id as the idempotency key, and says only what a door or an accountant needs', async () => {
    const endpoint = await addEndpoint(['booking.confirmed']);
    const booking = await paidBooking('18:00', '20:00');
    expect(await send()).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    const [hook] = receiver.received;
    const body = JSON.parse(hook!.body);
    expect(hook!.headers['content-type']).toBe('application/json');
    expect(hook!.headers['idempotency-key']).toBe(body.id);
    expect(hook!.headers['courtside-event-id']).toBe(body.id);
    const now = Math.floor(Date.now() / 1000);
    expect(hook!.headers['courtside-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(hook!.headers['courtside-signature'] as string, hook!.body, endpoint.secret, now)).toBe(true);
    // A changed body, another secret, or a stale timestamp does not verify.
    expect(verifySignature(hook!.headers['courtside-signature'] as string, hook!.body.replace('Court 3', 'Court 9'), endpoint.secret, now)).toBe(false);
    expect(verifySignature(hook!.headers['courtside-signature'] as string, hook!.body, `whsec_${'0'.repeat(64)}`, now)).toBe(false);
    expect(verifySignature(hook!.headers['courtside-signature'] as string, hook!.body, endpoint.secret, now + 301)).toBe(false);

    expect(body).toMatchObject({
      type: 'booking.confirmed',
      createdAt: expect.stringMatching(/Z$/),
      data: {
        booking: {
          id: booking._id,
          reference: booking._id.replace(/-/g, '').slice(0, 8).toUpperCase(),
          facility: { id: court._id, name: 'Court 3' },
          date: booking.date,
          startTime: '18:00',
          endTime: '20:00',
          timeZone: 'America/New_York',
          status: 'confirmed',
          paymentStatus: 'paid',
          attendance: 'pending',
          amounts: { payableCents: 4000, balanceCents: 0 },
        },
        customer: { id: casey.id, name: 'Casey Player' },
        currency: 'EUR',
      },
    });
    expect(new Date(body.data.booking.endsAt).getTime() - new Date(body.data.booking.startsAt).getTime()).toBe(120 * 60_000);
    // No secrets of the customer's: not their email, not the code that opens the door.
    expect(hook!.body).not.toContain(casey.email);
    expect(hook!.body).not.toMatch(/accessCode|email|phone/);
    const [row] = await deliveries();
    expect(row).toMatchObject({ state: 'delivered', attempts: 1, last_status: 200 });
    expect(await send()).toEqual({ delivered: 0, retrying: 0, failed: 0 });
    expect(receiver.received).toHaveLength(1);
  });

  it('each event type comes from the real path that causes it: confirm, move, check-in, no-show, cancel, refund', async () => {
    await addEndpoint(['booking.confirmed', 'booking.cancelled', 'booking.moved', 'booking.checked_in', 'booking.no_show', 'payment.refunded']);
    const booking = await paidBooking();
    const moved = await t.app.inject({ method: 'PUT', url: `/api/admin/bookings/${booking._id}`, headers: staff.auth, payload: { facilityId: other._id, startTime: '12:00', endTime: '13:00' } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await markCheckedIn(db(), booking._id, { staffId: staff.id }, t.clock.now())).toBe(true);
    // The no-show sweep's write, as it makes it: one UPDATE of the booking's attendance.
    await db().updateTable('bookings').set({ attendance: 'pending', checked_in_at: null, checked_in_by: null }).where('id', '=', booking._id).execute();
    await db().updateTable('bookings').set({ attendance: 'no_show', updated_at: t.clock.now() }).where('id', '=', booking._id).execute();
    const cancelled = await t.app.inject({ method: 'DELETE', url: `/api/admin/bookings/${booking._id}`, headers: staff.auth });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await send();
    const got = bodies();
    expect(got.map((b) => b.type)).toEqual(['booking.confirmed', 'booking.moved', 'booking.checked_in', 'booking.no_show', 'booking.cancelled', 'payment.refunded']);
    expect(got[1]!.data).toMatchObject({ booking: { facility: { name: 'Court 4' }, startTime: '12:00', endTime: '13:00' }, previous: { facility: { name: 'Court 3' }, startTime: '10:00', endTime: '11:00', date: booking.date } });
    expect(got[2]!.data.booking).toMatchObject({ attendance: 'checked_in', checkedInAt: expect.stringMatching(/Z$/) });
    expect(got[4]!.data.booking.status).toBe('cancelled');
    expect(got[5]!.data).toEqual({
      refund: { id: expect.any(String), bookingId: booking._id, orderId: expect.any(String), amountCents: 2000, via: 'provider', reason: expect.any(String), refundedAt: expect.stringMatching(/Z$/) },
      currency: 'EUR',
    });
    expect(new Set(got.map((b) => b.id)).size).toBe(6);
  });

  it('an endpoint gets only the events it picked; a disabled one gets none, and a venue without endpoints writes no events', async () => {
    await paidBooking();
    expect(await db().selectFrom('webhook_events').select('id').execute()).toEqual([]);
    const confirmedOnly = await addEndpoint(['booking.cancelled']);
    await paidBooking();
    expect(await db().selectFrom('webhook_events').select('id').execute()).toEqual([]);
    await addEndpoint(['booking.confirmed']);
    const off = await t.app.inject({ method: 'PUT', url: `/api/admin/webhooks/${confirmedOnly.id}`, headers: staff.auth, payload: { disabled: true, events: ['booking.confirmed'] } });
    expect(off.json()).toMatchObject({ disabled: true, events: ['booking.confirmed'] });
    await paidBooking();
    expect((await deliveries()).map((d) => d.type)).toEqual(['booking.confirmed']);
  });

  it('a change that rolls back writes no event and sends nothing', async () => {
    await addEndpoint(['booking.checked_in']);
    const booking = await paidBooking();
    await expect(
      db().transaction().execute(async (trx) => {
        expect(await markCheckedIn(trx, booking._id, { staffId: staff.id }, t.clock.now())).toBe(true);
        expect(await trx.selectFrom('webhook_events').select('type').execute()).toEqual([{ type: 'booking.checked_in' }]);
        throw new Error('the check-in fails');
      }),
    ).rejects.toThrow('the check-in fails');
    expect(await db().selectFrom('webhook_events').select('id').execute()).toEqual([]);
    expect(await send()).toEqual({ delivered: 0, retrying: 0, failed: 0 });
    expect(receiver.received).toEqual([]);
  });

  it('a 500 is retried after its back-off, each attempt logged with its status', async () => {
    await addEndpoint(['booking.confirmed']);
    await paidBooking();
    receiver.queue.push(500, 503);
    expect(await send()).toMatchObject({ retrying: 1 });
    let [row] = await deliveries();
    expect(row).toMatchObject({ state: 'pending', attempts: 1, last_status: 500 });
    expect(row!.next_attempt_at.getTime() - t.clock.now().getTime()).toBe(30_000);
    t.clock.advance(29_000);
    expect(await send()).toMatchObject({ retrying: 0, delivered: 0 });
    t.clock.advance(2_000);
    expect(await send()).toMatchObject({ retrying: 1 });
    [row] = await deliveries();
    expect(row!.next_attempt_at.getTime() - t.clock.now().getTime()).toBe(120_000);
    t.clock.advance(120_000);
    expect(await send()).toMatchObject({ delivered: 1 });
    expect(receiver.received.map((h) => h.status)).toEqual([500, 503, 200]);
    expect(new Set(receiver.received.map((h) => h.eventId)).size).toBe(1);
    const res = await t.app.inject({ url: `/api/admin/webhook-deliveries/${row!.id}`, headers: staff.auth });
    expect(res.json()).toMatchObject({ state: 'delivered', attempts: 3, lastStatus: 200, type: 'booking.confirmed', nextAttemptAt: null });
    expect(res.json().attemptLog.map((a: { status: number }) => a.status)).toEqual([500, 503, 200]);
    expect(res.json().attemptLog[0].error).toMatch(/HTTP 500/);
  });

  it('a receiver that does not answer in time counts as a failed attempt and is retried', async () => {
    await addEndpoint(['booking.confirmed']);
    await paidBooking();
    receiver.queue.push('hang');
    const started = Date.now();
    expect(await send()).toMatchObject({ retrying: 1 });
    expect(Date.now() - started).toBeLessThan(5_000);
    const [row] = await deliveries();
    expect(row).toMatchObject({ state: 'pending', attempts: 1, last_status: null });
    expect(row!.last_error).toMatch(/timed out after 1 s/);
    t.clock.advance(30_000);
    expect(await send()).toMatchObject({ delivered: 1 });
  });

  it('gives up a day after the event, then staff resend it by hand', async () => {
    await addEndpoint(['booking.confirmed']);
    await paidBooking();
    receiver.answer = 500;
    const eventAt = t.clock.now().getTime();
    let passes = 0;
    for (;;) {
      const pass = await send();
      passes++;
      if (pass.failed === 1) break;
      const [row] = await deliveries();
      expect(row!.state).toBe('pending');
      t.clock.set(row!.next_attempt_at.toISOString());
      if (passes > 40) throw new Error('never gave up');
    }
    const [failed] = await deliveries();
    expect(failed).toMatchObject({ state: 'failed', last_status: 500 });
    // The last attempt came at the give-up time, 24 hours after the event.
    expect(t.clock.now().getTime() - eventAt).toBe(WEBHOOK_RETRY_HOURS * 3_600_000);
    // 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, then every 4 h up to the day: the domain's schedule.
    let at = new Date(eventAt);
    let expected = 1;
    for (let n = 1; ; n++) {
      const next = nextWebhookAttempt(n, at, new Date(eventAt + WEBHOOK_RETRY_HOURS * 3_600_000));
      if (!next) break;
      at = next;
      expected++;
    }
    expect(failed!.attempts).toBe(expected);
    expect(receiver.received).toHaveLength(expected);
    t.clock.advance(3_600_000);
    expect(await send()).toEqual({ delivered: 0, retrying: 0, failed: 0 });

    receiver.answer = 200;
    const resent = await t.app.inject({ method: 'POST', url: `/api/admin/webhook-deliveries/${failed!.id}/resend`, headers: staff.auth });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ state: 'pending', attempts: 0, nextAttemptAt: t.clock.now().toISOString(), attemptLog: expect.any(Array) });
    expect(resent.json().attemptLog).toHaveLength(expected);
    expect(await send()).toMatchObject({ delivered: 1 });
    expect((await deliveries())[0]).toMatchObject({ state: 'delivered', attempts: 1, last_status: 200 });
    expect(receiver.acknowledged.map((h) => h.eventId)).toEqual([receiver.received[0]!.eventId]);
  });

  it("holds a booking's later events back while an earlier one is failing, then sends them in order", async () => {
    await addEndpoint(['booking.confirmed', 'booking.checked_in', 'booking.cancelled']);
    const first = await paidBooking();
    receiver.queue.push(500);
    expect(await send()).toMatchObject({ retrying: 1 });
    expect(await markCheckedIn(db(), first._id, { staffId: staff.id }, t.clock.now())).toBe(true);
    const cancelled = await t.app.inject({ method: 'DELETE', url: `/api/admin/bookings/${first._id}`, headers: staff.auth });
    expect(cancelled.statusCode).toBe(200);
    // Another booking's event is not held back by this one's.
    const second = await paidBooking();
    expect(await send()).toMatchObject({ delivered: 1 });
    expect(bodies().map((b) => `${b.type} ${b.data.booking.id === first._id ? 'first' : 'second'}`)).toEqual(['booking.confirmed first', 'booking.confirmed second']);
    t.clock.advance(30_000);
    expect(await send()).toMatchObject({ delivered: 3 });
    expect(bodies().slice(2).map((b) => `${b.type} ${b.data.booking.id === first._id ? 'first' : b.data.booking.id === second._id ? 'second' : '?'}`)).toEqual([
      'booking.confirmed first',
      'booking.checked_in first',
      'booking.cancelled first',
    ]);
  });

  it('forgets settled events after WEBHOOK_RETENTION_DAYS, never a pending one', async () => {
    await addEndpoint(['booking.confirmed']);
    await paidBooking();
    await send();
    receiver.answer = 500;
    await paidBooking();
    expect(await deliverWebhooks(t.app.ctx)).toMatchObject({ retrying: 1, pruned: 0 });
    const then = t.clock.now().toISOString();
    t.clock.advance(31 * 86_400_000);
    // The one still being retried is kept however old (its next try is not due in this pass); the delivered one goes.
    await db().updateTable('webhook_deliveries').set({ next_attempt_at: new Date('2100-01-01') }).where('state', '=', 'pending').execute();
    expect(await deliverWebhooks(t.app.ctx)).toMatchObject({ pruned: 1 });
    expect((await deliveries()).map((d) => d.state)).toEqual(['pending']);
    t.clock.set(then);
  });

  it('two senders racing deliver each event once', async () => {
    await addEndpoint(['booking.confirmed']);
    for (let i = 0; i < 6; i++) await paidBooking('08:00', '09:00');
    const passes = await Promise.all([send(), send(), send()]);
    expect(passes.reduce((n, p) => n + p.delivered, 0)).toBe(6);
    expect([...receiver.acknowledgedCounts().values()]).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it('staff manage endpoints: the secret on its page (not in the list), rolled on demand; deliveries listed per endpoint; owners only', async () => {
    const endpoint = await addEndpoint(['booking.confirmed']);
    expect(endpoint.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    const list = await t.app.inject({ url: '/api/admin/webhooks', headers: staff.auth });
    expect(list.json()).toEqual([expect.not.objectContaining({ secret: expect.anything() })]);
    // Rolled: for a day both secrets sign (two v1 values), so the receiver can switch without missing events.
    const rolled = await t.app.inject({ method: 'POST', url: `/api/admin/webhooks/${endpoint.id}/roll-secret`, headers: staff.auth });
    expect(rolled.json().secret).toMatch(/^whsec_/);
    expect(rolled.json().secret).not.toBe(endpoint.secret);
    expect(rolled.json().previousSecretUntil).toBe(new Date(t.clock.now().getTime() + 24 * 3_600_000).toISOString());
    await paidBooking();
    await send();
    const signed = (i: number, secret: string) => verifySignature(receiver.received[i]!.headers['courtside-signature'] as string, receiver.received[i]!.body, secret, Math.floor(Date.now() / 1000));
    expect(receiver.received[0]!.headers['courtside-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect([signed(0, rolled.json().secret), signed(0, endpoint.secret)]).toEqual([true, true]);
    // Rolled at once (a leaked secret): only the new one signs.
    const now = await t.app.inject({ method: 'POST', url: `/api/admin/webhooks/${endpoint.id}/roll-secret`, headers: staff.auth, payload: { oldSecretHours: 0 } });
    expect(now.json().previousSecretUntil).toBeNull();
    await paidBooking();
    await send();
    expect([signed(1, now.json().secret), signed(1, rolled.json().secret)]).toEqual([true, false]);
    const shown = await t.app.inject({ url: `/api/admin/webhooks/${endpoint.id}`, headers: staff.auth });
    expect(shown.json()).toMatchObject({ secret: now.json().secret, delivered: 2, pending: 0, failed: 0 });
    const filter = encodeURIComponent(JSON.stringify({ endpointId: endpoint.id }));
    const ds = await t.app.inject({ url: `/api/admin/webhook-deliveries?filter=${filter}`, headers: staff.auth });
    expect(ds.json()).toMatchObject([
      { type: 'booking.confirmed', state: 'delivered', attempts: 1, lastStatus: 200, attemptLog: [{ status: 200 }] },
      { type: 'booking.confirmed', state: 'delivered' },
    ]);

    const manager = await staffMember(t.app, 'manager');
    expect((await t.app.inject({ url: '/api/admin/webhooks', headers: manager.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/webhooks', headers: casey.auth })).statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'POST', url: '/api/admin/webhooks', headers: staff.auth, payload: { url: receiver.url, events: ['booking.deleted'] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/events/);
    const none = await t.app.inject({ method: 'POST', url: '/api/admin/webhooks', headers: staff.auth, payload: { url: receiver.url, events: [] } });
    expect(none.statusCode).toBe(400);
    const twoLines = await t.app.inject({ method: 'POST', url: '/api/admin/webhooks', headers: staff.auth, payload: { url: receiver.url, description: 'Lights\nand more', events: ['booking.moved'] } });
    expect(twoLines.statusCode).toBe(400);
    expect(twoLines.json().message).toMatch(/description/);
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/admin/webhooks/${endpoint.id}`, headers: staff.auth });
    expect(gone.statusCode).toBe(200);
    expect(await deliveries()).toEqual([]);
  });
});

describe('webhooks in the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('documents each event, its headers and its payload', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(doc['x-webhooks']).sort()).toEqual(['booking.cancelled', 'booking.checked_in', 'booking.confirmed', 'booking.moved', 'booking.no_show', 'payment.refunded']);
    const post = doc['x-webhooks']['booking.moved'].post;
    expect(post.parameters.map((p: { name: string }) => p.name)).toEqual(['Courtside-Signature', 'Idempotency-Key', 'Courtside-Event-Id', 'Courtside-Event-Type']);
    expect(doc.components.schemas.WebhookBookingEventData.properties.booking.properties).toHaveProperty('startsAt');
    expect(doc.components.schemas.WebhookRefundEventData.properties.refund.properties).toHaveProperty('amountCents');
    expect(doc.tags.find((tag: { name: string }) => tag.name === 'webhooks').description).toMatch(/HMAC-SHA256/);
  });
});

describe('webhook URLs', () => {
  let t: TestApp;
  let staff: Actor;
  beforeAll(async () => {
    t = await createTestApp();
    staff = await admin(t.app);
  });
  afterAll(() => t.close());

  const create = (url: string) => t.app.inject({ method: 'POST', url: '/api/admin/webhooks', headers: staff.auth, payload: { url, events: ['booking.confirmed'] } });

  it('are https: to a public address, unless WEBHOOK_ALLOW_PRIVATE', async () => {
    for (const url of [
      'http://hooks.example.com/x',
      'https://127.0.0.1/x',
      'https://127.8.9.10/x',
      'https://10.0.0.5/x',
      'https://172.20.1.1/x',
      'https://192.168.1.1/x',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/x',
      'https://[fd12:3456::1]/x',
      'https://[fe80::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://localhost/x',
      'https://user:pw@hooks.example.com/x',
      'not a url',
    ]) {
      const res = await create(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ code: 'WEBHOOK_URL_REFUSED', errorMessages: [{ path: 'url' }] });
    }
    expect((await create('http://hooks.example.com/x')).json().message).toMatch(/https:/);
    expect((await create('https://localhost/x')).json().message).toMatch(/resolves to a private or loopback address/);
    const ok = await create('https://hooks.example.com/courtside');
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('are checked again when sending: an endpoint at a private address gets nothing', async () => {
    const court = await facility(t.app, staff);
    const casey = await customer(t.app);
    await t.database.db.deleteFrom('webhook_endpoints').execute();
    await t.database.db
      .insertInto('webhook_endpoints')
      .values({ url: 'https://localhost:1/hooks', events: ['booking.confirmed'], secret: `whsec_${'a'.repeat(64)}`, created_by: staff.id, created_at: t.clock.now(), updated_at: t.clock.now() })
      .execute();
    await bookAndPay(t.app, casey, court._id, '2027-03-10', '10:00', '11:00');
    expect(await sendDueWebhooks(t.app.ctx)).toMatchObject({ retrying: 1 });
    const [row] = await t.database.db.selectFrom('webhook_deliveries').select(['last_error', 'last_status']).execute();
    expect(row).toMatchObject({ last_status: null, last_error: expect.stringMatching(/private address/) });
  });

  it('knows the private ranges, IPv4 and IPv6', () => {
    for (const a of ['127.0.0.1', '10.1.1.1', '172.31.255.255', '192.168.0.1', '169.254.1.1', '0.0.0.0', '::1', '::', 'fc00::1', 'fdff::1', 'fe80::abcd', '::ffff:10.0.0.1', '::ffff:7f00:1']) expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['93.184.216.34', '172.32.0.1', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8']) expect(isPrivateAddress(a), a).toBe(false);
  });
});

