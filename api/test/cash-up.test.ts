import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { describeOnPostgres } from './support/databases.ts';
import { admin, customer, facility, staffMember, type Actor } from './support/actors.ts';
import { listenLocally, race } from './support/race.ts';

// The venue's zone is America/New_York: 2027-03-02T04:30Z is 23:30 on 1 March there, 05:30Z is 00:30 on 2 March.

interface Totals { byMethod: { method: string; label: string; count: number; amount: number }[]; taken: number; handedBackCash: number; handedBackCard: number; expectedCash: number }
interface CashUp {
  date: string;
  today: string;
  payments: { orderId: string; paidAt: string; amount: number; method: string; customer: { name: string }; takenBy: { id: string; name: string } | null; bookings: { id: string; facilityName: string; date: string; startTime: string; endTime: string }[]; afterClose: boolean }[];
  handedBack: { refundId: string; amount: number; method: string; customer: { name: string }; handedBackBy: { name: string }; afterClose: boolean }[];
  toHandBack: { id: string; amount: number; customer: { name: string } }[];
  totals: Totals;
  close: null | { closedBy: { id: string; name: string }; closedAt: string; totals: Totals; countedCash: number; difference: number; differenceText: string; note: string | null };
}

const byMethod = (cash: [number, number], card: [number, number], notRecorded: [number, number] = [0, 0]) => [
  { method: 'cash', label: 'Cash', count: cash[0], amount: cash[1] },
  { method: 'card', label: 'Card', count: card[0], amount: card[1] },
  { method: 'not-recorded', label: 'Not recorded', count: notRecorded[0], amount: notRecorded[1] },
];

