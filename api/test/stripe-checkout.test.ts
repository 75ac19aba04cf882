import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { bookAndPay, book, login, type Actor } from './support/actors.ts';
import { eventually } from './support/expect.ts';
import { useStripeApp, type StripeApp } from './support/stripe-app.ts';
import { TEST_ENV } from './support/test-app.ts';
import { deliver, openStripeCheckout, stripeEvent } from './support/stripe-stub.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { retryDueRefunds } from '../src/payments/refunds.ts';

// Clock: 2027-03-01T15:00Z = 10:00 in New York.
const START = '2027-03-01T15:00:00Z';
const MINUTE = 60_000;

describe('Stripe checkout, holds and refunds (against a local Stripe stub)', () => {
  let { stub, t, staff, casey, dana, court } = {} as StripeApp;

  const bookingRow = (id: string) => t.database.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const orderRow = (id: string) => t.database.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const myBooking = async (actor: Actor, id: string) =>
    ((await t.app.inject({ url: `/api/bookings/user/${actor.id}`, headers: actor.auth })).json().data as { _id: string }[]).find((b) => b._id === id) as Record<string, unknown>;
  const freeStarts = async (facilityId: string, date: string) =>
    ((await t.app.inject({ url: `/api/check-availability?date=${date}&facility=${facilityId}` })).json().data as { startTime: string }[]).map((s) => s.startTime);
  const payment = async (id: string) => (await t.app.inject({ url: `/api/admin/payments/${id}`, headers: staff.auth })).json();

  useStripeApp(START, (setup) => ({ stub, t, staff, casey, dana, court } = setup));

  it('opens a Checkout Session priced by us, one line per booking, and holds the slots as long as it lives', async () => {
    const a = await book(t.app, casey, court._id, '2027-03-03', '08:00', '09:00');
    const b = await book(t.app, casey, court._id, '2027-03-03', '10:00', '12:00');
    const before = stub.requests.length;
    const { orderId, paymentUrl, session } = await openStripeCheckout(t.app, stub, casey, [a._id, b._id], 60);

    expect(paymentUrl).toBe(session.url);
    expect(paymentUrl).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const sent = stub.requests.slice(before);
    expect(sent).toHaveLength(1);
    const call = sent[0]!;
    expect(call).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions', idempotencyKey: `checkout-${orderId}`, authorization: 'Bearer sk_test_courtside' });
    expect(call.form).toMatchObject({
      mode: 'payment',
      client_reference_id: orderId,
      customer_email: casey.email,
      'metadata[order_id]': orderId,
      'payment_intent_data[metadata][order_id]': orderId,
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '2000',
      'line_items[1][price_data][currency]': 'usd',
      'line_items[1][price_data][unit_amount]': '4000',
      success_url: `https://courtside.example/payment/success?order=${orderId}`,
      cancel_url: `https://courtside.example/payment/cancelled?order=${orderId}`,
    });
    expect(call.form['line_items[0][price_data][product_data][name]']).toMatch(/, 8:00 AM – 9:00 AM$/);
    expect(call.form['line_items[0][price_data][product_data][name]']).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(call.form['line_items[2][quantity]']).toBeUndefined();
    // Stripe's minimum session is 30 minutes; ours asks for 31 to absorb clock skew.
    const expiresAt = Date.parse(START) + 31 * MINUTE;
    expect(Number(call.form.expires_at)).toBe(expiresAt / 1000);

    expect(await orderRow(orderId)).toMatchObject({ provider: 'stripe', provider_ref: session.id, status: 'pending', amount_cents: 6000, payment_url: session.url });
    for (const id of [a._id, b._id]) expect((await bookingRow(id)).hold_expires_at?.getTime()).toBe(expiresAt);

    // Past the 15-minute hold the slot is still the customer's while Stripe may take the money...
    t.clock.advance(25 * MINUTE);
    expect(await freeStarts(court._id, '2027-03-03')).not.toContain('08:00');
    expect(await myBooking(casey, a._id)).toMatchObject({ status: 'pending', holdExpiresAt: new Date(expiresAt).toISOString() });
    // ...and free once the session has closed.
    t.clock.advance(7 * MINUTE);
    expect(await freeStarts(court._id, '2027-03-03')).toContain('08:00');
  });

  it('only the webhook confirms: the success page changes nothing, checkout.session.completed confirms', async () => {
    const hold = await book(t.app, casey, court._id, '2027-03-04', '08:00', '09:00');
    const { orderId, session } = await openStripeCheckout(t.app, stub, casey, [hold._id], 20);
    const landing = await t.app.inject({ url: `/payment/success?order=${orderId}` });
    expect(landing.statusCode).toBe(200);
    expect(await bookingRow(hold._id)).toMatchObject({ status: 'pending', payment_status: 'unpaid' });
    expect((await orderRow(orderId)).status).toBe('pending');

    t.clock.advance(3 * MINUTE);
    const res = await deliver(t.app, stripeEvent('checkout.session.completed', stub.pay(session.id)));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ received: true, outcome: 'applied' });
    expect(await bookingRow(hold._id)).toMatchObject({ status: 'confirmed', payment_status: 'paid', hold_expires_at: null });
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ status: 'paid', payment_ref: `pi_${session.id.slice(3)}`, flag_reason: null });
    expect(order.paid_at?.toISOString()).toBe('2027-03-01T15:03:00.000Z');
  });

  it('the whole path: book, check out, pay, confirmed by the webhook, cancel inside the policy, refunded through Stripe once', async () => {
    const hold = await book(t.app, casey, court._id, '2027-03-05', '10:00', '12:00');
    const { orderId, session } = await openStripeCheckout(t.app, stub, casey, [hold._id], 40);
    expect((await deliver(t.app, stripeEvent('checkout.session.completed', stub.pay(session.id)))).statusCode).toBe(200);
    expect(await myBooking(casey, hold._id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', refundedAmount: 0, refundState: 'none' });

    const refundsBefore = stub.calls('POST', '/v1/refunds').length;
    const cancel = await t.app.inject({ method: 'DELETE', url: `/api/bookings/${hold._id}`, headers: casey.auth });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().message).toMatch(/refunded/);
    expect(cancel.json().data).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', refundedAmount: 40, refundState: 'refunded' });

    const calls = stub.calls('POST', '/v1/refunds').slice(refundsBefore);
    expect(calls).toHaveLength(1);
    const refundRow = await t.database.db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
    expect(calls[0]!.form).toMatchObject({ payment_intent: `pi_${session.id.slice(3)}`, amount: '4000', 'metadata[order_id]': orderId, 'metadata[refund_id]': refundRow.id });
    expect(calls[0]!.idempotencyKey).toBe(`refund-${refundRow.id}`);
    expect(refundRow).toMatchObject({ status: 'succeeded', booking_id: hold._id, amount_cents: 4000, provider_ref: stub.refunds.at(-1)!.id });

    expect(await myBooking(casey, hold._id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', refundedAmount: 40, refundState: 'refunded' });
    expect(await payment(orderId)).toMatchObject({
      id: orderId,
      provider: 'stripe',
      status: 'refunded',
      amount: 40,
      refundedAmount: 40,
      refundState: 'refunded',
      providerRef: session.id,
      flagReason: null,
      refunds: [{ id: refundRow.id, amount: 40, status: 'succeeded' }],
      bookings: [{ id: hold._id, status: 'cancelled', paymentStatus: 'refunded', payableAmount: 40, startTime: '10:00', endTime: '12:00' }],
    });
    expect(await freeStarts(court._id, '2027-03-05')).toContain('10:00');

    // Stripe then reports the refund on the charge: it is ours, so nothing more is counted or flagged.
    const charge = { id: 'ch_1', object: 'charge', payment_intent: `pi_${session.id.slice(3)}`, amount: 4000, amount_refunded: 4000, refunded: true, metadata: {} };
    expect((await deliver(t.app, stripeEvent('charge.refunded', charge))).json().data.outcome).toBe('applied');
    expect(await payment(orderId)).toMatchObject({ refundedAmount: 40, refundState: 'refunded', flagReason: null });
    expect((await orderRow(orderId)).refunded_cents).toBe(4000);
    // Cancelling again is refused and refunds nothing more.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/bookings/${hold._id}`, headers: casey.auth })).statusCode).toBe(409);
    expect(stub.calls('POST', '/v1/refunds').length).toBe(refundsBefore + 1);
  });

  it('a refund Stripe refuses is stored as failed, shown, and retried by the sweeper under a fresh idempotency key', async () => {
    const hold = await book(t.app, dana, court._id, '2027-03-06', '08:00', '09:00');
    const { orderId, session } = await openStripeCheckout(t.app, stub, dana, [hold._id], 20);
    await deliver(t.app, stripeEvent('checkout.session.completed', stub.pay(session.id)));

    stub.failRefunds = 1;
    const cancel = await t.app.inject({ method: 'DELETE', url: `/api/bookings/${hold._id}`, headers: staff.auth });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().data).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', refundedAmount: 0, refundState: 'failed' });
    expect(await payment(orderId)).toMatchObject({ refundState: 'failed', refundedAmount: 0, refunds: [{ status: 'failed', amount: 20 }] });
    const failed = await t.database.db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
    expect(failed.last_error).toMatch(/refused/);

    // Not due yet: the retry backs off.
    expect(await retryDueRefunds(t.app.ctx)).toBe(0);
    t.clock.advance(MINUTE);
    expect(await retryDueRefunds(t.app.ctx)).toBe(1);
    const calls = stub.calls('POST', '/v1/refunds').filter((c) => c.form['metadata[order_id]'] === orderId);
    expect(calls).toHaveLength(2);
    // Stripe replays a refused key's answer, so the retry after a refusal needs a new one.
    expect(calls[0]!.idempotencyKey).toBe(`refund-${failed.id}`);
    expect(calls[1]!.idempotencyKey).toBe(`refund-${failed.id}-retry1`);
    expect(await myBooking(dana, hold._id)).toMatchObject({ refundedAmount: 20, refundState: 'refunded' });
    expect(await payment(orderId)).toMatchObject({ refundState: 'refunded', refundedAmount: 20, status: 'refunded' });
    expect(await retryDueRefunds(t.app.ctx)).toBe(0);
    // Staff heard of the failure once (not once per retry); the customer hears the refund went through.
    const mail = await t.database.db.selectFrom('outbox_messages').select(['kind', 'recipient', 'subject', 'text_body']).where('kind', 'in', ['refund_failed', 'refund_completed']).where('text_body', 'like', `%${orderId}%`).execute();
    const toDana = await t.database.db.selectFrom('outbox_messages').select(['subject', 'text_body']).where('kind', '=', 'refund_completed').where('recipient', '=', dana.email).execute();
    expect(mail.filter((m) => m.kind === 'refund_failed').map((m) => m.recipient)).toEqual([staff.email]);
    expect(mail[0]!.subject).toMatch(/^Refund failed, retrying: \$20\.00 to /);
    expect(mail[0]!.text_body).toMatch(/refused/);
    expect(toDana.filter((m) => m.text_body.includes('Saturday, March 6, 2027, 8:00 AM – 9:00 AM'))).toHaveLength(1);
  });

  it('a refund for a payment whose event named no PaymentIntent looks it up on the session first', async () => {
    const hold = await book(t.app, casey, court._id, '2027-03-06', '14:00', '15:00');
    const { orderId, session } = await openStripeCheckout(t.app, stub, casey, [hold._id], 20);
    const paid = stub.pay(session.id);
    await deliver(t.app, stripeEvent('checkout.session.completed', { ...paid, payment_intent: null }));
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid', payment_ref: null });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/bookings/${hold._id}`, headers: casey.auth });
    expect(res.json().data).toMatchObject({ refundState: 'refunded', refundedAmount: 20 });
    expect(stub.calls('GET', `/v1/checkout/sessions/${session.id}`)).toHaveLength(1);
    expect(stub.refunds.at(-1)).toMatchObject({ payment_intent: paid.payment_intent, amount: 2000 });
  });

  it('the running sweeper retries a failed refund by itself', async () => {
    const sweeping = await buildApp({
      config: loadConfig({ ...TEST_ENV, ...stub.env(), SWEEP_INTERVAL_SECONDS: '1' }),
      db: t.database.db,
      jwtSecret: randomBytes(32).toString('hex'),
      clock: t.clock.now,
      sweeper: true,
    });
    try {
      await sweeping.ready();
      const hold = await book(t.app, dana, court._id, '2027-03-06', '10:00', '11:00');
      const { orderId, session } = await openStripeCheckout(t.app, stub, dana, [hold._id], 20);
      await deliver(t.app, stripeEvent('checkout.session.completed', stub.pay(session.id)));
      stub.failRefunds = 1;
      await t.app.inject({ method: 'DELETE', url: `/api/bookings/${hold._id}`, headers: dana.auth });
      const state = () => t.database.db.selectFrom('refunds').select(['status', 'attempts']).where('order_id', '=', orderId).executeTakeFirstOrThrow();
      expect(await state()).toEqual({ status: 'failed', attempts: 1 });
      t.clock.advance(MINUTE);
      await eventually(async () => expect(await state()).toEqual({ status: 'succeeded', attempts: 2 }), 10_000);
    } finally {
      await sweeping.close();
    }
  }, 30_000);

  it('checkout.session.expired of a checkout that a newer one replaced changes nothing: the newer one keeps its holds', async () => {
    const first = await book(t.app, casey, court._id, '2027-03-07', '08:00', '09:00');
    const second = await book(t.app, casey, court._id, '2027-03-07', '09:00', '10:00');
    const a = await openStripeCheckout(t.app, stub, casey, [first._id, second._id], 40);
    // The customer came back and opened a second checkout for one of the two: it replaces the first (one open checkout per booking).
    const b = await openStripeCheckout(t.app, stub, casey, [second._id], 20);
    expect((await orderRow(a.orderId)).status).toBe('cancelled');
    expect(stub.sessions.get(a.session.id)!.status).toBe('expired');
    const res = await deliver(t.app, stripeEvent('checkout.session.expired', { ...a.session, status: 'expired' }));
    expect(res.json().data.outcome).toBe('applied');
    // The holds stay holds: the first lapses at its own time, the second is the newer checkout's.
    expect((await bookingRow(first._id)).status).toBe('pending');
    expect((await bookingRow(second._id)).status).toBe('pending');
    expect(await freeStarts(court._id, '2027-03-07')).not.toContain('09:00');
    expect((await orderRow(b.orderId)).status).toBe('pending');
  });

  it('cancelling a held booking closes its open Stripe session', async () => {
    const hold = await book(t.app, casey, court._id, '2027-03-08', '08:00', '09:00');
    const { orderId, session } = await openStripeCheckout(t.app, stub, casey, [hold._id], 20);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/bookings/${hold._id}`, headers: casey.auth });
    expect(res.statusCode).toBe(200);
    expect(stub.calls('POST', `/v1/checkout/sessions/${session.id}/expire`)).toHaveLength(1);
    expect(stub.sessions.get(session.id)!.status).toBe('expired');
    expect((await orderRow(orderId)).status).toBe('cancelled');
  });

  it('rescheduling a held booking closes its open Stripe session after commit, and a late payment of it is refunded', async () => {
    const hold = await book(t.app, casey, court._id, '2027-03-08', '10:00', '11:00');
    const { orderId, session } = await openStripeCheckout(t.app, stub, casey, [hold._id], 20);
    const moved = await t.app.inject({ method: 'PUT', url: `/api/bookings/${hold._id}`, headers: casey.auth, payload: { startTime: '15:00', endTime: '16:00' } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ status: 'pending', startTime: '15:00', endTime: '16:00' });
    expect(stub.calls('POST', `/v1/checkout/sessions/${session.id}/expire`)).toHaveLength(1);
    expect(stub.sessions.get(session.id)!.status).toBe('expired');
    expect((await orderRow(orderId)).status).toBe('cancelled');

    // Had Stripe completed the session anyway, the old checkout buys nothing: its money goes back.
    const refundsBefore = stub.calls('POST', '/v1/refunds').length;
    const res = await deliver(t.app, stripeEvent('checkout.session.completed', { ...stub.sessions.get(session.id)!, status: 'complete', payment_status: 'paid', payment_intent: `pi_${session.id.slice(3)}` }));
    expect(res.statusCode, res.body).toBe(200);
    expect(await bookingRow(hold._id)).toMatchObject({ status: 'pending', payment_status: 'unpaid' });
    expect(stub.calls('POST', '/v1/refunds').length).toBe(refundsBefore + 1);
    expect((await orderRow(orderId)).flag_reason).toMatch(/cancelled/);
  });

  it("refuses a total under Stripe's smallest card payment before any order exists, naming the code; without it the hold still checks out", async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/admin/promo-codes', headers: staff.auth, payload: { code: 'ALMOSTFREE', amountOff: 19.7 } });
    expect(created.statusCode, created.body).toBe(201);
    const hold = await book(t.app, casey, court._id, '2027-03-09', '12:00', '13:00');
    const message = 'With promo code ALMOSTFREE the total is $0.30, less than the smallest card payment ($0.50): add a booking, or pay without the code.';

    const preview = await t.app.inject({ method: 'POST', url: '/api/promo-codes/check', headers: casey.auth, payload: { code: 'almostfree', bookingIds: [{ bookingId: hold._id }] } });
    expect(preview.statusCode, preview.body).toBe(400);
    expect(preview.json()).toMatchObject({ code: 'BELOW_MINIMUM_CHARGE', message, errorMessages: [{ path: 'promoCode', message }] });

    const before = stub.requests.length;
    const orderWith = (promoCode?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/order/create',
        headers: casey.auth,
        payload: { user: { name: 'Buyer', email: casey.email, phone: '555-0100', address: '1 Main St' }, totalPayableAmount: 20, bookingIds: [{ bookingId: hold._id }], ...(promoCode ? { promoCode } : {}) },
      });
    const refused = await orderWith('ALMOSTFREE');
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ success: false, code: 'BELOW_MINIMUM_CHARGE', message });
    expect(stub.requests.length).toBe(before);
    const orders = await t.database.db.selectFrom('order_bookings').select('order_id').where('booking_id', '=', hold._id).execute();
    expect(orders).toEqual([]);

    const paid = await orderWith();
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().data).toMatchObject({ totalPayableAmount: 20 });
  });

  it('when Stripe cannot be reached, checkout fails, the order is cancelled and the hold is untouched', async () => {
    const hold = await book(t.app, casey, court._id, '2027-03-08', '12:00', '13:00');
    await stub.stop();
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/order/create',
        headers: casey.auth,
        payload: { user: { name: 'Buyer', email: casey.email, phone: '555-0100', address: '1 Main St' }, totalPayableAmount: 20, bookingIds: [{ bookingId: hold._id }] },
      });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toMatchObject({
        success: false,
        statusCode: 503,
        code: 'PAYMENT_PROVIDER_UNREACHABLE',
        message: 'The payment provider could not be reached; nothing was charged. Please try again.',
      });
    } finally {
      await stub.start();
      t.clock.set(START);
    }
    const orders = await t.database.db.selectFrom('order_bookings as ob').innerJoin('orders as o', 'o.id', 'ob.order_id').select('o.status').where('ob.booking_id', '=', hold._id).execute();
    expect(orders).toEqual([{ status: 'cancelled' }]);
    expect((await bookingRow(hold._id)).hold_expires_at?.toISOString()).toBe('2027-03-01T15:15:00.000Z');
  }, 60_000);

  it('an order paid with the sandbox is refunded by the sandbox after Stripe is switched on', async () => {
    // The same database served first without Stripe (the default sandbox)...
    const jwtSecret = randomBytes(32).toString('hex');
    const sandboxApp = await buildApp({ config: loadConfig(TEST_ENV), db: t.database.db, jwtSecret, clock: t.clock.now });
    try {
      await sandboxApp.ready();
      const { booking, orderId } = await bookAndPay(sandboxApp, await login(sandboxApp, casey.email), court._id, '2027-03-09', '08:00', '09:00');
      expect((await orderRow(orderId)).provider).toBe('sandbox');
      // ...and now with Stripe: the cancellation refunds through the sandbox, never Stripe.
      const refundsBefore = stub.calls('POST', '/v1/refunds').length;
      const res = await t.app.inject({ method: 'DELETE', url: `/api/bookings/${booking._id}`, headers: casey.auth });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ paymentStatus: 'refunded', refundState: 'refunded', refundedAmount: 20 });
      expect(stub.calls('POST', '/v1/refunds')).toHaveLength(refundsBefore);
      const refund = await t.database.db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
      expect(refund).toMatchObject({ status: 'succeeded', provider_ref: `sandbox_refund_${refund.id}` });
    } finally {
      await sandboxApp.close();
    }
  });
});

describe('Stripe configuration', () => {
  it('is off by default, needs the webhook secret with the key, and checks its URLs', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(loadConfig({ PORT: '4000' }).publicBaseUrl).toBe('http://localhost:4000');
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toThrow(/without STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_BASE: 'stub' })).toThrow(/STRIPE_API_BASE/);
    expect(() => loadConfig({ PUBLIC_BASE_URL: 'ftp://example.com' })).toThrow(/PUBLIC_BASE_URL/);
    // Stripe sends customers back to PUBLIC_BASE_URL: with Stripe it must be set, never guessed.
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toThrow(/PUBLIC_BASE_URL is required with STRIPE_SECRET_KEY/);
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', PUBLIC_BASE_URL: 'https://venue.example' })).toMatchObject({
      stripe: { secretKey: 'sk_test_x', webhookSecret: 'whsec_x', apiBase: undefined },
      publicBaseUrl: 'https://venue.example',
    });
  });
});
