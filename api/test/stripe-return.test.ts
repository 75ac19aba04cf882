import { describe, expect, it } from 'vitest';
import { book, type Actor } from './support/actors.ts';
import { useStripeApp, type StripeApp } from './support/stripe-app.ts';
import { deliver, openStripeCheckout, stripeEvent } from './support/stripe-stub.ts';

// The payment return page polls GET /api/order/:id, because with Stripe the browser can come
// back before the webhook has confirmed anything. Clock: 2027-03-01T15:00Z = 10:00 in New York.
const START = '2027-03-01T15:00:00Z';
const MINUTE = 60_000;

describe('GET /api/order/:id: where an order stands, for the payment return page (Stripe stub)', () => {
  let { stub, t, staff, casey, dana, court } = {} as StripeApp;

  const status = (actor: Actor | undefined, id: string) =>
    t.app.inject({ url: `/api/order/${id}`, headers: actor?.auth ?? {} });

  useStripeApp(START, (setup) => ({ stub, t, staff, casey, dana, court } = setup));

  it('is pending until the webhook confirms, then paid with its bookings confirmed', async () => {
    const a = await book(t.app, casey, court._id, '2027-03-03', '08:00', '09:00');
    const b = await book(t.app, casey, court._id, '2027-03-03', '10:00', '12:00');
    const { orderId, session } = await openStripeCheckout(t.app, stub, casey, [a._id, b._id], 60);

    // The browser is back on /payment/success; Stripe has not called the webhook yet.
    const before = await status(casey, orderId);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toMatchObject({ success: true, statusCode: 200 });
    const pending = before.json().data;
    expect(pending).toEqual({
      id: orderId,
      kind: 'full',
      status: 'pending',
      amount: 60,
      refundState: 'none',
      flagged: false,
      closedReason: null,
      description: null,
      bookings: expect.arrayContaining([
        expect.objectContaining({ id: a._id, status: 'pending', paymentStatus: 'unpaid' }),
        expect.objectContaining({ id: b._id, status: 'pending', paymentStatus: 'unpaid' }),
      ]),
    });
    expect(pending.bookings).toHaveLength(2);

    t.clock.advance(MINUTE);
    expect((await deliver(t.app, stripeEvent('checkout.session.completed', stub.pay(session.id)))).statusCode).toBe(200);
    const after = (await status(casey, orderId)).json().data;
    expect(after).toMatchObject({ id: orderId, status: 'paid', amount: 60, refundState: 'none' });
    expect(after.bookings).toEqual(expect.arrayContaining([
      expect.objectContaining({ id: a._id, status: 'confirmed', paymentStatus: 'paid' }),
      expect.objectContaining({ id: b._id, status: 'confirmed', paymentStatus: 'paid' }),
    ]));
  });

  it('is shown to its owner and to admins only: anyone else gets 404, a visitor 401', async () => {
    const hold = await book(t.app, casey, court._id, '2027-03-04', '08:00', '09:00');
    const { orderId } = await openStripeCheckout(t.app, stub, casey, [hold._id], 20);

    expect((await status(casey, orderId)).statusCode).toBe(200);
    const asAdmin = await status(staff, orderId);
    expect(asAdmin.statusCode, asAdmin.body).toBe(200);
    expect(asAdmin.json().data).toMatchObject({ id: orderId, status: 'pending', amount: 20 });

    // Someone else's order does not exist for them, exactly like an unknown id.
    const other = await status(dana, orderId);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ success: false, statusCode: 404, message: 'Order not found.' });
    expect(other.body).not.toContain(hold._id);
    expect((await status(dana, '00000000-0000-4000-8000-000000000000')).json()).toEqual(other.json());

    const visitor = await status(undefined, orderId);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.body).not.toContain(hold._id);
    expect((await status(casey, 'not-an-id')).statusCode).toBe(400);
  });

  it('a payment that came after the slot was re-taken reads as refunded, never as paid and clean', async () => {
    const hold = await book(t.app, casey, court._id, '2027-03-05', '08:00', '09:00');
    const { orderId, session } = await openStripeCheckout(t.app, stub, casey, [hold._id], 20);
    // The session (and so the hold) lapses; Dana takes the slot; then Casey's payment arrives.
    t.clock.advance(32 * MINUTE);
    await book(t.app, dana, court._id, '2027-03-05', '08:00', '09:00');
    expect((await deliver(t.app, stripeEvent('checkout.session.completed', stub.pay(session.id)))).statusCode).toBe(200);

    const late = (await status(casey, orderId)).json().data;
    expect(late).toMatchObject({ id: orderId, status: 'refunded', refundState: 'refunded' });
    expect(late.bookings).toEqual([expect.objectContaining({ id: hold._id, status: 'expired', paymentStatus: 'refunded' })]);
  });

  it('is declared in the OpenAPI document with its response', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const op = doc.paths['/api/order/{id}'].get;
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '401', '404']));
    const data = op.responses['200'].content['application/json'].schema.properties.data;
    expect(Object.keys(data.properties).sort()).toEqual(['amount', 'bookings', 'closedReason', 'description', 'flagged', 'id', 'kind', 'refundState', 'status']);
    const create = doc.paths['/api/order/create'].post;
    expect(Object.keys(create.responses)).toContain('503');
  });
});
