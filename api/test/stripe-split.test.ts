import { describe, expect, it } from 'vitest';
import type { BookingPlayersDto } from '@courtside/contracts';
import { book, customer, type Actor } from './support/actors.ts';
import { mailsTo } from './support/outbox.ts';
import { useStripeApp, type StripeApp } from './support/stripe-app.ts';
import { deliver, stripeEvent, type StubSession } from './support/stripe-stub.ts';
import { deliverMail } from '../src/mail/sender.ts';
import { coverDueShares } from '../src/payments/split/cover.ts';

// Clock: 2027-03-01T15:00Z = 10:00 in New York. The court: $20 an hour, four players ($5.00 shares).
const START = '2027-03-01T15:00:00Z';

/**
 * Split payment with Stripe (the SDK against the local stand-in): the organizer's Checkout
 * Session keeps their card for later, players pay on sessions of their own, and at the due time
 * the unpaid shares are one off-session PaymentIntent on that card, with the cover order as
 * idempotency key; a declined charge flags the booking; refunds go back through each payer's payment.
 */
describe('split payment with Stripe', () => {
  let { stub, t, staff, court } = {} as StripeApp;
  let day = 0;
  const nextDay = () => `2027-03-${String(10 + day++).padStart(2, '0')}`;
  useStripeApp(START, (setup) => ({ stub, t, staff, court } = setup));

  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, who: Actor, payload?: object) =>
    t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
  const sessionOf = (orderId: string): StubSession => [...stub.sessions.values()].find((s) => s.metadata.order_id === orderId)!;
  /** The customer pays on Stripe's page and Stripe tells us. */
  const payAtStripe = async (orderId: string) => {
    const paid = stub.pay(sessionOf(orderId).id);
    expect((await deliver(t.app, stripeEvent('checkout.session.completed', paid))).statusCode).toBe(200);
  };
  const orderRow = (id: string) => t.database.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const coverOf = (userId: string) => t.database.db.selectFrom('orders').selectAll().where('kind', '=', 'cover').where('user_id', '=', userId).execute();

  /** An organizer's booking paid split at Stripe, and a player who joined and paid their share there. */
  const splitAtStripe = async (name: string) => {
    const organizer = await customer(t.app, name);
    const booking = await book(t.app, organizer, court._id, nextDay(), '18:00', '19:00');
    const res = await send('POST', '/api/order/create', organizer, { totalPayableAmount: 20, bookingIds: [{ bookingId: booking._id }], split: true });
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json().data.orderId as string;
    await payAtStripe(orderId);
    const players = (await send('GET', `/api/bookings/${booking._id}/players`, organizer)).json().data as BookingPlayersDto;
    const player = await customer(t.app, `${name} Friend`);
    expect((await send('POST', `/api/join/${new URL(players.inviteUrl!).pathname.split('/').pop()}`, player)).statusCode).toBe(200);
    const share = await send('POST', `/api/bookings/${booking._id}/share/checkout`, player);
    expect(share.statusCode, share.body).toBe(201);
    const shareOrderId = share.json().data.orderId as string;
    await payAtStripe(shareOrderId);
    return { organizer, booking, orderId, player, shareOrderId };
  };
  const atDueTime = async (bookingId: string) => {
    const { shares_due_at: dueAt } = await t.database.db.selectFrom('bookings').select('shares_due_at').where('id', '=', bookingId).executeTakeFirstOrThrow();
    t.clock.set(dueAt!.toISOString());
  };

  it("the organizer's session asks to keep the card; a player's does not; each is priced at its share", async () => {
    const { orderId, shareOrderId } = await splitAtStripe('Sage Saver');
    const organizerCall = stub.calls('POST', '/v1/checkout/sessions').find((c) => c.form['metadata[order_id]'] === orderId)!;
    expect(organizerCall.form).toMatchObject({
      'payment_intent_data[setup_future_usage]': 'off_session',
      customer_creation: 'always',
      'line_items[0][price_data][unit_amount]': '500',
    });
    expect(organizerCall.form['line_items[0][price_data][product_data][name]']).toMatch(/\(your share, 1 of 4\)$/);
    const playerCall = stub.calls('POST', '/v1/checkout/sessions').find((c) => c.form['metadata[order_id]'] === shareOrderId)!;
    expect(playerCall.form['payment_intent_data[setup_future_usage]']).toBeUndefined();
    expect(playerCall.form.customer_creation).toBeUndefined();
    expect(playerCall.form['line_items[0][price_data][unit_amount]']).toBe('500');
    expect((await orderRow(shareOrderId)).status).toBe('paid');
  });

  it('at the due time the unpaid shares are one off-session charge on the saved card, keyed by the cover order; a lost answer is retried with the same key', async () => {
    const { organizer, booking, orderId } = await splitAtStripe('Carl Cover');
    await atDueTime(booking._id);
    // Stripe fails three times in a row (the SDK's own two retries included): no answer, the charge stays to try.
    const saved = stub.paymentIntents.get((await orderRow(orderId)).payment_ref!)!;
    const before = stub.calls('POST', '/v1/payment_intents').length;
    stub.failNext('POST', '/v1/payment_intents', 3, { customer: saved.customer! });
    expect((await coverDueShares(t.app.ctx)).covered).toBeGreaterThanOrEqual(1);
    const [pending] = await coverOf(organizer.id);
    expect(pending).toMatchObject({ status: 'pending', amount_cents: 1000 });
    expect((await coverDueShares(t.app.ctx)).retried).toBe(0);
    t.clock.advance(61_000);
    expect((await coverDueShares(t.app.ctx)).retried).toBe(1);
    const charges = stub.calls('POST', '/v1/payment_intents').slice(before).filter((c) => c.form['metadata[order_id]'] === pending!.id);
    expect(charges.length).toBeGreaterThanOrEqual(2);
    expect(new Set(charges.map((c) => c.idempotencyKey))).toEqual(new Set([`cover-${pending!.id}`]));
    expect(charges.at(-1)!.form).toMatchObject({ amount: '1000', currency: 'usd', customer: saved.customer, payment_method: saved.payment_method, off_session: 'true', confirm: 'true' });
    const [paid] = await coverOf(organizer.id);
    expect(paid).toMatchObject({ status: 'paid', amount_cents: 1000 });
    expect(stub.paymentIntents.get(paid!.payment_ref!)).toMatchObject({ amount: 1000, off_session: true });
    expect([...stub.paymentIntents.values()].filter((i) => i.metadata.order_id === paid!.id)).toHaveLength(1);
  });

  it("a declined charge flags the booking for staff and shows the organizer what is owed; the booking stays", async () => {
    const { organizer, booking } = await splitAtStripe('Dee Declined');
    await atDueTime(booking._id);
    stub.declineCharges = 1;
    await coverDueShares(t.app.ctx);
    const [declined] = await coverOf(organizer.id);
    expect(declined).toMatchObject({ status: 'cancelled', amount_cents: 1000 });
    expect(declined!.flag_reason).toContain("The organizer's card was declined for $10.00");
    const players = (await send('GET', `/api/bookings/${booking._id}/players`, organizer)).json().data as BookingPlayersDto;
    expect(players.split).toMatchObject({ owedAmount: 10, open: 0 });
    expect((await t.database.db.selectFrom('bookings').select('status').where('id', '=', booking._id).executeTakeFirstOrThrow()).status).toBe('confirmed');
    const flagged = (await send('GET', '/api/admin/payments?filter=%7B%22flagged%22%3Atrue%7D', staff)).json() as { id: string }[];
    expect(flagged.map((p) => p.id)).toContain(declined!.id);
    // Nothing is charged twice: the declined charge is not tried again.
    t.clock.advance(120_000);
    expect(await coverDueShares(t.app.ctx)).toEqual({ covered: 0, retried: 0 });
    await deliverMail(t.app.ctx);
    const told = (await mailsTo(t.database.db, organizer.email)).map((m) => m.subject);
    expect(told).toContain('Payment declined: $10.00 still owed - Courtside');
  });

  it('staff cancelling a split booking refund each payer through their own payment', async () => {
    const { organizer, booking, orderId, shareOrderId } = await splitAtStripe('Rae Refund');
    const before = stub.refunds.length;
    expect((await send('DELETE', `/api/bookings/${booking._id}`, staff)).statusCode).toBe(200);
    const sent = stub.refunds.slice(before).map((r) => [r.payment_intent, r.amount]);
    expect(sent).toEqual(expect.arrayContaining([
      [(await orderRow(orderId)).payment_ref, 500],
      [(await orderRow(shareOrderId)).payment_ref, 500],
    ]));
    expect(sent).toHaveLength(2);
    expect((await orderRow(orderId)).user_id).toBe(organizer.id);
  });
});