describe("the desk's end-of-day cash-up", () => {
  let t: TestApp;
  let owner: Actor;
  let desk: Actor;
  let casey: Actor;
  let court: { _id: string; name: string };
  let dear: { _id: string; name: string };
  let slot = 0;

  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Actor, payload?: unknown) =>
    t.app.inject({ method, url, headers: who.auth, ...(payload === undefined ? {} : { payload: payload as object }) });
  const cashUp = async (date?: string, who: Actor = desk) => {
    const res = await send('GET', `/api/admin/cash-up${date ? `?date=${date}` : ''}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CashUp;
  };
  /** A desk booking of one hour on a day of its own, 2027-04-xx, so no two collide. */
  const deskBooking = async (payment: 'desk' | 'unpaid', extra: Record<string, unknown> = {}, where = court) => {
    slot += 1;
    const res = await send('POST', '/api/admin/bookings', desk, {
      facilityId: where._id, date: `2027-04-${String(slot).padStart(2, '0')}`, startTime: '10:00', endTime: '11:00', userId: casey.id, payment, ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { _id: string; payableAmount: number };
  };
  const handBack = async (bookingId: string) => {
    const refund = await t.database.db.selectFrom('refunds').select('id').where('booking_id', '=', bookingId).where('status', '=', 'to_collect').executeTakeFirstOrThrow();
    const done = await send('POST', `/api/admin/refunds/${refund.id}/handed-back`, desk, {});
    expect(done.statusCode, done.body).toBe(200);
    return refund.id;
  };
  const cancel = async (bookingId: string) => expect((await send('DELETE', `/api/admin/bookings/${bookingId}`, owner)).statusCode).toBe(200);

  beforeAll(async () => {
    t = await createTestApp();
    owner = await admin(t.app, 'Olive Owner');
    desk = await staffMember(t.app, 'desk', 'Dee Desk');
    casey = await customer(t.app, 'Casey Cash');
    court = await facility(t.app, owner, { name: 'Court One', pricePerHour: 20 });
    dear = await facility(t.app, owner, { name: 'Court Dear', pricePerHour: 35 });
  });
  afterAll(() => t.close());

  it("counts each payment on the venue's own day by how it was paid: 23:30 and 00:30 fall on two days", async () => {
    t.clock.set('2027-03-02T04:30:00Z'); // 23:30 on 1 March in New York
    const late = await deskBooking('desk', { paymentMethod: 'card' });
    const unpaid = await deskBooking('unpaid');
    t.clock.set('2027-03-02T05:30:00Z'); // 00:30 on 2 March
    const paid = await send('POST', `/api/admin/bookings/${unpaid._id}/mark-paid`, desk, { paymentMethod: 'cash' });
    expect(paid.statusCode, paid.body).toBe(200);

    const first = await cashUp('2027-03-01');
    expect(first.payments).toEqual([
      {
        orderId: expect.any(String), paidAt: '2027-03-02T04:30:00.000Z', amount: 20, method: 'card', customer: { id: casey.id, name: 'Casey Cash' },
        takenBy: { id: desk.id, name: 'Dee Desk' }, bookings: [{ id: late._id, facilityName: 'Court One', date: '2027-04-01', startTime: '10:00', endTime: '11:00' }], description: null, afterClose: false,
      },
    ]);
    expect(first.totals).toEqual({ byMethod: byMethod([0, 0], [1, 20]), taken: 20, handedBackCash: 0, handedBackCard: 0, expectedCash: 0 });
    expect(first.close).toBeNull();

    const second = await cashUp('2027-03-02');
    expect(second.payments.map((p) => [p.paidAt, p.method, p.amount, p.bookings[0]!.id])).toEqual([['2027-03-02T05:30:00.000Z', 'cash', 20, unpaid._id]]);
    expect(second.totals).toMatchObject({ byMethod: byMethod([1, 20], [0, 0]), taken: 20, expectedCash: 20 });

    // Without a date: today where the venue is (22:00 on 1 March there is already 2 March in UTC).
    t.clock.set('2027-03-02T03:00:00Z');
    expect(await cashUp()).toMatchObject({ date: '2027-03-01', today: '2027-03-01' });
  });

  it('a walk-in paid at the desk without a method is cash, and so is a booking marked paid with no body; a payment from before methods were recorded shows as not recorded', async () => {
    t.clock.set('2027-03-03T15:00:00Z');
    await deskBooking('desk');
    t.clock.set('2027-03-03T17:00:00Z');
    const unpaid = await deskBooking('unpaid');
    const paid = await t.app.inject({ method: 'POST', url: `/api/admin/bookings/${unpaid._id}/mark-paid`, headers: desk.auth });
    expect(paid.statusCode, paid.body).toBe(200);
    // A desk payment as one was stored before the desk said how it was paid.
    const old = await t.database.db.insertInto('orders')
      .values({ user_id: casey.id, amount_cents: 1500, provider: 'desk', status: 'paid', paid_at: new Date('2027-03-03T16:00:00Z'), taken_by: desk.id, provider_ref: null, payment_url: null, flag_reason: null })
      .returning('id').executeTakeFirstOrThrow();
    const day = await cashUp('2027-03-03');
    expect(day.payments.map((p) => [p.method, p.amount])).toEqual([['cash', 20], ['not-recorded', 15], ['cash', 20]]);
    expect(day.payments[1]).toMatchObject({ orderId: old.id, bookings: [] });
    // Not recorded is shown apart, never guessed into the cash the till should hold.
    expect(day.totals).toEqual({ byMethod: byMethod([2, 40], [0, 0], [1, 15]), taken: 55, handedBackCash: 0, handedBackCard: 0, expectedCash: 40 });
  });

  it('collecting a balance at the desk records its method too', async () => {
    t.clock.set('2027-03-04T15:00:00Z');
    const booking = await deskBooking('desk', { paymentMethod: 'cash' });
    const moved = await send('PUT', `/api/admin/bookings/${booking._id}`, owner, { facilityId: dear._id, confirmPriceChange: true });
    expect(moved.statusCode, moved.body).toBe(200);
    t.clock.set('2027-03-04T16:00:00Z');
    const settled = await send('POST', `/api/admin/bookings/${booking._id}/settle-balance`, desk, { how: 'desk', amount: 15, paymentMethod: 'card' });
    expect(settled.statusCode, settled.body).toBe(200);
    const day = await cashUp('2027-03-04');
    expect(day.payments.map((p) => [p.method, p.amount, p.bookings[0]!.facilityName])).toEqual([['cash', 20, 'Court Dear'], ['card', 15, 'Court Dear']]);
  });

  it('refunds handed back that day leave the till (cash) or go back to the card; those still to hand back are listed, of any day', async () => {
    t.clock.set('2027-03-05T14:00:00Z');
    const cash = await deskBooking('desk', { paymentMethod: 'cash' });
    const card = await deskBooking('desk', { paymentMethod: 'card' });
    const waiting = await deskBooking('desk', { paymentMethod: 'cash' });
    for (const b of [cash, card, waiting]) await cancel(b._id);
    t.clock.set('2027-03-06T15:00:00Z');
    await handBack(cash._id);
    t.clock.set('2027-03-06T16:00:00Z');
    await handBack(card._id);
    const day = await cashUp('2027-03-06');
    expect(day.payments).toEqual([]);
    expect(day.handedBack.map((r) => [r.method, r.amount, r.customer.name, r.handedBackBy.name])).toEqual([['cash', 20, 'Casey Cash', 'Dee Desk'], ['card', 20, 'Casey Cash', 'Dee Desk']]);
    expect(day.totals).toMatchObject({ taken: 0, handedBackCash: 20, handedBackCard: 20, expectedCash: -20 });
    const waitingRefund = await t.database.db.selectFrom('refunds').select('id').where('booking_id', '=', waiting._id).executeTakeFirstOrThrow();
    expect(day.toHandBack.map((r) => r.id)).toContain(waitingRefund.id);
    // The day they were taken shows them taken; the hand-backs count on the day they happened.
    const taken = await cashUp('2027-03-05');
    expect(taken.totals).toMatchObject({ byMethod: byMethod([2, 40], [1, 20]), handedBackCash: 0, expectedCash: 40 });
  });

  it('closing the day records who closed it and the totals the server computed; a second close is 409 and leaves no audit entry; a later payment is shown apart', async () => {
    t.clock.set('2027-03-08T14:00:00Z');
    await deskBooking('desk', { paymentMethod: 'cash' });
    await deskBooking('desk', { paymentMethod: 'card' });
    const refunded = await deskBooking('desk', { paymentMethod: 'cash' });
    await cancel(refunded._id);
    t.clock.set('2027-03-08T22:00:00Z'); // 17:00 in New York
    await handBack(refunded._id);
    // Cash: 40 taken, 20 handed back: 20 expected. The desk counts 18.50.
    const closed = await send('POST', '/api/admin/cash-up', desk, { date: '2027-03-08', countedCash: 18.5, note: 'Float 100 kept aside', expectedCash: 999 });
    expect(closed.statusCode, closed.body).toBe(201);
    const close = (closed.json() as CashUp).close!;
    expect(close).toEqual({
      id: expect.any(String),
      closedBy: { id: desk.id, name: 'Dee Desk' },
      closedAt: '2027-03-08T22:00:00.000Z',
      totals: { byMethod: byMethod([2, 40], [1, 20]), taken: 60, handedBackCash: 20, handedBackCard: 0, expectedCash: 20 },
      countedCash: 18.5,
      difference: -1.5,
      differenceText: 'Short by $1.50',
      note: 'Float 100 kept aside',
    });
    const row = await t.database.db.selectFrom('cash_ups').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ closed_by: desk.id, cash_cents: 4000, card_cents: 2000, not_recorded_cents: 0, refunds_cash_cents: 2000, expected_cash_cents: 2000, counted_cash_cents: 1850 });

    t.clock.set('2027-03-08T23:00:00Z');
    const again = await send('POST', '/api/admin/cash-up', owner, { date: '2027-03-08', countedCash: 20 });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_CLOSED' });
    // The refused close wrote its audit entry before PostgreSQL refused the date: rolled back with it.
    const audit = await t.database.db.selectFrom('audit_log').select(['actor_id', 'subject_id', 'summary']).where('action', '=', 'cash-up').execute();
    expect(audit).toEqual([{ actor_id: desk.id, subject_id: '2027-03-08', summary: expect.stringMatching(/^Closed the day 2027-03-08: \$60\.00 taken, \$18\.50 cash counted of \$20\.00 expected \(short by \$1\.50\)$/) }]);

    // A payment after the close: in the day's live totals and flagged, never in the close's.
    await deskBooking('desk', { paymentMethod: 'cash' });
    const day = await cashUp('2027-03-08');
    expect(day.payments.map((p) => p.afterClose)).toEqual([false, false, false, true]);
    expect(day.handedBack.map((r) => r.afterClose)).toEqual([false]);
    expect(day.totals).toMatchObject({ taken: 80, expectedCash: 40 });
    expect(day.close).toEqual(close);
    // Nobody edits a close, not even with SQL.
    await expect(sql`UPDATE cash_ups SET counted_cash_cents = 2000`.execute(t.database.db)).rejects.toThrow(/never edited/);
    await expect(sql`DELETE FROM cash_ups`.execute(t.database.db)).rejects.toThrow(/never edited/);
  });

  it('an empty day closes at zero; a day to come, a bad amount or a bad method are 400 naming the field', async () => {
    t.clock.set('2027-03-10T15:00:00Z');
    const refused = async (url: string, payload: unknown, field: RegExp) => {
      const res = await send('POST', url, desk, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(field);
    };
    await refused('/api/admin/cash-up', { date: '2027-03-11', countedCash: 0 }, /date.*still to come/);
    await refused('/api/admin/cash-up', { date: '2027-03-10', countedCash: -1 }, /countedCash/);
    await refused('/api/admin/cash-up', { date: '2027-03-10', countedCash: 1.234 }, /countedCash/);
    await refused('/api/admin/cash-up', { date: '2027-02-30', countedCash: 0 }, /date/);
    await refused('/api/admin/cash-up', { countedCash: 0 }, /date/);
    await refused('/api/admin/bookings', { facilityId: court._id, date: '2027-05-01', startTime: '10:00', endTime: '11:00', userId: casey.id, payment: 'desk', paymentMethod: 'cheque' }, /paymentMethod/);
    const bad = await send('GET', '/api/admin/cash-up?date=2027-13-01', desk);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/date/);

    const closed = await send('POST', '/api/admin/cash-up', owner, { date: '2027-03-09', countedCash: 0 });
    expect(closed.statusCode, closed.body).toBe(201);
    expect((closed.json() as CashUp).close).toMatchObject({ closedBy: { name: 'Olive Owner' }, totals: { taken: 0, expectedCash: 0 }, difference: 0, differenceText: 'Exact', note: null });
  });

  it('the database keeps methods to desk payments and to cash or card', async () => {
    const insert = (provider: string, method: string) =>
      sql`INSERT INTO orders (user_id, amount_cents, provider, status, payment_method) VALUES (${casey.id}, 100, ${provider}, 'pending', ${method})`.execute(t.database.db);
    await expect(insert('sandbox', 'cash')).rejects.toThrow(/orders_payment_method_desk_only/);
    await expect(insert('desk', 'cheque')).rejects.toThrow(/orders_payment_method_check/);
  });

  it('is for staff: a customer is refused', async () => {
    expect((await send('GET', '/api/admin/cash-up', casey)).statusCode).toBe(403);
    const post = await send('POST', '/api/admin/cash-up', casey, { date: '2027-03-01', countedCash: 0 });
    expect(post.statusCode).toBe(403);
    expect(post.json().code).toBe('ADMIN_ONLY');
    expect(await t.database.db.selectFrom('cash_ups').select('id').where('business_date', '=', sql<string>`'2027-03-01'::date`).execute()).toEqual([]);
  });
});

describeOnPostgres('closing a day, raced over real HTTP on PostgreSQL', () => {
  it('two staff closing the same day at once: exactly one close (201), the other 409 ALREADY_CLOSED, one audit entry', async () => {
    const t = await createTestApp();
    try {
      const base = await listenLocally(t.app);
      const staff = [await staffMember(t.app, 'desk', 'Desk One'), await staffMember(t.app, 'manager', 'Manager Two')];
      const owner = await admin(t.app);
      const casey = await customer(t.app, 'Race Casey');
      const court = await facility(t.app, owner, { name: 'Race Court', pricePerHour: 20 });
      const made = await t.app.inject({
        method: 'POST', url: '/api/admin/bookings', headers: owner.auth,
        payload: { facilityId: court._id, date: '2027-03-05', startTime: '10:00', endTime: '11:00', userId: casey.id, payment: 'desk', paymentMethod: 'cash' },
      });
      expect(made.statusCode, made.body).toBe(201);
      for (const date of ['2027-02-25', '2027-02-26', '2027-02-27', '2027-02-28', '2027-03-01']) {
        const answers = await race(Array.from({ length: 4 }, (_, i) => async () => {
          const res = await fetch(`${base}/api/admin/cash-up`, {
            method: 'POST', headers: { ...staff[i % 2]!.auth, 'content-type': 'application/json' }, body: JSON.stringify({ date, countedCash: 10 + i }),
          });
          return { status: res.status, code: ((await res.json()) as { code?: string }).code };
        }));
        expect(answers.filter((a) => a.status === 201), date).toHaveLength(1);
        expect(answers.filter((a) => a.status !== 201), date).toEqual(Array.from({ length: 3 }, () => ({ status: 409, code: 'ALREADY_CLOSED' })));
        const closes = await t.database.db.selectFrom('cash_ups').select(['counted_cash_cents', 'cash_cents']).where('business_date', '=', sql<string>`${date}::date`).execute();
        expect(closes).toHaveLength(1);
        expect(closes[0]!.cash_cents).toBe(date === '2027-03-01' ? 2000 : 0);
        const audit = await t.database.db.selectFrom('audit_log').select('id').where('action', '=', 'cash-up').where('subject_id', '=', date).execute();
        expect(audit).toHaveLength(1);
      }
    } finally {
      await t.close();
    }
  });
});
