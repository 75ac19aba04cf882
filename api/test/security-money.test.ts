import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { describeOnPostgres } from './support/databases.ts';
import { admin, book, customer, facility, type Actor } from './support/actors.ts';
import { listenLocally, race } from './support/race.ts';
import { StripeStub, deliver, openStripeCheckout, stripeEvent } from './support/stripe-stub.ts';

// Attack round 3, money: promo uses kept by overlapping checkouts, desk refunds,
// one open checkout per booking and one flag notice per order and reason, $0 orders.

// Clock: 2027-03-01T15:00Z = 10:00 on 1 March in New York, the venue's zone.
const START = '2027-03-01T15:00:00Z';

/** Successive free hours on a court, from 08:00 on 2 March. */
function slots() {
  let day = 2;
  let hour = 8;
  const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
  return () => {
    if (hour + 1 > 22) {
      day += 1;
      hour = 8;
    }
    const slot = { date: `2027-03-${String(day).padStart(2, '0')}`, startTime: hh(hour), endTime: hh(hour + 1) };
    hour += 1;
    return slot;
  };
}

type Booking = { _id: string; payableAmount: number };

const orderPayload = (bookings: Booking[], promoCode?: string) => ({
  totalPayableAmount: bookings.reduce((sum, b) => sum + b.payableAmount, 0),
  bookingIds: bookings.map((b) => ({ bookingId: b._id })),
  ...(promoCode ? { promoCode } : {}),
});

function useApp(env: () => Record<string, string> = () => ({})) {
  const s = {} as { t: TestApp; staff: Actor; court: { _id: string; name: string }; next: () => { date: string; startTime: string; endTime: string } };
  beforeAll(async () => {
    s.t = await createTestApp({ clockStart: START, env: env() });
    s.staff = await admin(s.t.app, 'Desk Dee');
    s.court = await facility(s.t.app, s.staff, { name: 'Centre Court', location: '1 Main St', pricePerHour: 20 });
    s.next = slots();
  }, 60_000);
  afterAll(() => s.t?.close());
  beforeEach(() => s.t.clock.set(START));
  return s;
}

