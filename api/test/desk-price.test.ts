import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { describeOnPostgres } from './support/databases.ts';
import { admin, bookAndPay, customer, facility, type Actor } from './support/actors.ts';
import { listenLocally, race } from './support/race.ts';
import { onlyMail as onlyMailOf } from './support/outbox.ts';

// The front desk quotes what the server will record for the customer (their tier, peak rules,
// length); a move to a facility of another sport is asked first; a balance a move leaves on a
// paid booking is collected at the desk or given back, once, and the customer told.
// Clock: 2027-03-01T15:00Z = Monday 10:00 in New York (EST). 2027-03-03 is a Wednesday.
const START = '2027-03-01T15:00:00Z';
const DAY = '2027-03-03';
const EVERY_DAY = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

interface Answer {
  statusCode: number;
  body: string;
  json(): Record<string, any>;
}

function refused(res: Answer, status: number, code: string, message?: RegExp) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().code, res.body).toBe(code);
  if (message) expect(res.json().message).toMatch(message);
}

function setUp() {
  const s = {} as { t: TestApp; staff: Actor };
  beforeAll(async () => {
    s.t = await createTestApp({ clockStart: START });
    s.staff = await admin(s.t.app, 'Desk Dee');
  });
  beforeEach(() => s.t.clock.set(START));
  afterAll(() => s.t?.close());
  return s;
}

