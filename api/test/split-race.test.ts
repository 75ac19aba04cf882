import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, book, customer, facility, type Actor } from './support/actors.ts';
import { describeOnPostgres } from './support/databases.ts';
import { listenLocally, race } from './support/race.ts';
import { StripeStub, signedHeaders, stripeEvent } from './support/stripe-stub.ts';
import { coverDueShares } from '../src/payments/split/cover.ts';

const ROUNDS = 5;
const PAGES = 8;
const DUE_BOOKINGS = 6;

/**
 * The two money rules of split payment raced on PostgreSQL by two API processes (two apps, two
 * pools, one database) with Stripe's stand-in: a share is paid once, however many of its pages
 * take money at the same moment (Stripe's webhooks race over real HTTP to both processes; every
 * other payment goes back); and at the due time both processes sweeping at once charge each
 * booking's unpaid shares once.
 */
describeOnPostgres('split payment raced by two API processes on PostgreSQL', () => {
  let stub: StripeStub;
  let a: TestApp;
  let b: TestApp;
  let bases: string[];
  let court: { _id: string };
  let day = 0;

  const send = (method: 'GET' | 'POST', url: string, who: Actor, payload?: object) => a.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
  const sessionOf = (orderId: string) => [...stub.sessions.values()].find((s) => s.metadata.order_id === orderId)!;
  /** Stripe's webhook for a paid session, delivered over real HTTP to one of the processes. */
  const webhook = async (base: string, orderId: string) => {
    const payload = JSON.stringify(stripeEvent('checkout.session.completed', stub.pay(sessionOf(orderId).id)));
    const res = await fetch(`${base}/api/payments/stripe/webhook`, { method: 'POST', headers: signedHeaders(payload), body: payload });
    return res.status;
  };
  /** A booking paid split at Stripe by a new organizer; answers it, its organizer and its link's token. */
  const splitBooking = async (name: string) => {
    const organizer = await customer(a.app, name);
    const booking = await book(a.app, organizer, court._id, `2027-04-${String(1 + day++).padStart(2, '0')}`, '18:00', '19:00');
    const res = await send('POST', '/api/order/create', organizer, { totalPayableAmount: 20, bookingIds: [{ bookingId: booking._id }], split: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(await webhook(bases[0]!, res.json().data.orderId)).toBe(200);
    const link = (await send('GET', `/api/bookings/${booking._id}/players`, organizer)).json().data.inviteUrl as string;
    return { organizer, booking, token: new URL(link).pathname.split('/').pop()! };
  };

  beforeAll(async () => {
    stub = await new StripeStub().start();
    a = await createTestApp({ env: stub.env() });
    b = await createTestApp({ env: stub.env(), sharing: a });
    bases = [await listenLocally(a.app), await listenLocally(b.app)];
    court = await facility(a.app, await admin(a.app), { name: 'Padel Race', sport: 'padel', pricePerHour: 20 });
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await stub?.stop();
  });

  it(`${ROUNDS} rounds: a share paid on ${PAGES} pages at once keeps one payment; the other ${PAGES - 1} go back whole`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { booking, token } = await splitBooking(`Organizer ${round}`);
      const player = await customer(a.app, `Player ${round}`);
      expect((await send('POST', `/api/join/${token}`, player)).statusCode).toBe(200);
      // Each checkout replaces the one before; the player pays on every page before Stripe reports any.
      const orderIds: string[] = [];
      for (let i = 0; i < PAGES; i++) orderIds.push((await send('POST', `/api/bookings/${booking._id}/share/checkout`, player)).json().data.orderId as string);
      const statuses = await race(orderIds.map((id, i) => () => webhook(bases[i % 2]!, id)));
      expect(statuses).toEqual(Array(PAGES).fill(200));
      const shares = await a.database.db.selectFrom('booking_shares').select(['status', 'order_id', 'paid_by']).where('booking_id', '=', booking._id).where('seq', '>', 0).execute();
      const paid = shares.filter((s) => s.status === 'paid');
      expect(paid).toHaveLength(1);
      expect(paid[0]!.paid_by).toBe(player.id);
      const refunded = await a.database.db.selectFrom('refunds').select(['order_id', 'amount_cents']).where('order_id', 'in', orderIds).execute();
      expect(refunded.map((r) => r.order_id).sort()).toEqual(orderIds.filter((id) => id !== paid[0]!.order_id).sort());
      expect(refunded.every((r) => r.amount_cents === 500)).toBe(true);
    }
  }, 180_000);

  it(`the due time swept by both processes at once: each of ${DUE_BOOKINGS} bookings is charged its unpaid shares once`, async () => {
    const due: { bookingId: string; organizerId: string }[] = [];
    for (let i = 0; i < DUE_BOOKINGS; i++) {
      const { booking, organizer } = await splitBooking(`Due ${i}`);
      due.push({ bookingId: booking._id, organizerId: organizer.id });
    }
    const { rows: [last] } = await sql<{ at: Date }>`SELECT max(shares_due_at) AS at FROM bookings`.execute(a.database.db);
    for (const app of [a, b]) app.clock.set(last!.at.toISOString());
    await race([() => coverDueShares(a.app.ctx), () => coverDueShares(b.app.ctx), () => coverDueShares(a.app.ctx), () => coverDueShares(b.app.ctx)]);
    for (const { bookingId, organizerId } of due) {
      const covers = await a.database.db
        .selectFrom('orders as o')
        .innerJoin('order_bookings as ob', 'ob.order_id', 'o.id')
        .select(['o.id', 'o.status', 'o.amount_cents', 'o.user_id'])
        .where('ob.booking_id', '=', bookingId)
        .where('o.kind', '=', 'cover')
        .execute();
      expect(covers).toEqual([{ id: expect.any(String), status: 'paid', amount_cents: 1500, user_id: organizerId }]);
      expect([...stub.paymentIntents.values()].filter((i) => i.metadata.order_id === covers[0]!.id)).toHaveLength(1);
    }
    expect(await coverDueShares(b.app.ctx)).toEqual({ covered: 0, retried: 0 });
  }, 180_000);
});
