import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, book, customer, facility, type Actor } from './support/actors.ts';
import { StripeStub, deliver, openStripeCheckout, signedHeaders, stripeEvent } from './support/stripe-stub.ts';

const START = '2027-03-01T15:00:00Z';
const URL = '/api/payments/stripe/webhook';

describe('Stripe webhook: signatures, exactly-once, any order', () => {
  let stub: StripeStub;
  let t: TestApp;
  let staff: Actor;
  let casey: Actor;
  let court: { _id: string };

  const bookingRow = (id: string) => t.database.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const orderRow = (id: string) => t.database.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const stripeEvents = async () =>
    (await t.database.db.selectFrom('payment_events').select(sql<number>`count(*)::int`.as('n')).where('provider', '=', 'stripe').executeTakeFirstOrThrow()).n;
  const snapshot = async (bookingId: string, orderId: string) => ({ booking: await bookingRow(bookingId), order: await orderRow(orderId), events: await stripeEvents() });

  beforeAll(async () => {
    stub = await new StripeStub().start();
    t = await createTestApp({ env: stub.env() });
    staff = await admin(t.app);
    casey = await customer(t.app);
    court = await facility(t.app, staff, { pricePerHour: 20 });
  });
  beforeEach(() => t.clock.set(START));
  afterAll(async () => {
    await t?.close();
    await stub?.stop();
  });

  describe('a delivery that is not provably from Stripe is 400 and changes nothing', () => {
    let hold: { _id: string };
    let orderId: string;
    let payload: string;

    beforeAll(async () => {
      t.clock.set(START);
      hold = await book(t.app, casey, court._id, '2027-03-02', '08:00', '09:00');
      const checkout = await openStripeCheckout(t.app, stub, casey, [hold._id], 20);
      orderId = checkout.orderId;
      payload = JSON.stringify(stripeEvent('checkout.session.completed', stub.pay(checkout.session.id)));
    });

    const expectRefused = async (headers: Record<string, string>, body: string, message: RegExp) => {
      const before = await snapshot(hold._id, orderId);
      const res = await t.app.inject({ method: 'POST', url: URL, headers, payload: body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, statusCode: 400, errorMessages: [{ path: 'stripe-signature' }] });
      expect(res.json().message).toMatch(message);
      expect(await snapshot(hold._id, orderId)).toEqual(before);
    };

    it('one tampered byte', async () => {
      const headers = signedHeaders(payload);
      const tampered = payload.replace('"amount_total":2000', '"amount_total":2001');
      expect(tampered).not.toBe(payload);
      await expectRefused(headers, tampered, /signature is not valid/);
    });

    it('a stale timestamp (older than 5 minutes)', async () => {
      await expectRefused(signedHeaders(payload, { timestamp: Math.floor(Date.now() / 1000) - 301 }), payload, /tolerance/i);
    });

    it('a wrong secret', async () => {
      await expectRefused(signedHeaders(payload, { secret: 'whsec_not_ours' }), payload, /signature is not valid/);
    });

    it('no signature header', async () => {
      await expectRefused({ 'content-type': 'application/json' }, payload, /header is missing/);
    });

    it('control: the same payload, properly signed, is applied', async () => {
      const res = await t.app.inject({ method: 'POST', url: URL, headers: signedHeaders(payload), payload });
      expect(res.statusCode, res.body).toBe(200);
      expect((await bookingRow(hold._id)).status).toBe('confirmed');
    });
  });

  it('200 deliveries of 50 distinct events, concurrent and duplicated, apply exactly 50 and confirm each booking once', async () => {
    const arena = await facility(t.app, staff, { pricePerHour: 10 });
    const events: { event: ReturnType<typeof stripeEvent>; bookingId: string; orderId: string }[] = [];
    for (let day = 0; day < 5; day++) {
      for (let hour = 8; hour < 18; hour++) {
        const date = `2027-03-1${day}`;
        const hold = await book(t.app, casey, arena._id, date, `${String(hour).padStart(2, '0')}:00`, `${String(hour + 1).padStart(2, '0')}:00`);
        const { orderId, session } = await openStripeCheckout(t.app, stub, casey, [hold._id], 10);
        events.push({ event: stripeEvent('checkout.session.completed', stub.pay(session.id)), bookingId: hold._id, orderId });
      }
    }
    expect(events).toHaveLength(50);
    const before = await stripeEvents();
    // Every event four times, shuffled, in concurrent waves of 25.
    const deliveries = events.flatMap((e) => [e, e, e, e]).sort(() => Math.random() - 0.5);
    const outcomes: string[] = [];
    for (let i = 0; i < deliveries.length; i += 25) {
      const wave = await Promise.all(deliveries.slice(i, i + 25).map((d) => deliver(t.app, d.event)));
      for (const res of wave) {
        expect(res.statusCode, res.body).toBe(200);
        outcomes.push(res.json().data.outcome);
      }
    }
    expect(outcomes).toHaveLength(200);
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(50);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(150);
    expect((await stripeEvents()) - before).toBe(50);
    for (const e of events) {
      expect(await bookingRow(e.bookingId)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
      expect(await orderRow(e.orderId)).toMatchObject({ status: 'paid', refunded_cents: 0, flag_reason: null });
    }
    const recorded = await t.database.db.selectFrom('payment_events').select(['event_id', 'order_id']).where('event_id', 'in', events.map((e) => e.event.id)).execute();
    expect(recorded).toHaveLength(50);
    expect(new Set(recorded.map((r) => r.order_id)).size).toBe(50);
    expect(await t.database.db.selectFrom('refunds').select('id').where('order_id', 'in', events.map((e) => e.orderId)).execute()).toEqual([]);
  }, 120_000);

  it('expired after completed leaves the booking confirmed and the order paid', async () => {
    const hold = await book(t.app, casey, court._id, '2027-03-03', '08:00', '09:00');
    const { orderId, session } = await openStripeCheckout(t.app, stub, casey, [hold._id], 20);
    const paid = stub.pay(session.id);
    expect((await deliver(t.app, stripeEvent('checkout.session.completed', paid))).json().data.outcome).toBe('applied');
    const res = await deliver(t.app, stripeEvent('checkout.session.expired', { ...paid, status: 'expired' }));
    expect(res.statusCode).toBe(200);
    expect(await bookingRow(hold._id)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    expect((await orderRow(orderId)).status).toBe('paid');
  });

  it('a completed payment arriving after its session expired and the slot was re-taken is refunded and flagged', async () => {
    const dana = await customer(t.app, 'Dana Customer');
    const hold = await book(t.app, casey, court._id, '2027-03-03', '12:00', '13:00');
    const { orderId, session } = await openStripeCheckout(t.app, stub, casey, [hold._id], 20);
    await deliver(t.app, stripeEvent('checkout.session.expired', { ...session, status: 'expired' }));
    expect((await bookingRow(hold._id)).status).toBe('expired');
    const theirs = await book(t.app, dana, court._id, '2027-03-03', '12:00', '13:00');
    const refundsBefore = stub.calls('POST', '/v1/refunds').length;

    const res = await deliver(t.app, stripeEvent('checkout.session.completed', stub.pay(session.id)));
    expect(res.json().data.outcome).toBe('applied');
    expect(await bookingRow(hold._id)).toMatchObject({ status: 'expired' });
    expect(await bookingRow(theirs._id)).toMatchObject({ status: 'pending', user_id: dana.id });
    const order = await orderRow(orderId);
    expect(order.flag_reason).toMatch(/cancelled/);
    expect(order).toMatchObject({ status: 'refunded', refunded_cents: 2000 });
    const calls = stub.calls('POST', '/v1/refunds').slice(refundsBefore);
    expect(calls.map((c) => c.form.amount)).toEqual(['2000']);
  });

  it('an unpaid completion waits for async_payment_succeeded; unknown types are acknowledged and ignored', async () => {
    const hold = await book(t.app, casey, court._id, '2027-03-04', '08:00', '09:00');
    const { session } = await openStripeCheckout(t.app, stub, casey, [hold._id], 20);
    const unpaid = await deliver(t.app, stripeEvent('checkout.session.completed', { ...session, status: 'complete', payment_status: 'unpaid' }));
    expect(unpaid.json().data.outcome).toBe('ignored');
    expect((await bookingRow(hold._id)).status).toBe('pending');
    const other = await deliver(t.app, stripeEvent('customer.created', { id: 'cus_1', object: 'customer' }));
    expect(other.statusCode).toBe(200);
    expect(other.json().data.outcome).toBe('ignored');
    const ok = await deliver(t.app, stripeEvent('checkout.session.async_payment_succeeded', stub.pay(session.id)));
    expect(ok.json().data.outcome).toBe('applied');
    expect((await bookingRow(hold._id)).status).toBe('confirmed');
  });

  it('charge.refunded for money refunded in the Stripe dashboard marks the order refunded and flags it', async () => {
    const hold = await book(t.app, casey, court._id, '2027-03-04', '10:00', '12:00');
    const { orderId, session } = await openStripeCheckout(t.app, stub, casey, [hold._id], 40);
    const paid = stub.pay(session.id);
    await deliver(t.app, stripeEvent('checkout.session.completed', paid));
    const charge = { id: 'ch_dash', object: 'charge', payment_intent: paid.payment_intent, amount: 4000, amount_refunded: 4000, refunded: true, metadata: {} };
    const event = stripeEvent('charge.refunded', charge);
    expect((await deliver(t.app, event)).json().data.outcome).toBe('applied');
    expect((await deliver(t.app, event)).json().data.outcome).toBe('duplicate');
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ status: 'refunded', refunded_cents: 4000 });
    expect(order.flag_reason).toMatch(/Stripe dashboard/);
    expect(await bookingRow(hold._id)).toMatchObject({ payment_status: 'refunded' });
    const record = (await t.app.inject({ url: `/api/admin/payments/${orderId}`, headers: staff.auth })).json();
    expect(record).toMatchObject({ status: 'refunded', refundState: 'refunded', refundedAmount: 40, refunds: [{ amount: 40, status: 'succeeded' }] });
    // Nothing is left to refund from Courtside.
    const again = await t.app.inject({ method: 'POST', url: `/api/admin/payments/${orderId}/refund`, headers: staff.auth });
    expect(again.statusCode).toBe(409);
  });

  it('other routes still parse JSON normally', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: casey.email, password: 'wrong-password-123' } });
    expect(res.statusCode).toBe(401);
  });
});