describe('desk prices, sport changes and balances', () => {
  const s = setUp();
  const send = (method: 'POST' | 'PUT' | 'GET', url: string, actor?: Actor, payload?: unknown): Promise<Answer> =>
    s.t.app.inject({ method, url, headers: actor?.auth, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const member = async (discountPercent: number, name: string) => {
    const who = await customer(s.t.app, name);
    const tier = await send('POST', '/api/admin/tiers', s.staff, { name: `Member ${name}`, discountPercent });
    expect(tier.statusCode, tier.body).toBe(201);
    expect((await send('PUT', `/api/admin/users/${who.id}`, s.staff, { tierId: tier.json().id })).statusCode).toBe(200);
    return who;
  };
  const onlyMail = (recipient: string, kind: string) => onlyMailOf(s.t.database.db, recipient, kind);

  describe("the desk quotes the customer's own price", () => {
    it("quotes a member's tier price across a peak boundary, and the booking records exactly that", async () => {
      // $60 an hour, $80 from 18:00: 17:00-19:00 is $140 public, $112 for a 20% member.
      const court = await facility(s.t.app, s.staff, { name: 'Quote Court', pricePerHour: 60, priceRules: [{ days: EVERY_DAY, from: '18:00', to: '22:00', pricePerHour: 80 }] });
      const mia = await member(20, 'Mia Member');
      const at = { facilityId: court._id, date: DAY, startTime: '17:00', endTime: '19:00' };
      const quote = await send('POST', '/api/admin/bookings/quote', s.staff, { ...at, userId: mia.id });
      expect(quote.statusCode, quote.body).toBe(200);
      expect(quote.json()).toEqual({ price: 112, publicPrice: 140, tier: 'Member Mia Member' });
      // A walk-in (no customer picked) is quoted the public price.
      expect((await send('POST', '/api/admin/bookings/quote', s.staff, at)).json()).toEqual({ price: 140, publicPrice: 140, tier: null });
      const booked = await send('POST', '/api/admin/bookings', s.staff, { ...at, userId: mia.id, payment: 'unpaid' });
      expect(booked.statusCode, booked.body).toBe(201);
      expect(booked.json().payableAmount).toBe(quote.json().price);
    });

    it('the series preview prices every free date for its customer, as the series then records', async () => {
      const court = await facility(s.t.app, s.staff, { name: 'Series Quote Court', pricePerHour: 60 });
      const mia = await member(20, 'Mia Series');
      const body = { facilityId: court._id, firstDate: DAY, startTime: '10:00', endTime: '11:00', every: 1, count: 3, userId: mia.id, payment: 'unpaid', onConflict: 'skip' };
      const preview = await send('POST', '/api/admin/series/preview', s.staff, body);
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json().tier).toBe('Member Mia Series');
      expect(preview.json().dates.map((d: { price: number }) => d.price)).toEqual([48, 48, 48]);
      const { userId: _, ...anyone } = body;
      expect((await send('POST', '/api/admin/series/preview', s.staff, anyone)).json().dates.map((d: { price: number }) => d.price)).toEqual([60, 60, 60]);
      const made = await send('POST', '/api/admin/series', s.staff, body);
      expect(made.statusCode, made.body).toBe(201);
      expect(made.json().occurrences.map((o: { payableAmount: number }) => o.payableAmount)).toEqual([48, 48, 48]);
    });

    it('refuses a quote with a clear reason: an unknown customer, times off the grid; customers cannot ask for one', async () => {
      const court = await facility(s.t.app, s.staff, { name: 'Strict Quote Court' });
      const at = { facilityId: court._id, date: DAY, startTime: '10:00', endTime: '11:00' };
      refused(await send('POST', '/api/admin/bookings/quote', s.staff, { ...at, userId: '00000000-0000-4000-8000-000000000000' }), 404, 'USER_NOT_FOUND');
      refused(await send('POST', '/api/admin/bookings/quote', s.staff, { ...at, startTime: '10:20' }), 400, 'OFF_GRID');
      const casey = await customer(s.t.app, 'Casey Quote');
      expect((await send('POST', '/api/admin/bookings/quote', casey, at)).statusCode).toBe(403);
    });
  });

  describe('a move to another sport is asked first', () => {
    it('staff moving a tennis booking onto a volleyball court are refused until they confirm; nothing moves meanwhile', async () => {
      const tennis = await facility(s.t.app, s.staff, { name: 'Tennis One', sport: 'tennis', pricePerHour: 20 });
      const volley = await facility(s.t.app, s.staff, { name: 'Beach Two', sport: 'volleyball', pricePerHour: 20 });
      const casey = await customer(s.t.app, 'Casey Sport');
      const booked = (await send('POST', '/api/admin/bookings', s.staff, { facilityId: tennis._id, date: DAY, startTime: '10:00', endTime: '11:00', userId: casey.id, payment: 'unpaid' })).json();
      const url = `/api/admin/bookings/${booked._id}`;
      refused(await send('PUT', url, s.staff, { facilityId: volley._id }), 409, 'SPORT_CHANGE_UNCONFIRMED', /Tennis One is a tennis facility and Beach Two is for volleyball/);
      expect((await send('GET', url, s.staff)).json().facility._id).toBe(tennis._id);
      const moved = await send('PUT', url, s.staff, { facilityId: volley._id, confirmSportChange: true });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json().facility._id).toBe(volley._id);
    });

    it('the sport is asked before the price; once confirmed, the price is asked', async () => {
      const tennis = await facility(s.t.app, s.staff, { name: 'Tennis Twenty', sport: 'tennis', pricePerHour: 20 });
      const padel = await facility(s.t.app, s.staff, { name: 'Padel Thirty', sport: 'padel', pricePerHour: 30 });
      const casey = await customer(s.t.app, 'Casey Padel');
      const { booking } = await bookAndPay(s.t.app, casey, tennis._id, DAY, '12:00', '13:00');
      const url = `/api/admin/bookings/${booking._id}`;
      refused(await send('PUT', url, s.staff, { facilityId: padel._id }), 409, 'SPORT_CHANGE_UNCONFIRMED');
      refused(await send('PUT', url, s.staff, { facilityId: padel._id, confirmSportChange: true }), 409, 'PRICE_CHANGE_UNCONFIRMED');
      const moved = await send('PUT', url, s.staff, { facilityId: padel._id, confirmSportChange: true, confirmPriceChange: true });
      expect(moved.json()).toMatchObject({ facility: { _id: padel._id }, payableAmount: 20, balance: 10 });
    });

    it('a customer moving their own hold to another sport is asked too', async () => {
      const tennis = await facility(s.t.app, s.staff, { name: 'Own Tennis', sport: 'tennis' });
      const squash = await facility(s.t.app, s.staff, { name: 'Own Squash', sport: 'squash' });
      const casey = await customer(s.t.app, 'Casey Own');
      const hold = (await send('POST', '/api/bookings', casey, { facility: tennis._id, date: DAY, startTime: '10:00', endTime: '11:00' })).json().data;
      refused(await send('PUT', `/api/bookings/${hold._id}`, casey, { facility: squash._id }), 409, 'SPORT_CHANGE_UNCONFIRMED');
      expect((await send('PUT', `/api/bookings/${hold._id}`, casey, { facility: squash._id, confirmSportChange: true })).statusCode).toBe(200);
    });
  });

  describe('settling the balance a move leaves', () => {
    const movePaid = async (name: string, fromPrice: number, toPrice: number) => {
      const from = await facility(s.t.app, s.staff, { name: `${name} From`, pricePerHour: fromPrice });
      const to = await facility(s.t.app, s.staff, { name: `${name} To`, pricePerHour: toPrice });
      const casey = await customer(s.t.app, `Casey ${name}`);
      const { booking, orderId } = await bookAndPay(s.t.app, casey, from._id, DAY, '10:00', '11:00');
      const moved = await send('PUT', `/api/admin/bookings/${booking._id}`, s.staff, { facilityId: to._id, confirmPriceChange: true });
      expect(moved.statusCode, moved.body).toBe(200);
      return { id: booking._id as string, orderId, casey };
    };

    it('a balance to collect is taken at the desk: a desk order for it, the booking paid in full at its new price, the customer emailed', async () => {
      const { id, casey } = await movePaid('Collect', 20, 30);
      const settle = (body: unknown) => send('POST', `/api/admin/bookings/${id}/settle-balance`, s.staff, body);
      refused(await settle({ how: 'provider', amount: 10 }), 400, 'VALIDATION_FAILED', /taken at the desk/);
      refused(await settle({ how: 'desk', amount: 5 }), 409, 'BALANCE_CHANGED');
      const done = await settle({ how: 'desk', amount: 10 });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({ payableAmount: 30, balance: 0, paymentStatus: 'paid' });
      const desk = await s.t.database.db
        .selectFrom('orders as o').innerJoin('order_bookings as ob', 'ob.order_id', 'o.id')
        .select(['o.amount_cents', 'o.provider', 'o.taken_by']).where('ob.booking_id', '=', id).where('o.provider', '=', 'desk').execute();
      expect(desk).toEqual([{ amount_cents: 1000, provider: 'desk', taken_by: s.staff.id }]);
      const mail = await onlyMail(casey.email, 'balance_collected');
      expect(mail.subject).toMatch(/^Payment received: \$10\.00/);
      expect(mail.text_body).toContain('It is now paid in full ($30.00)');
      refused(await settle({ how: 'desk', amount: 10 }), 409, 'NO_BALANCE');
    });

    it('a booking whose balance was collected, cancelled by the venue: each payment goes back the way it came, $30 in all', async () => {
      const { id, orderId } = await movePaid('Collect Cancel', 20, 30);
      expect((await send('POST', `/api/admin/bookings/${id}/settle-balance`, s.staff, { how: 'desk', amount: 10 })).statusCode).toBe(200);
      const cancelled = await s.t.app.inject({ method: 'DELETE', url: `/api/admin/bookings/${id}`, headers: s.staff.auth });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const refunds = await s.t.database.db
        .selectFrom('refunds as r').innerJoin('orders as o', 'o.id', 'r.order_id')
        .select(['r.order_id', 'o.provider', 'r.amount_cents', 'r.status']).where('r.booking_id', '=', id).orderBy('r.amount_cents').execute();
      expect(refunds).toEqual([
        { order_id: expect.not.stringMatching(orderId), provider: 'desk', amount_cents: 1000, status: 'to_collect' },
        { order_id: orderId, provider: 'sandbox', amount_cents: 2000, status: 'succeeded' },
      ]);
    });

    it('a balance to give back goes through the provider that took the money, and the customer is told when it is sent', async () => {
      const { id, orderId, casey } = await movePaid('Refund', 30, 20);
      const done = await send('POST', `/api/admin/bookings/${id}/settle-balance`, s.staff, { how: 'provider', amount: -10 });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({ payableAmount: 20, balance: 0 });
      const refunds = await s.t.database.db.selectFrom('refunds').select(['order_id', 'amount_cents', 'status']).where('booking_id', '=', id).execute();
      expect(refunds).toEqual([{ order_id: orderId, amount_cents: 1000, status: 'succeeded' }]);
      expect(await onlyMail(casey.email, 'refund_completed')).toMatchObject({ subject: expect.stringMatching(/^Refund of \$10\.00 sent/) });
      // Cancelled by the venue later, the rest goes back: $30 paid, $30 returned in all.
      const cancelled = await s.t.app.inject({ method: 'DELETE', url: `/api/admin/bookings/${id}`, headers: s.staff.auth });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const back = await s.t.database.db.selectFrom('refunds').select((eb) => eb.fn.sum<number>('amount_cents').as('cents')).where('booking_id', '=', id).executeTakeFirstOrThrow();
      expect(Number(back.cents)).toBe(3000);
    });

    it('a balance to give back can be handed back at the desk: a desk refund staff mark done', async () => {
      const { id } = await movePaid('Hand', 30, 20);
      const done = await send('POST', `/api/admin/bookings/${id}/settle-balance`, s.staff, { how: 'desk', amount: -10 });
      expect(done.statusCode, done.body).toBe(200);
      const refunds = await s.t.database.db.selectFrom('refunds').select(['amount_cents', 'status']).where('booking_id', '=', id).execute();
      expect(refunds).toEqual([{ amount_cents: 1000, status: 'to_collect' }]);
    });

    it('an unpaid booking has no balance to settle', async () => {
      const court = await facility(s.t.app, s.staff, { name: 'Unpaid Balance Court' });
      const casey = await customer(s.t.app, 'Casey Unpaid');
      const booked = (await send('POST', '/api/admin/bookings', s.staff, { facilityId: court._id, date: DAY, startTime: '10:00', endTime: '11:00', userId: casey.id, payment: 'unpaid' })).json();
      refused(await send('POST', `/api/admin/bookings/${booked._id}/settle-balance`, s.staff, { how: 'desk', amount: 10 }), 409, 'NOT_PAID');
    });
  });
});