describe('money, attack round 3', () => {
  const s = useApp();
  const hold = (actor: Actor) => {
    const slot = s.next();
    return book(s.t.app, actor, s.court._id, slot.date, slot.startTime, slot.endTime);
  };
  const order = (actor: Actor, bookings: Booking[], promoCode?: string) =>
    s.t.app.inject({ method: 'POST', url: '/api/order/create', headers: actor.auth, payload: orderPayload(bookings, promoCode) });
  /** Pays a sandbox page as its Pay button does; true when the money was taken. */
  async function pay(paymentUrl: string): Promise<boolean> {
    const page = await s.t.app.inject({ url: paymentUrl });
    const signature = /name="signature" value="([0-9a-f]+)"/.exec(page.body)?.[1];
    if (!signature) return false;
    const paid = await s.t.app.inject({ method: 'POST', url: `${paymentUrl}/confirm`, payload: { signature } });
    return String(paid.headers.location).startsWith('/payment/success');
  }
  const promo = async (terms: Record<string, unknown>) => {
    const res = await s.t.app.inject({ method: 'POST', url: '/api/admin/promo-codes', headers: s.staff.auth, payload: terms });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; code: string };
  };
  const usesOf = async (id: string) => (await s.t.app.inject({ url: `/api/admin/promo-codes/${id}`, headers: s.staff.auth })).json().uses as number;
  const openOrdersOf = async (bookingId: string) =>
    (await s.t.database.db.selectFrom('orders as o').innerJoin('order_bookings as ob', 'ob.order_id', 'o.id').select('o.id').where('ob.booking_id', '=', bookingId).where('o.status', '=', 'pending').execute()).map((r) => r.id);
  const outbox = (recipient: string, kind: string) =>
    s.t.database.db.selectFrom('outbox_messages').select(['subject', 'text_body']).where('recipient', '=', recipient).where('kind', '=', kind).orderBy('created_at').execute();

  describe('#3 a promo use is taken when the order opens, and overlapping orders cannot both keep it', () => {
    it('checkouts of [X,Y1], [X,Y2], [X,Y3] with a 1-use code: one order keeps the code, one is paid, the code shows 1 use of 1', async () => {
      const { id, code } = await promo({ code: 'ONCE-ONLY', amountOff: 5, maxUses: 1 });
      const buyer = await customer(s.t.app, 'Overlap Olly');
      const x = await hold(buyer);
      const ys = [await hold(buyer), await hold(buyer), await hold(buyer)];
      const urls: string[] = [];
      for (const y of ys) {
        const res = await order(buyer, [x, y], code);
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json().data).toMatchObject({ promoCode: code, discount: 5 });
        urls.push(res.json().data.payment_url);
      }
      // Each checkout replaced the one before: only the last one is open, and only it can take money.
      const paid = [];
      for (const url of urls) paid.push(await pay(url));
      expect(paid).toEqual([false, false, true]);
      expect(await usesOf(id)).toBe(1);
      const withCode = await s.t.database.db.selectFrom('orders').select('status').where('promo_code_id', '=', id).where('status', 'in', ['paid', 'pending']).execute();
      expect(withCode).toEqual([{ status: 'paid' }]);
    });
  });

  describe('#12 one open checkout per booking; one flag notice per order and reason', () => {
    it('opening a second checkout for a booking cancels the first one (its page takes no money)', async () => {
      const buyer = await customer(s.t.app, 'Twice Tess');
      const b = await hold(buyer);
      const first = (await order(buyer, [b])).json().data;
      const second = (await order(buyer, [b])).json().data;
      expect(await openOrdersOf(b._id)).toEqual([second.orderId]);
      expect(await pay(first.payment_url)).toBe(false);
      expect(await pay(second.payment_url)).toBe(true);
      const row = await s.t.database.db.selectFrom('orders').select(['status', 'flag_reason']).where('id', '=', first.orderId).executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'cancelled', flag_reason: null });
    });
  });

  describe('#16 a $0 order confirms at once, whatever made it free', () => {
    it('a customer whose tier takes 100% off checks out and is confirmed without a payment page', async () => {
      const tier = await s.t.app.inject({ method: 'POST', url: '/api/admin/tiers', headers: s.staff.auth, payload: { name: 'Honorary', discountPercent: 100 } });
      expect(tier.statusCode, tier.body).toBe(201);
      const member = await customer(s.t.app, 'Free Freddie');
      const assigned = await s.t.app.inject({ method: 'PUT', url: `/api/admin/users/${member.id}`, headers: s.staff.auth, payload: { tierId: tier.json().id } });
      expect(assigned.statusCode, assigned.body).toBe(200);
      const b = await hold(member);
      expect(b.payableAmount).toBe(0);
      const res = await order(member, [b]);
      expect(res.statusCode, res.body).toBe(201);
      const data = res.json().data;
      expect(data).toMatchObject({ totalPayableAmount: 0, payment_url: `/payment/success?order=${data.orderId}` });
      expect(await s.t.database.db.selectFrom('orders').select(['status', 'provider']).where('id', '=', data.orderId).executeTakeFirstOrThrow()).toEqual({ status: 'paid', provider: 'free' });
      expect(await s.t.database.db.selectFrom('bookings').select(['status', 'payment_status']).where('id', '=', b._id).executeTakeFirstOrThrow()).toEqual({ status: 'confirmed', payment_status: 'paid' });
    });
  });

  describe('#8 desk money is refunded at the desk: a to-do for staff until done', () => {
    it('an online cancellation of a desk-paid booking: refund to collect, the customer told where, staff told, then marked done by who and when', async () => {
      const casey = await customer(s.t.app, 'Cash Casey');
      const slot = s.next();
      const made = await s.t.app.inject({
        method: 'POST', url: '/api/admin/bookings', headers: s.staff.auth,
        payload: { facilityId: s.court._id, ...slot, userId: casey.id, payment: 'desk' },
      });
      expect(made.statusCode, made.body).toBe(201);
      const bookingId = made.json()._id as string;
      const sentence = 'Your $20.00 will be refunded at the front desk of Centre Court, 1 Main St.';

      // Before cancelling, My bookings says where the money would go back.
      const mine = async () => ((await s.t.app.inject({ url: `/api/bookings/user/${casey.id}`, headers: casey.auth })).json().data as Record<string, unknown>[]).find((b) => b._id === bookingId)!;
      expect(await mine()).toMatchObject({ paymentStatus: 'paid', refundVia: 'desk' });

      const cancelled = await s.t.app.inject({ method: 'DELETE', url: `/api/bookings/${bookingId}`, headers: casey.auth });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json().data).toMatchObject({ status: 'cancelled', refundState: 'to_collect', refundedAmount: 0, refundVia: 'desk' });
      const refund = await s.t.database.db.selectFrom('refunds as r').innerJoin('orders as o', 'o.id', 'r.order_id').select(['r.id', 'r.status', 'r.order_id']).where('r.booking_id', '=', bookingId).executeTakeFirstOrThrow();
      expect(refund.status).toBe('to_collect');

      // The customer's email says where to collect it, not that a card was refunded.
      const [mail] = await outbox(casey.email, 'booking_cancelled');
      expect(mail!.text_body).toContain(sentence);
      expect(mail!.text_body).not.toContain('card');
      // Staff are told there is money to hand back.
      const notice = await outbox(s.staff.email, 'refund_to_collect');
      expect(notice).toHaveLength(1);
      expect(notice[0]!.subject).toContain('$20.00');
      expect(notice[0]!.text_body).toContain('Cash Casey');

      // No provider is asked and the sweeper leaves it alone, however long it waits.
      s.t.clock.advance(3 * 3_600_000);
      const { retryDueRefunds } = await import('../src/payments/refunds.ts');
      expect(await retryDueRefunds(s.t.app.ctx)).toBe(0);
      const payment = (await s.t.app.inject({ url: `/api/admin/payments/${refund.order_id}`, headers: s.staff.auth })).json();
      expect(payment).toMatchObject({ refundState: 'to_collect', refunds: [{ id: refund.id, status: 'to_collect', handedBackAt: null, handedBackBy: null }] });
      // The back office's to-do list: payments with desk money to hand back.
      const toCollect = async () =>
        ((await s.t.app.inject({ url: `/api/admin/payments?filter=${encodeURIComponent(JSON.stringify({ toCollect: true }))}`, headers: s.staff.auth })).json() as { id: string }[]).map((p) => p.id);
      expect(await toCollect()).toEqual([refund.order_id]);

      // Staff hand it back and record it: once.
      const done = await s.t.app.inject({ method: 'POST', url: `/api/admin/refunds/${refund.id}/handed-back`, headers: s.staff.auth });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({ refundState: 'refunded', refunds: [{ status: 'succeeded', handedBackAt: s.t.clock.now().toISOString(), handedBackBy: { id: s.staff.id, name: 'Desk Dee' } }] });
      const again = await s.t.app.inject({ method: 'POST', url: `/api/admin/refunds/${refund.id}/handed-back`, headers: s.staff.auth });
      expect(again.json()).toMatchObject({ statusCode: 409, code: 'NOT_TO_COLLECT' });
      expect(await toCollect()).toEqual([]);
      expect(await mine()).toMatchObject({ refundState: 'refunded', refundedAmount: 20 });
      const customerCannot = await s.t.app.inject({ method: 'POST', url: `/api/admin/refunds/${refund.id}/handed-back`, headers: casey.auth });
      expect(customerCannot.statusCode).toBe(403);
    });
  });
});

