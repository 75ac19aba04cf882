import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, book, customer, facility, type Actor } from './support/actors.ts';
import { countOverlaps, describeOnPostgres } from './support/databases.ts';
import { listenLocally, race } from './support/race.ts';
import { StripeStub, openStripeCheckout, signedHeaders, stripeEvent } from './support/stripe-stub.ts';

const MINUTE = 60_000;
const RACES = 12;

describeOnPostgres('late Stripe payment racing a new booking, over real sockets and a real pool (PostgreSQL)', () => {
  let stub: StripeStub;
  let t: TestApp;
  let base: string;
  let staff: Actor;
  let casey: Actor;
  let dana: Actor;

  beforeAll(async () => {
    stub = await new StripeStub().start();
    t = await createTestApp({ env: stub.env() });
    base = await listenLocally(t.app);
    staff = await admin(t.app);
    casey = await customer(t.app, 'Casey Late');
    dana = await customer(t.app, 'Dana Quick');
  });
  afterAll(async () => {
    await t?.close();
    await stub?.stop();
  });

  it('every race ends with exactly one owner of the slot; a payment that lost is refunded through Stripe and flagged', async () => {
    const races = [];
    for (let i = 0; i < RACES; i++) {
      const court = await facility(t.app, staff, { pricePerHour: 25 });
      const hold = await book(t.app, casey, court._id, '2027-03-02', '10:00', '11:00');
      const { orderId, session } = await openStripeCheckout(t.app, stub, casey, [hold._id], 25);
      races.push({ court, hold, orderId, event: stripeEvent('checkout.session.completed', stub.pay(session.id)) });
    }
    // Stripe took the money, but its webhook is late: the session (and with it the hold) has lapsed.
    t.clock.advance(32 * MINUTE);

    const post = (url: string, headers: Record<string, string>, body: string) => fetch(`${base}${url}`, { method: 'POST', headers, body });
    const results = await Promise.all(races.map(async (r) => {
      const payload = JSON.stringify(r.event);
      const [booking, webhook, duplicate] = await race([
        () => post('/api/bookings', { ...dana.auth, 'content-type': 'application/json' }, JSON.stringify({ facility: r.court._id, date: '2027-03-02', startTime: '10:00', endTime: '11:00' })),
        () => post('/api/payments/stripe/webhook', signedHeaders(payload), payload),
        () => post('/api/payments/stripe/webhook', signedHeaders(payload), payload),
      ]);
      const outcomeOf = async (res: Response) => ((await res.json()) as { data: { outcome: string } }).data.outcome;
      return { setup: r, booking: booking.status, webhooks: [webhook.status, duplicate.status], outcomes: [await outcomeOf(webhook), await outcomeOf(duplicate)] };
    }));

    let lateRefunds = 0;
    for (const { setup, booking, webhooks, outcomes } of results) {
      expect(webhooks).toEqual([200, 200]);
      expect(outcomes.sort()).toEqual(['applied', 'duplicate']);
      expect([201, 409]).toContain(booking);
      const mine = await t.database.db.selectFrom('bookings').selectAll().where('id', '=', setup.hold._id).executeTakeFirstOrThrow();
      const order = await t.database.db.selectFrom('orders').selectAll().where('id', '=', setup.orderId).executeTakeFirstOrThrow();
      const refunds = stub.refunds.filter((r) => r.metadata.order_id === setup.orderId);
      if (booking === 201) {
        // Dana's booking won: Casey's money goes back, once, and staff are told.
        lateRefunds++;
        expect(mine).toMatchObject({ status: 'expired', payment_status: 'refunded' });
        expect(order).toMatchObject({ status: 'refunded', refunded_cents: 2500 });
        expect(order.flag_reason).toMatch(/released/);
        expect(refunds.map((r) => r.amount)).toEqual([2500]);
      } else {
        // The payment won: Casey keeps the slot and nothing is refunded.
        expect(mine).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
        expect(order).toMatchObject({ status: 'paid', refunded_cents: 0, flag_reason: null });
        expect(refunds).toEqual([]);
      }
    }
    expect(await countOverlaps(t.database.db)).toBe(0);
    const active = await t.database.db.selectFrom('bookings').select(['facility_id']).where('status', 'in', ['pending', 'confirmed']).where('facility_id', 'in', races.map((r) => r.court._id)).execute();
    expect(active).toHaveLength(RACES);
    console.info(`late-payment race: ${lateRefunds} of ${RACES} payments lost to a new booking and were refunded; ${RACES - lateRefunds} kept their slot`);
  }, 120_000);
});