// Real concurrency: real sockets, a real pool, PostgreSQL deciding. PGlite serves one connection
// at a time, so there it would prove nothing.
describeOnPostgres(
  'a balance settled twice at once, over real HTTP on PostgreSQL',
  () => {
    const s = setUp();
    let base: string;
    beforeAll(async () => {
      base = await listenLocally(s.t.app);
    }, 60_000);

    const call = async (path: string, payload: unknown, method = 'POST') => {
      const res = await fetch(`${base}${path}`, { method, headers: { ...s.staff.auth, 'content-type': 'application/json' }, body: JSON.stringify(payload) });
      return { status: res.status, body: (await res.json()) as { code?: string } };
    };

    it('collected by two desks at once: one collects, the other is told there is no balance; one desk order, money in equals the price', async () => {
      const from = await facility(s.t.app, s.staff, { name: 'Race Collect From', pricePerHour: 20 });
      const to = await facility(s.t.app, s.staff, { name: 'Race Collect To', pricePerHour: 35 });
      const casey = await customer(s.t.app, 'Casey Race Collect');
      const { booking } = await bookAndPay(s.t.app, casey, from._id, DAY, '10:00', '11:00');
      expect((await call(`/api/admin/bookings/${booking._id}`, { facilityId: to._id, confirmPriceChange: true }, 'PUT')).status).toBe(200);
      const results = await race(Array.from({ length: 6 }, () => () => call(`/api/admin/bookings/${booking._id}/settle-balance`, { how: 'desk', amount: 15 })));
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      for (const r of results.filter((x) => x.status !== 200)) expect(r.body.code, JSON.stringify(r)).toBe('NO_BALANCE');
      const { rows } = await sql<{ paid: number; price: number; balance: number }>`
        SELECT (SELECT sum(o.amount_cents)::int FROM orders o JOIN order_bookings ob ON ob.order_id = o.id WHERE ob.booking_id = b.id AND o.status = 'paid') AS paid,
               b.payable_cents AS price, b.balance_cents AS balance
        FROM bookings b WHERE b.id = ${booking._id}`.execute(s.t.database.db);
      expect(rows[0]).toEqual({ paid: 3500, price: 3500, balance: 0 });
    });

    it('given back twice at once: one refund, money kept plus money returned equals money in', async () => {
      const from = await facility(s.t.app, s.staff, { name: 'Race Refund From', pricePerHour: 35 });
      const to = await facility(s.t.app, s.staff, { name: 'Race Refund To', pricePerHour: 20 });
      const casey = await customer(s.t.app, 'Casey Race Refund');
      const { booking } = await bookAndPay(s.t.app, casey, from._id, DAY, '12:00', '13:00');
      expect((await call(`/api/admin/bookings/${booking._id}`, { facilityId: to._id, confirmPriceChange: true }, 'PUT')).status).toBe(200);
      const results = await race([
        ...Array.from({ length: 3 }, () => () => call(`/api/admin/bookings/${booking._id}/settle-balance`, { how: 'provider', amount: -15 })),
        ...Array.from({ length: 3 }, () => () => call(`/api/admin/bookings/${booking._id}/settle-balance`, { how: 'desk', amount: -15 })),
      ]);
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      for (const r of results.filter((x) => x.status !== 200)) expect(r.body.code, JSON.stringify(r)).toBe('NO_BALANCE');
      const { rows } = await sql<{ paid: number; returned: number; kept: number }>`
        SELECT (SELECT sum(o.amount_cents)::int FROM orders o JOIN order_bookings ob ON ob.order_id = o.id WHERE ob.booking_id = b.id AND o.status <> 'cancelled') AS paid,
               (SELECT coalesce(sum(r.amount_cents), 0)::int FROM refunds r WHERE r.booking_id = b.id) AS returned,
               b.payable_cents AS kept
        FROM bookings b WHERE b.id = ${booking._id}`.execute(s.t.database.db);
      expect(rows[0]).toEqual({ paid: 3500, returned: 1500, kept: 2000 });
    });
  },
);