describe('#12 flag notices: one per order and reason (Stripe)', () => {
  let stub: StripeStub;
  let t: TestApp;
  beforeAll(async () => {
    stub = await new StripeStub().start();
    t = await createTestApp({ clockStart: START, env: stub.env() });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await stub?.stop();
  });

  it('the same reason flagged twice on one order mails staff once; a second checkout closes the first session at Stripe', async () => {
    const staff = await admin(t.app, 'Flag Fran');
    const court = await facility(t.app, staff, { pricePerHour: 20 });
    const buyer = await customer(t.app, 'Flagged Flo');
    const b = await book(t.app, buyer, court._id, '2027-03-05', '08:00', '09:00');
    const first = await openStripeCheckout(t.app, stub, buyer, [b._id], 20);
    const second = await openStripeCheckout(t.app, stub, buyer, [b._id], 20);
    expect(stub.sessions.get(first.session.id)!.status).toBe('expired');
    expect(stub.sessions.get(second.session.id)!.status).toBe('open');

    // Two dashboard refunds of $5 each: the same reason twice on one order.
    const paid = stub.pay(second.session.id);
    expect((await deliver(t.app, stripeEvent('checkout.session.completed', paid))).statusCode).toBe(200);
    for (const amount of [500, 1000]) {
      const charge = { id: 'ch_flag', object: 'charge', amount: 2000, amount_refunded: amount, payment_intent: paid.payment_intent, metadata: { order_id: second.orderId } };
      expect((await deliver(t.app, stripeEvent('charge.refunded', charge))).statusCode).toBe(200);
    }
    const flagged = await t.database.db.selectFrom('outbox_messages').select('id').where('kind', '=', 'payment_flagged').where('recipient', '=', staff.email).execute();
    expect(flagged).toHaveLength(1);
  });
});

