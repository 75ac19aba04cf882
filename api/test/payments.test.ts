import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, book, customer, facility, openCheckout, providerPays, type Actor } from './support/actors.ts';
import { sweepHolds } from '../src/services/booking-service.ts';
import { markOrder } from '../src/payments/repositories/orders.ts';

// Clock: 2027-03-01T15:00Z = 10:00 in New York.
const START = '2027-03-01T15:00:00Z';
const MINUTE = 60_000;
const UNKNOWN_ID = '3f0c6a52-2b1d-4c8e-9a57-0d6f1e2b3c4d';

describe('checkout and sandbox payments', () => {
  let t: TestApp;
  let staff: Actor;
  let casey: Actor;
  let dana: Actor;
  let court: { _id: string };

  const checkout = (actor: Actor, bookingIds: string[], totalPayableAmount: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/order/create',
      headers: actor.auth,
      payload: { user: { name: 'Buyer', email: actor.email, phone: '555-0100', address: '1 Main St' }, totalPayableAmount, bookingIds: bookingIds.map((bookingId) => ({ bookingId })) },
    });
  const bookingRow = (id: string) => t.database.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const orderRow = (id: string) => t.database.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const events = (orderId: string) => t.database.db.selectFrom('payment_events').selectAll().where('order_id', '=', orderId).execute();
  const orderCount = async () => (await t.database.db.selectFrom('orders').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
  const confirm = (orderId: string, signature: string) => t.app.inject({ method: 'POST', url: `/pay/${orderId}/confirm`, payload: { signature } });
  const overlappingActive = async () => {
    const result = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM bookings a JOIN bookings b
        ON a.facility_id = b.facility_id AND a.id < b.id
       AND tstzrange(a.starts_at, a.ends_at, '[)') && tstzrange(b.starts_at, b.ends_at, '[)')
      WHERE a.status IN ('pending', 'confirmed') AND b.status IN ('pending', 'confirmed')`.execute(t.database.db);
    return result.rows[0]!.n;
  };

  beforeAll(async () => {
    t = await createTestApp();
    staff = await admin(t.app);
    casey = await customer(t.app, 'Casey Customer');
    dana = await customer(t.app, 'Dana Customer');
    court = await facility(t.app, staff, { pricePerHour: 20 });
  });
  beforeEach(() => t.clock.set(START));
  afterAll(() => t?.close());

  describe('POST /api/order/create refuses', () => {
    it('an empty bookingIds', async () => {
      const before = await orderCount();
      const res = await checkout(casey, [], 0);
      expect(res.statusCode).toBe(400);
      expect(res.json().errorMessages[0].path).toBe('bookingIds');
      expect(await orderCount()).toBe(before);
    });

    it('a wrong totalPayableAmount (path totalPayableAmount)', async () => {
      const hold = await book(t.app, casey, court._id, '2027-03-02', '08:00', '10:00');
      expect(hold.payableAmount).toBe(40);
      const before = await orderCount();
      for (const total of [39.99, 40.01, 0, 4000]) {
        const res = await checkout(casey, [hold._id], total);
        expect(res.statusCode, String(total)).toBe(400);
        expect(res.json().errorMessages[0].path).toBe('totalPayableAmount');
        expect(res.json().message).toMatch(/\$40\.00/);
      }
      expect(await orderCount()).toBe(before);
      const ok = await checkout(casey, [hold._id], 40);
      expect(ok.statusCode).toBe(201);
      expect(ok.json().data).toMatchObject({ totalPayableAmount: 40, payment_url: `/pay/${ok.json().data.orderId}` });
      const order = await orderRow(ok.json().data.orderId);
      expect(order).toMatchObject({ amount_cents: 4000, status: 'pending', user_id: casey.id, provider: 'sandbox' });
    });

    it('an expired hold (409)', async () => {
      const hold = await book(t.app, casey, court._id, '2027-03-02', '10:00', '11:00');
      t.clock.advance(16 * MINUTE);
      const res = await checkout(casey, [hold._id], 20);
      expect(res.statusCode).toBe(409);
      expect(res.json().errorMessages[0].path).toBe('bookingIds');
    });

    it('a confirmed booking (409)', async () => {
      const hold = await book(t.app, casey, court._id, '2027-03-02', '11:00', '12:00');
      const { orderId, signature } = await openCheckout(t.app, casey, [hold._id], 20);
      expect((await confirm(orderId, signature)).statusCode).toBe(303);
      const res = await checkout(casey, [hold._id], 20);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/already paid/);
    });

    it("someone else's booking, or an unknown one (404)", async () => {
      const hold = await book(t.app, dana, court._id, '2027-03-02', '12:00', '13:00');
      const other = await checkout(casey, [hold._id], 20);
      expect(other.statusCode).toBe(404);
      const unknown = await checkout(casey, [UNKNOWN_ID], 20);
      expect(unknown.statusCode).toBe(404);
      const mine = await book(t.app, casey, court._id, '2027-03-02', '13:00', '14:00');
      const mixed = await checkout(casey, [mine._id, hold._id], 40);
      expect(mixed.statusCode).toBe(404);
      expect((await t.database.db.selectFrom('order_bookings').selectAll().where('booking_id', '=', hold._id).execute())).toHaveLength(0);
    });

    it('a caller without a token (401)', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/order/create', payload: { user: { name: 'x', email: 'x@example.com', phone: '1', address: 'x' }, totalPayableAmount: 1, bookingIds: [{ bookingId: UNKNOWN_ID }] } });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('the sandbox payment page', () => {
    it('shows the amount and every booking of the order', async () => {
      const a = await book(t.app, casey, court._id, '2027-03-03', '08:00', '09:00');
      const b = await book(t.app, casey, court._id, '2027-03-03', '15:00', '17:00');
      const { paymentUrl } = await openCheckout(t.app, casey, [a._id, b._id], 60);
      const page = await t.app.inject({ url: paymentUrl });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('Total $60.00');
      expect(page.body).toContain('$20.00');
      expect(page.body).toContain('$40.00');
      expect(page.body).toContain('8:00 AM – 9:00 AM');
      expect(page.body).toContain('3:00 PM – 5:00 PM');
    });

    it('is 404 for an unknown order and 400 for a malformed id', async () => {
      expect((await t.app.inject({ url: `/pay/${UNKNOWN_ID}` })).statusCode).toBe(404);
      expect((await t.app.inject({ url: '/pay/not-an-order' })).statusCode).toBe(400);
    });
  });

  describe('confirming a payment', () => {
    it('a forged signature is 400 and changes nothing', async () => {
      const hold = await book(t.app, casey, court._id, '2027-03-04', '08:00', '09:00');
      const { orderId, signature } = await openCheckout(t.app, casey, [hold._id], 20);
      const before = { booking: await bookingRow(hold._id), order: await orderRow(orderId) };
      const forgeries = ['00'.repeat(32), signature.slice(0, -2) + (signature.endsWith('00') ? '11' : '00'), 'not-hex', ''];
      for (const forged of forgeries) {
        const res = await confirm(orderId, forged);
        expect(res.statusCode, forged).toBe(400);
        expect(res.json().errorMessages[0].path).toBe('signature');
      }
      // The signature of another order does not confirm this one either.
      const other = await book(t.app, casey, court._id, '2027-03-04', '09:00', '10:00');
      const otherCheckout = await openCheckout(t.app, casey, [other._id], 20);
      expect((await confirm(orderId, otherCheckout.signature)).statusCode).toBe(400);

      expect(await bookingRow(hold._id)).toEqual(before.booking);
      expect(await orderRow(orderId)).toEqual(before.order);
      expect(await events(orderId)).toHaveLength(0);
    });

    it('a valid confirmation confirms every booking of the order exactly once', async () => {
      const a = await book(t.app, casey, court._id, '2027-03-04', '12:00', '13:00');
      const b = await book(t.app, casey, court._id, '2027-03-04', '14:00', '16:00');
      const { orderId, signature } = await openCheckout(t.app, casey, [a._id, b._id], 60);

      t.clock.advance(5 * MINUTE);
      const paid = await confirm(orderId, signature);
      expect(paid.statusCode).toBe(303);
      expect(paid.headers.location).toBe(`/payment/success?order=${orderId}`);
      for (const id of [a._id, b._id]) {
        expect(await bookingRow(id)).toMatchObject({ status: 'confirmed', payment_status: 'paid', hold_expires_at: null });
      }
      const order = await orderRow(orderId);
      expect(order).toMatchObject({ status: 'paid', refunded_cents: 0, flag_reason: null });
      expect(order.paid_at?.toISOString()).toBe('2027-03-01T15:05:00.000Z');
      const snapshot = { a: await bookingRow(a._id), b: await bookingRow(b._id), order };

      t.clock.advance(5 * MINUTE);
      const again = await confirm(orderId, signature);
      expect(again.statusCode).toBe(303);
      expect(await events(orderId)).toHaveLength(1);
      expect((await bookingRow(a._id)).updated_at).toEqual(snapshot.a.updated_at);
      expect(await bookingRow(a._id)).toEqual(snapshot.a);
      expect(await bookingRow(b._id)).toEqual(snapshot.b);
      expect(await orderRow(orderId)).toEqual(snapshot.order);

      // The sweeper leaves paid bookings alone, however long after.
      t.clock.advance(60 * MINUTE);
      await sweepHolds(t.app.ctx);
      expect((await bookingRow(a._id)).status).toBe('confirmed');

      const list = (await t.app.inject({ url: `/api/bookings/user/${casey.id}`, headers: casey.auth })).json().data as { _id: string; status: string; paymentStatus: string }[];
      expect(list.find((x) => x._id === b._id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });

      const page = await t.app.inject({ url: `/pay/${orderId}` });
      expect(page.body).not.toContain('/confirm');
      expect(page.body).toContain('paid');
    });

    it('Cancel marks the order cancelled and returns to /payment/cancelled; the hold stays', async () => {
      const hold = await book(t.app, casey, court._id, '2027-03-04', '18:00', '19:00');
      const { orderId, signature } = await openCheckout(t.app, casey, [hold._id], 20);
      const forged = await t.app.inject({ method: 'POST', url: `/pay/${orderId}/cancel`, payload: { signature: 'ab'.repeat(32) } });
      expect(forged.statusCode).toBe(400);
      expect((await orderRow(orderId)).status).toBe('pending');

      const res = await t.app.inject({ method: 'POST', url: `/pay/${orderId}/cancel`, payload: { signature } });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/payment/cancelled?order=${orderId}`);
      expect((await orderRow(orderId)).status).toBe('cancelled');
      expect(await bookingRow(hold._id)).toMatchObject({ status: 'pending', payment_status: 'unpaid' });
      const back = await t.app.inject({ url: res.headers.location as string });
      expect(back.statusCode).toBe(200);
      expect(back.body).toMatch(/Payment cancelled/);

      // The customer can still pay for the hold with a fresh checkout.
      const again = await openCheckout(t.app, casey, [hold._id], 20);
      expect(again.orderId).not.toBe(orderId);
      expect((await confirm(again.orderId, again.signature)).headers.location).toMatch(/^\/payment\/success/);
      expect((await bookingRow(hold._id)).status).toBe('confirmed');
    });

    it('a confirmation of a checkout that went stale (the hold was moved) confirms nothing at the old price', async () => {
      const hold = await book(t.app, casey, court._id, '2027-03-05', '08:00', '09:00');
      const stale = await openCheckout(t.app, casey, [hold._id], 20);
      // Moving the hold to two hours makes it cost $40; the $20 checkout is cancelled.
      const moved = await t.app.inject({ method: 'PUT', url: `/api/bookings/${hold._id}`, headers: casey.auth, payload: { startTime: '10:00', endTime: '12:00' } });
      expect(moved.statusCode).toBe(200);
      expect(moved.json().data.payableAmount).toBe(40);
      expect((await orderRow(stale.orderId)).status).toBe('cancelled');

      // Its page no longer takes money...
      const refused = await confirm(stale.orderId, stale.signature);
      expect(refused.statusCode).toBe(303);
      expect(refused.headers.location).toBe(`/pay/${stale.orderId}`);
      expect((await orderRow(stale.orderId)).status).toBe('cancelled');
      // ...but a provider that had already taken it (a Stripe page left open) still reports it.
      expect(await providerPays(t.app, stale.orderId)).toBe('flagged');
      // $20 paid for a $40 booking must not confirm it; the money goes back.
      expect(await bookingRow(hold._id)).toMatchObject({ status: 'pending', payment_status: 'unpaid' });
      const order = await orderRow(stale.orderId);
      expect(order.refunded_cents).toBe(order.amount_cents);
      expect(order.flag_reason).not.toBeNull();

      // The customer can still pay the right amount for the moved hold.
      const fresh = await openCheckout(t.app, casey, [hold._id], 40);
      expect((await confirm(fresh.orderId, fresh.signature)).headers.location).toMatch(/^\/payment\/success/);
      expect(await bookingRow(hold._id)).toMatchObject({ status: 'confirmed', payment_status: 'paid', payable_cents: 4000 });
    });
  });

  describe('the late-payment race', () => {
    it('a payment arriving after the slot was re-taken is refunded and flagged, never double-booked', async () => {
      const arena = await facility(t.app, staff, { pricePerHour: 30 });
      const mine = await book(t.app, casey, arena._id, '2027-03-06', '10:00', '12:00');
      const { orderId, signature } = await openCheckout(t.app, casey, [mine._id], 60);

      t.clock.advance(16 * MINUTE);
      const theirs = await book(t.app, dana, arena._id, '2027-03-06', '11:00', '12:00');
      expect(theirs.status).toBe('pending');

      expect((await confirm(orderId, signature)).headers.location).toBe(`/pay/${orderId}`);
      expect(await providerPays(t.app, orderId)).toBe('flagged');

      const a = await bookingRow(mine._id);
      expect(a.status).not.toBe('confirmed');
      expect(a.status).toBe('expired');
      expect(a.payment_status).toBe('refunded');
      const order = await orderRow(orderId);
      expect(order.flag_reason).toEqual(expect.any(String));
      expect(order.flag_reason!.length).toBeGreaterThan(0);
      expect(order.refunded_cents).toBe(6000);
      expect(order.refunded_cents).toBe(order.amount_cents);
      expect(order.status).toBe('refunded');
      expect(await events(orderId)).toHaveLength(1);

      expect(await bookingRow(theirs._id)).toMatchObject({ status: 'pending', payment_status: 'unpaid', user_id: dana.id });
      expect(await overlappingActive()).toBe(0);

      // B can still pay for the slot.
      const b = await openCheckout(t.app, dana, [theirs._id], 30);
      expect((await confirm(b.orderId, b.signature)).headers.location).toMatch(/^\/payment\/success/);
      expect((await bookingRow(theirs._id)).status).toBe('confirmed');
      expect(await overlappingActive()).toBe(0);

      const listed = (await t.app.inject({ url: `/api/bookings/user/${casey.id}`, headers: casey.auth })).json().data as { _id: string; status: string; paymentStatus: string }[];
      expect(listed.find((x) => x._id === mine._id)).toMatchObject({ status: 'expired', paymentStatus: 'refunded' });
    });

    it('a late payment for a slot nobody took is still accepted', async () => {
      const arena = await facility(t.app, staff, { pricePerHour: 30 });
      const mine = await book(t.app, casey, arena._id, '2027-03-06', '14:00', '15:00');
      const { orderId, signature } = await openCheckout(t.app, casey, [mine._id], 30);
      t.clock.advance(16 * MINUTE);
      await sweepHolds(t.app.ctx);
      expect((await bookingRow(mine._id)).status).toBe('expired');
      expect((await confirm(orderId, signature)).headers.location).toBe(`/pay/${orderId}`);
      expect(await providerPays(t.app, orderId)).toBe('confirmed');
      expect(await bookingRow(mine._id)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
      expect((await orderRow(orderId)).flag_reason).toBeNull();
      expect(await overlappingActive()).toBe(0);
    });
    it('a late payment wins over a hold that lapsed too: that hold expires and the payer keeps the slot', async () => {
      const arena = await facility(t.app, staff, { pricePerHour: 30 });
      const mine = await book(t.app, casey, arena._id, '2027-03-06', '16:00', '17:00');
      const { orderId } = await openCheckout(t.app, casey, [mine._id], 30);
      t.clock.advance(16 * MINUTE);
      const theirs = await book(t.app, dana, arena._id, '2027-03-06', '16:00', '17:00');
      t.clock.advance(16 * MINUTE);
      // Neither hold has been swept: Dana's lapsed just like Casey's.
      expect((await bookingRow(theirs._id)).status).toBe('pending');
      expect(await providerPays(t.app, orderId)).toBe('confirmed');
      expect(await bookingRow(mine._id)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
      expect(await bookingRow(theirs._id)).toMatchObject({ status: 'expired', payment_status: 'unpaid' });
      expect((await orderRow(orderId)).flag_reason).toBeNull();
      expect(await overlappingActive()).toBe(0);
    });
  });
  describe('the back office payments API', () => {
    let pat: Actor;
    let hall: { _id: string };
    let paid: { orderId: string; ids: string[] };
    let partly: { orderId: string; ids: string[] };
    let open: { orderId: string };
    let late: { orderId: string };

    const list = (query: Record<string, unknown>, actor: Actor = staff) => {
      const qs = Object.entries(query).map(([k, v]) => `${k}=${encodeURIComponent(JSON.stringify(v))}`).join('&');
      return t.app.inject({ url: `/api/admin/payments?${qs}`, headers: actor.auth });
    };
    const refund = (orderId: string, actor: Actor = staff) => t.app.inject({ method: 'POST', url: `/api/admin/payments/${orderId}/refund`, headers: actor.auth });
    const resolveFlag = (orderId: string, actor?: Actor) => t.app.inject({ method: 'POST', url: `/api/admin/payments/${orderId}/resolve-flag`, headers: actor?.auth ?? {} });

    beforeAll(async () => {
      t.clock.set(START);
      pat = await customer(t.app, 'Pat Paymentsperson');
      hall = await facility(t.app, staff, { pricePerHour: 15 });
      // Paid: two bookings in one order ($15 + $30).
      const a = await book(t.app, pat, hall._id, '2027-03-10', '08:00', '09:00');
      const b = await book(t.app, pat, hall._id, '2027-03-10', '10:00', '12:00');
      const c1 = await openCheckout(t.app, pat, [a._id, b._id], 45);
      await confirm(c1.orderId, c1.signature);
      paid = { orderId: c1.orderId, ids: [a._id, b._id] };
      // Paid, then one of its two bookings cancelled by the customer: partly refunded.
      const c = await book(t.app, pat, hall._id, '2027-03-11', '08:00', '09:00');
      const d = await book(t.app, pat, hall._id, '2027-03-11', '09:00', '10:00');
      const c2 = await openCheckout(t.app, pat, [c._id, d._id], 30);
      t.clock.advance(MINUTE);
      await confirm(c2.orderId, c2.signature);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/bookings/${c._id}`, headers: pat.auth })).statusCode).toBe(200);
      partly = { orderId: c2.orderId, ids: [c._id, d._id] };
      // Still open.
      const e = await book(t.app, pat, hall._id, '2027-03-12', '08:00', '09:00');
      t.clock.advance(MINUTE);
      open = { orderId: (await openCheckout(t.app, pat, [e._id], 15)).orderId };
      // Paid after its slot was re-taken: refunded and flagged.
      const f = await book(t.app, pat, hall._id, '2027-03-13', '08:00', '09:00');
      const c4 = await openCheckout(t.app, pat, [f._id], 15);
      t.clock.advance(16 * MINUTE);
      await book(t.app, dana, hall._id, '2027-03-13', '08:00', '09:00');
      t.clock.advance(MINUTE);
      await providerPays(t.app, c4.orderId);
      late = { orderId: c4.orderId };
    });

    it('lists payments newest first with Content-Range, and each record carries its bookings and refunds', async () => {
      const res = await list({ filter: { q: 'Paymentsperson' } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-range']).toBe('payments 0-3/4');
      const rows = res.json() as { id: string }[];
      expect(rows.map((r) => r.id)).toEqual([late.orderId, open.orderId, partly.orderId, paid.orderId]);
      const record = rows.find((r) => r.id === paid.orderId);
      expect(record).toEqual({
        id: paid.orderId,
        user: { id: pat.id, name: 'Pat Paymentsperson', email: pat.email },
        provider: 'sandbox',
        kind: 'full',
        status: 'paid',
        amount: 45,
        discount: 0,
        promoCode: null,
        description: null,
        takenByName: null,
        paymentMethod: null,
        refundedAmount: 0,
        refundState: 'none',
        flagReason: null,
        flagResolvedAt: null,
        flagResolvedBy: null,
        providerRef: `sandbox_${paid.orderId}`,
        createdAt: expect.any(String),
        paidAt: expect.any(String),
        bookings: [
          { id: paid.ids[0], facilityName: expect.any(String), date: '2027-03-10', startTime: '08:00', endTime: '09:00', payableAmount: 15, charged: 15, status: 'confirmed', paymentStatus: 'paid' },
          { id: paid.ids[1], facilityName: expect.any(String), date: '2027-03-10', startTime: '10:00', endTime: '12:00', payableAmount: 30, charged: 30, status: 'confirmed', paymentStatus: 'paid' },
        ],
        refunds: [],
      });
      expect(rows.find((r) => r.id === partly.orderId)).toMatchObject({ status: 'paid', amount: 30, refundedAmount: 15, refundState: 'partial', refunds: [{ amount: 15, status: 'succeeded' }] });
      expect(rows.find((r) => r.id === open.orderId)).toMatchObject({ status: 'pending', paidAt: null, refundState: 'none' });
      expect(rows.find((r) => r.id === late.orderId)).toMatchObject({ status: 'refunded', refundState: 'refunded', refundedAmount: 15, flagReason: expect.stringMatching(/released.* for 1 booking\.$/), flagResolvedAt: null, flagResolvedBy: null });
    });

    it('filters by status, provider, flagged and q; sorts by amount and paidAt; pages with range', async () => {
      const ids = async (query: Record<string, unknown>) => ((await list(query)).json() as { id: string }[]).map((r) => r.id);
      expect(await ids({ filter: { q: 'Paymentsperson', status: 'paid' } })).toEqual([partly.orderId, paid.orderId]);
      expect(await ids({ filter: { q: 'Paymentsperson', status: ['pending', 'refunded'] } })).toEqual([late.orderId, open.orderId]);
      expect(await ids({ filter: { q: 'Paymentsperson', flagged: true } })).toEqual([late.orderId]);
      expect(await ids({ filter: { q: 'Paymentsperson', flagged: false } })).toHaveLength(3);
      expect(await ids({ filter: { q: 'Paymentsperson', provider: 'stripe' } })).toEqual([]);
      expect(await ids({ filter: { q: pat.email, provider: 'sandbox' } })).toHaveLength(4);
      const byAmount = await ids({ filter: { q: 'Paymentsperson' }, sort: ['amount', 'DESC'] });
      expect(byAmount.slice(0, 2)).toEqual([paid.orderId, partly.orderId]);
      expect(byAmount.slice(2).sort()).toEqual([open.orderId, late.orderId].sort());
      expect((await ids({ filter: { q: 'Paymentsperson' }, sort: ['amount', 'ASC'] })).slice(2)).toEqual([partly.orderId, paid.orderId]);
      expect((await ids({ filter: { q: 'Paymentsperson', status: 'paid' }, sort: ['paidAt', 'ASC'] }))).toEqual([paid.orderId, partly.orderId]);
      const page = await list({ filter: { q: 'Paymentsperson' }, range: [1, 2] });
      expect(page.headers['content-range']).toBe('payments 1-2/4');
      expect((page.json() as { id: string }[]).map((r) => r.id)).toEqual([open.orderId, partly.orderId]);
      expect(await ids({ filter: { id: [paid.orderId, open.orderId] } })).toEqual([open.orderId, paid.orderId]);
      expect((await list({ filter: { status: 'lost' } })).statusCode).toBe(400);
      expect((await list({ sort: ['password', 'ASC'] })).statusCode).toBe(400);
    });

    it('without Stripe configured there is no Stripe webhook (404) and new orders use the sandbox', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' }, payload: '{}' });
      expect(res.statusCode).toBe(404);
      expect((await orderRow(open.orderId)).provider).toBe('sandbox');
    });

    it('GET one payment; unknown is 404', async () => {
      const res = await t.app.inject({ url: `/api/admin/payments/${paid.orderId}`, headers: staff.auth });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: paid.orderId, amount: 45, bookings: [{ id: paid.ids[0] }, { id: paid.ids[1] }] });
      expect((await t.app.inject({ url: `/api/admin/payments/${UNKNOWN_ID}`, headers: staff.auth })).statusCode).toBe(404);
    });

    it('customers get 403 and signed-out callers 401, and nothing is refunded', async () => {
      expect((await list({}, pat)).statusCode).toBe(403);
      expect((await t.app.inject({ url: `/api/admin/payments/${paid.orderId}`, headers: pat.auth })).statusCode).toBe(403);
      expect((await refund(paid.orderId, pat)).statusCode).toBe(403);
      expect((await t.app.inject({ url: '/api/admin/payments' })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url: `/api/admin/payments/${paid.orderId}/refund` })).statusCode).toBe(401);
      expect((await orderRow(paid.orderId))).toMatchObject({ status: 'paid', refunded_cents: 0 });
    });

    it('refund: everything left of a paid order goes back once, its bookings are cancelled and their slots freed', async () => {
      const res = await refund(paid.orderId);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        id: paid.orderId,
        status: 'refunded',
        refundedAmount: 45,
        refundState: 'refunded',
        bookings: [{ status: 'cancelled', paymentStatus: 'refunded' }, { status: 'cancelled', paymentStatus: 'refunded' }],
      });
      // One refund per booking, written in the same instant.
      expect(res.json().refunds.map((r: { amount: number; status: string }) => `${r.amount} ${r.status}`).sort()).toEqual(['15 succeeded', '30 succeeded']);
      for (const id of paid.ids) expect(await bookingRow(id)).toMatchObject({ status: 'cancelled', payment_status: 'refunded', cancelled_by: staff.id });
      const free = (await t.app.inject({ url: `/api/check-availability?date=2027-03-10&facility=${hall._id}` })).json().data.map((s: { startTime: string }) => s.startTime);
      expect(free).toEqual(expect.arrayContaining(['08:00', '10:00', '11:00']));
      const mine = (await t.app.inject({ url: `/api/bookings/user/${pat.id}`, headers: pat.auth })).json().data as { _id: string }[];
      expect(mine.find((b) => b._id === paid.ids[1])).toMatchObject({ refundedAmount: 30, refundState: 'refunded' });

      const again = await refund(paid.orderId);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('Order is already refunded.');
      expect((await orderRow(paid.orderId)).refunded_cents).toBe(4500);
    });

    it('refund of a partly refunded order gives back only the rest; unpaid orders are 409', async () => {
      const res = await refund(partly.orderId);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'refunded', amount: 30, refundedAmount: 30, refundState: 'refunded' });
      expect(res.json().refunds.map((r: { amount: number }) => r.amount)).toEqual([15, 15]);
      expect(await bookingRow(partly.ids[1]!)).toMatchObject({ status: 'cancelled', payment_status: 'refunded' });

      const unpaid = await refund(open.orderId);
      expect(unpaid.statusCode).toBe(409);
      expect(unpaid.json().message).toMatch(/never paid/);
      expect((await refund(late.orderId)).json().message).toBe('Order is already refunded.');
    });

    it('resolve-flag: staff mark a flagged order resolved once; it leaves the flagged list and the dashboard count, its reason stays', async () => {
      // The dashboard's notice counts the flagged filter's total.
      const flaggedTotal = async () => Number((await list({ filter: { flagged: true }, range: [0, 0] })).headers['content-range']!.split('/')[1]);
      const before = await flaggedTotal();
      expect(before).toBeGreaterThanOrEqual(1);

      expect((await resolveFlag(late.orderId)).statusCode).toBe(401);
      expect((await resolveFlag(late.orderId, pat)).statusCode).toBe(403);
      expect((await resolveFlag(UNKNOWN_ID, staff)).statusCode).toBe(404);
      const notFlagged = await resolveFlag(open.orderId, staff);
      expect(notFlagged.statusCode).toBe(409);
      expect(notFlagged.json().message).toMatch(/not flagged/);
      expect((await orderRow(late.orderId)).flag_resolved_at).toBeNull();

      t.clock.advance(MINUTE);
      const res = await resolveFlag(late.orderId, staff);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        id: late.orderId,
        flagReason: expect.stringMatching(/released/),
        flagResolvedAt: t.clock.now().toISOString(),
        flagResolvedBy: { id: staff.id, name: expect.any(String) },
      });
      expect(await orderRow(late.orderId)).toMatchObject({ flag_resolved_by: staff.id, flag_reason: expect.stringMatching(/released/) });

      const again = await resolveFlag(late.orderId, staff);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toMatch(/already resolved/);

      const ids = async (query: Record<string, unknown>) => ((await list(query)).json() as { id: string }[]).map((r) => r.id);
      expect(await ids({ filter: { q: 'Paymentsperson', flagged: true } })).toEqual([]);
      expect(await ids({ filter: { q: 'Paymentsperson', flagged: false } })).toContain(late.orderId);
      expect(await flaggedTotal()).toBe(before - 1);
    });

    it('a new flag on a resolved order opens it again', async () => {
      await markOrder(t.database.db, late.orderId, { flagReason: 'Refunded $1.00 in the Stripe dashboard.' }, t.clock.now());
      const res = await t.app.inject({ url: `/api/admin/payments/${late.orderId}`, headers: staff.auth });
      expect(res.json()).toMatchObject({ flagReason: 'Refunded $1.00 in the Stripe dashboard.', flagResolvedAt: null, flagResolvedBy: null });
      const listed = (await list({ filter: { q: 'Paymentsperson', flagged: true } })).json() as { id: string }[];
      expect(listed.map((r) => r.id)).toEqual([late.orderId]);
    });
  });
});
