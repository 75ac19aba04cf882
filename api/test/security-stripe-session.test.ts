import { describe, expect, it } from 'vitest';
import { book } from './support/actors.ts';
import { useStripeApp, type StripeApp } from './support/stripe-app.ts';
import { deliver, openStripeCheckout, stripeEvent, type StubSession } from './support/stripe-stub.ts';

/**
 * Attack round 3, high: Stripe sends every Checkout Session of the account to the webhook, and a
 * Payment Link lets a buyer set `client_reference_id`. An order is settled (or released) only by
 * its own session, for the amount and currency it was opened with; any other session naming it
 * is acknowledged, changes nothing, and (when it took money) flags the order for staff.
 */
describe('Stripe webhook: only an order\'s own session settles it', () => {
  let s: StripeApp;
  useStripeApp('2027-03-01T15:00:00Z', (setup) => (s = setup));

  const rows = async (bookingId: string, orderId: string) => ({
    booking: await s.t.database.db.selectFrom('bookings').select(['status', 'payment_status']).where('id', '=', bookingId).executeTakeFirstOrThrow(),
    order: await s.t.database.db.selectFrom('orders').select(['status', 'paid_at', 'payment_ref', 'flag_reason']).where('id', '=', orderId).executeTakeFirstOrThrow(),
  });
  const staffNotices = async (orderId: string) =>
    (await s.t.database.db.selectFrom('outbox_messages').select(['kind', 'text_body']).where('kind', '=', 'payment_flagged').execute()).filter((m) => m.text_body.includes(orderId));

  /** A held $40 booking with its own open Stripe checkout. */
  async function openOrder(startTime: string, endTime: string) {
    const hold = await book(s.t.app, s.casey, s.court._id, '2027-03-04', startTime, endTime);
    const { orderId, session } = await openStripeCheckout(s.t.app, s.stub, s.casey, [hold._id], hold.payableAmount);
    return { hold, orderId, session };
  }

  /** A paid session of the same Stripe account that names `orderId` but is not its checkout (a $1 Payment Link, say). */
  const foreignSession = (orderId: string, over: Partial<StubSession> = {}): StubSession => ({
    id: 'cs_test_other_payment_link',
    object: 'checkout.session',
    url: 'https://checkout.stripe.test/other',
    status: 'complete',
    payment_status: 'paid',
    payment_intent: 'pi_test_other_payment_link',
    client_reference_id: orderId,
    customer_email: null,
    metadata: {},
    amount_total: 100,
    currency: 'usd',
    expires_at: Math.floor(Date.parse('2027-03-02T15:00:00Z') / 1000),
    success_url: 'https://example.com/ok',
    cancel_url: 'https://example.com/cancel',
    customer: null,
    saves_card: false,
    ...over,
  });

  it('a $1 session naming the order by client_reference_id pays nothing, and staff are told', async () => {
    const { hold, orderId } = await openOrder('08:00', '10:00');
    const before = await rows(hold._id, orderId);
    const res = await deliver(s.t.app, stripeEvent('checkout.session.completed', foreignSession(orderId)));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.outcome).toBe('refused');
    const after = await rows(hold._id, orderId);
    expect(after.booking).toEqual(before.booking);
    expect(after.booking).toEqual({ status: 'pending', payment_status: 'unpaid' });
    expect(after.order.status).toBe('pending');
    expect(after.order.paid_at).toBeNull();
    expect(after.order.flag_reason).toMatch(/cs_test_other_payment_link/);
    expect(after.order.flag_reason).toMatch(/\$1\.00/);
    expect((await staffNotices(orderId)).length).toBeGreaterThan(0);
  });

  it('the same, naming the order in metadata, for the full amount: still not its session', async () => {
    const { hold, orderId } = await openOrder('10:00', '12:00');
    const res = await deliver(s.t.app, stripeEvent('checkout.session.completed', foreignSession(orderId, { id: 'cs_test_metadata', client_reference_id: null, metadata: { order_id: orderId }, amount_total: 4000 })));
    expect(res.json().data.outcome).toBe('refused');
    expect((await rows(hold._id, orderId)).booking).toEqual({ status: 'pending', payment_status: 'unpaid' });
  });

  it('an expired foreign session naming the order does not release its hold (no money: no flag)', async () => {
    const { hold, orderId } = await openOrder('12:00', '14:00');
    const res = await deliver(s.t.app, stripeEvent('checkout.session.expired', foreignSession(orderId, { id: 'cs_test_expired_other', status: 'expired', payment_status: 'unpaid', payment_intent: null })));
    expect(res.json().data.outcome).toBe('ignored');
    const after = await rows(hold._id, orderId);
    expect(after.order.status).toBe('pending');
    expect(after.order.flag_reason).toBeNull();
    expect(after.booking.status).toBe('pending');
  });

  it("the order's own session with another amount or currency settles nothing and is flagged", async () => {
    const cheap = await openOrder('14:00', '16:00');
    const underpaid = { ...s.stub.pay(cheap.session.id), amount_total: 100 };
    expect((await deliver(s.t.app, stripeEvent('checkout.session.completed', underpaid))).json().data.outcome).toBe('refused');
    const afterCheap = await rows(cheap.hold._id, cheap.orderId);
    expect(afterCheap.booking.status).toBe('pending');
    expect(afterCheap.order.flag_reason).toMatch(/\$1\.00.*\$40\.00/);

    const foreignMoney = await openOrder('16:00', '18:00');
    const inEuros = { ...s.stub.pay(foreignMoney.session.id), currency: 'eur' };
    expect((await deliver(s.t.app, stripeEvent('checkout.session.completed', inEuros))).json().data.outcome).toBe('refused');
    expect((await rows(foreignMoney.hold._id, foreignMoney.orderId)).order.flag_reason).toMatch(/EUR/);
  });

  it('control: the order\'s own session, for its amount, confirms it', async () => {
    const { hold, orderId, session } = await openOrder('18:00', '20:00');
    const res = await deliver(s.t.app, stripeEvent('checkout.session.completed', s.stub.pay(session.id)));
    expect(res.json().data.outcome).toBe('applied');
    const after = await rows(hold._id, orderId);
    expect(after.booking).toEqual({ status: 'confirmed', payment_status: 'paid' });
    expect(after.order.flag_reason).toBeNull();
  });
});