// Real concurrency needs real connections: PGlite serves one at a time, so there it would prove nothing.
// With Stripe (the stub): its checkouts extend the holds, the path where checkouts and their replacements meet on the same rows.
describeOnPostgres('money races over real HTTP on PostgreSQL (Stripe)', () => {
  const N = 8;
  const stub = new StripeStub();
  beforeAll(() => stub.start());
  afterAll(() => stub.stop());
  const s = useApp(() => stub.env());
  let base: string;
  beforeAll(async () => {
    base = await listenLocally(s.t.app);
  });

  const post = async (actor: Actor, payload: object) => {
    const res = await fetch(`${base}/api/order/create`, { method: 'POST', headers: { ...actor.auth, 'content-type': 'application/json' }, body: JSON.stringify(payload) });
    return { status: res.status, body: (await res.json()) as { code?: string; data?: { orderId: string; promoCode: string | null; payment_url: string } } };
  };
  const openOrders = async (bookingId: string) =>
    (await sql<{ n: number }>`SELECT count(*)::int AS n FROM orders o JOIN order_bookings ob ON ob.order_id = o.id WHERE ob.booking_id = ${bookingId} AND o.status = 'pending'`.execute(s.t.database.db)).rows[0]!.n;

  it(`${N} simultaneous checkouts of the same hold leave at most one open order`, async () => {
    const buyer = await customer(s.t.app, 'Racing Rae');
    const slot = s.next();
    const b = await book(s.t.app, buyer, s.court._id, slot.date, slot.startTime, slot.endTime);
    const results = await race(Array.from({ length: N }, () => () => post(buyer, orderPayload([b]))));
    for (const r of results) expect([201, 409]).toContain(r.status);
    expect(results.some((r) => r.status === 201)).toBe(true);
    expect(await openOrders(b._id)).toBe(1);
  }, 60_000);

  it(`${N} simultaneous checkouts [X,Yi] with a 1-use code: exactly one order keeps it, and the back office counts 1`, async () => {
    const made = await s.t.app.inject({ method: 'POST', url: '/api/admin/promo-codes', headers: s.staff.auth, payload: { code: 'RACE-ONCE', amountOff: 5, maxUses: 1 } });
    const promoId = made.json().id as string;
    const buyer = await customer(s.t.app, 'Racing Rob');
    const hold = async () => {
      const slot = s.next();
      return book(s.t.app, buyer, s.court._id, slot.date, slot.startTime, slot.endTime);
    };
    const x = await hold();
    const ys: Booking[] = [];
    for (let i = 0; i < N; i++) ys.push(await hold());
    const results = await race(ys.map((y) => () => post(buyer, orderPayload([x, y], 'RACE-ONCE'))));
    for (const r of results) expect([201, 409]).toContain(r.status);
    const keeping = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM orders WHERE promo_code_id = ${promoId} AND status IN ('pending', 'paid')`.execute(s.t.database.db);
    expect(keeping.rows[0]!.n).toBe(1);
    expect((await s.t.app.inject({ url: `/api/admin/promo-codes/${promoId}`, headers: s.staff.auth })).json().uses).toBe(1);
    expect(await openOrders(x._id)).toBe(1);
  }, 60_000);
});
