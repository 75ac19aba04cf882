import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { admin, book, customer, facility, openCheckout, type Actor } from './support/actors.ts';
import { useStripeApp, type StripeApp } from './support/stripe-app.ts';
import { deliver, openStripeCheckout, stripeEvent } from './support/stripe-stub.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { applyPayment } from '../src/payments/settlement.ts';
import type { SandboxProvider } from '../src/payments/providers/sandbox.ts';

// 2027-03-01T14:40Z = 09:40 in New York: the 10:00 slot starts in 20 minutes.
const START = '2027-03-01T14:40:00Z';
const MINUTE = 60_000;

describe('only the provider that serves an order can settle it (Stripe configured)', () => {
  let { stub, t, casey, court } = {} as StripeApp;
  const bookingRow = (id: string) => t.database.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const orderRow = (id: string) => t.database.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const paymentEvents = (orderId: string) => t.database.db.selectFrom('payment_events').selectAll().where('order_id', '=', orderId).execute();
  useStripeApp(START, (setup) => ({ stub, t, casey, court } = setup));

  it('the sandbox page, Pay and Cancel are 404 for a Stripe order, even with a valid sandbox signature; nothing changes', async () => {
    const hold = await book(t.app, casey, court._id, '2027-03-05', '10:00', '11:00');
    const { orderId } = await openStripeCheckout(t.app, stub, casey, [hold._id], 20);
    expect((await t.app.inject({ url: `/pay/${orderId}` })).statusCode).toBe(404);
    // An attacker who could compute the sandbox's signature still gets nowhere.
    const signature = (t.app.ctx.payments.get('sandbox') as SandboxProvider).sign(orderId);
    for (const action of ['confirm', 'cancel']) {
      const res = await t.app.inject({ method: 'POST', url: `/pay/${orderId}/${action}`, payload: { signature } });
      expect(res.statusCode, action).toBe(404);
    }
    expect(await orderRow(orderId)).toMatchObject({ status: 'pending', provider: 'stripe', paid_at: null });
    expect(await bookingRow(hold._id)).toMatchObject({ status: 'pending', payment_status: 'unpaid' });
    expect(await paymentEvents(orderId)).toHaveLength(0);
  });

  it('a "paid" event of another provider is refused by the settlement itself', async () => {
    const hold = await book(t.app, casey, court._id, '2027-03-05', '12:00', '13:00');
    const { orderId } = await openStripeCheckout(t.app, stub, casey, [hold._id], 20);
    await expect(applyPayment(t.app.ctx, { provider: 'sandbox', eventId: `forged:${orderId}`, orderId })).rejects.toMatchObject({ code: 'ORDER_NOT_FOUND' });
    expect((await orderRow(orderId)).status).toBe('pending');
    expect(await paymentEvents(orderId)).toHaveLength(0);
  });

  it('checking out the same bookings again never holds them past the first checkout', async () => {
    const hold = await book(t.app, casey, court._id, '2027-03-05', '14:00', '15:00');
    await openStripeCheckout(t.app, stub, casey, [hold._id], 20);
    const firstEnd = Date.parse(START) + 31 * MINUTE;
    expect((await bookingRow(hold._id)).hold_expires_at?.getTime()).toBe(firstEnd);
    for (let i = 1; i <= 3; i++) {
      t.clock.advance(9 * MINUTE);
      await openStripeCheckout(t.app, stub, casey, [hold._id], 20);
      expect((await bookingRow(hold._id)).hold_expires_at?.getTime(), `checkout ${i + 1}`).toBe(firstEnd);
    }
  });

  it('a Stripe payment that arrives after the booking started is refunded in full and flagged', async () => {
    const hold = await book(t.app, casey, court._id, '2027-03-01', '10:00', '11:00');
    const { orderId, session } = await openStripeCheckout(t.app, stub, casey, [hold._id], 20);
    t.clock.advance(25 * MINUTE); // 10:05 local: the game began five minutes ago, the session is still open.
    const res = await deliver(t.app, stripeEvent('checkout.session.completed', stub.pay(session.id)));
    expect(res.json().data.outcome).toBe('applied');
    expect(await bookingRow(hold._id)).toMatchObject({ payment_status: 'refunded' });
    expect((await bookingRow(hold._id)).status).not.toBe('confirmed');
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ refunded_cents: 2000, flag_reason: expect.stringMatching(/^Paid after the booking had started/) });
  });
});

describe('the sandbox page closes with its checkout', () => {
  let t: TestApp;
  let casey: Actor;
  let court: { _id: string };
  const bookingRow = (id: string) => t.database.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const orderRow = (id: string) => t.database.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const pay = (orderId: string, signature: string) => t.app.inject({ method: 'POST', url: `/pay/${orderId}/confirm`, payload: { signature } });

  beforeAll(async () => {
    t = await createTestApp({ clockStart: START });
    const staff = await admin(t.app);
    casey = await customer(t.app, 'Casey Customer');
    court = await facility(t.app, staff, { pricePerHour: 20 });
  });
  beforeEach(() => t.clock.set(START));
  afterAll(() => t?.close());

  it('once the hold lapses the page says nothing was charged, and Pay changes nothing', async () => {
    const hold = await book(t.app, casey, court._id, '2027-03-04', '10:00', '11:00');
    const { orderId, signature } = await openCheckout(t.app, casey, [hold._id], 20);
    t.clock.advance(15 * MINUTE);
    const page = await t.app.inject({ url: `/pay/${orderId}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('/confirm');
    expect(page.body).toContain('ran out and its slot was released. Nothing was charged.');
    const res = await pay(orderId, signature);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/pay/${orderId}`);
    expect(await orderRow(orderId)).toMatchObject({ status: 'pending', paid_at: null });
    expect((await bookingRow(hold._id)).payment_status).toBe('unpaid');
  });

  it('a page still inside its hold closes when the booking starts', async () => {
    t.clock.set('2027-03-01T14:50:00Z'); // 09:50 local; the hold would run to 10:05, but the game starts at 10:00.
    const hold = await book(t.app, casey, court._id, '2027-03-01', '10:00', '11:00');
    const { orderId, signature } = await openCheckout(t.app, casey, [hold._id], 20);
    t.clock.set('2027-03-01T15:00:00Z');
    expect((await pay(orderId, signature)).headers.location).toBe(`/pay/${orderId}`);
    expect((await bookingRow(hold._id)).status).toBe('pending');
    // And a checkout cannot be opened for a booking that has started.
    const again = await t.app.inject({ method: 'POST', url: '/api/order/create', headers: casey.auth, payload: { totalPayableAmount: 20, bookingIds: [{ bookingId: hold._id }] } });
    expect(again.statusCode).toBe(409);
  });

  it('inside its window the page still takes the payment', async () => {
    const hold = await book(t.app, casey, court._id, '2027-03-04', '12:00', '13:00');
    const { orderId, signature } = await openCheckout(t.app, casey, [hold._id], 20);
    t.clock.advance(14 * MINUTE);
    expect((await pay(orderId, signature)).headers.location).toBe(`/payment/success?order=${orderId}`);
    expect(await bookingRow(hold._id)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
  });
});
