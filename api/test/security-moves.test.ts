import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { describeOnPostgres } from './support/databases.ts';
import { admin, bookAndPay, customer, facility, login, PASSWORD, type Actor } from './support/actors.ts';
import { listenLocally, race } from './support/race.ts';

// Issue 21 (attack round 3), the moves area: a move passes every rule a new booking passes,
// staff moves use the staff policy and state the price difference, walk-ins are never given to
// an account on self-declared contact details, closures keep their local times when a facility's
// zone changes, and a desk booking starting before now needs a confirmed late entry.
// Clock: 2027-03-01T15:00Z = Monday 10:00 in New York (EST). 2027-03-03 is a Wednesday.
const START = '2027-03-01T15:00:00Z';
const TODAY = '2027-03-01';
const DAY = '2027-03-03';

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

describe('moves and the front desk (attack round 3)', () => {
  let t: TestApp;
  let staff: Actor;
  let casey: Actor;
  const send = (method: 'POST' | 'PUT' | 'GET' | 'DELETE', url: string, actor?: Actor, payload?: unknown) =>
    t.app.inject({ method, url, headers: actor?.auth, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const hold = (f: { _id: string }, date: string, startTime: string, endTime: string, actor = casey) =>
    send('POST', '/api/bookings', actor, { facility: f._id, date, startTime, endTime });
  const desk = (payload: Record<string, unknown>) => send('POST', '/api/admin/bookings', staff, payload);

  beforeAll(async () => {
    t = await createTestApp({ clockStart: START });
    staff = await admin(t.app, 'Desk Dee');
  });
  beforeEach(async () => {
    t.clock.set(START);
    casey = await customer(t.app, 'Casey Mover');
  });
  afterAll(() => t?.close());

  describe('a customer move passes every rule a new booking passes', () => {
    it("moving a hold into a facility whose per-customer quota is used up is refused with QUOTA_REACHED, and nothing moves", async () => {
      const quota = await facility(t.app, staff, { name: 'Quota Court', policy: { maxActivePerCustomer: 1 } });
      const open = await facility(t.app, staff, { name: 'Open Court' });
      expect((await hold(quota, DAY, '10:00', '11:00')).statusCode).toBe(201);
      const other = (await hold(open, DAY, '12:00', '13:00')).json().data;
      refused(await send('PUT', `/api/bookings/${other._id}`, casey, { facility: quota._id }), 409, 'QUOTA_REACHED', /1 upcoming booking at Quota Court/);
      expect((await send('GET', `/api/bookings/${other._id}`, casey)).json().data.facility._id).toBe(open._id);
      // A move within the facility is not a second booking there.
      const first = (await send('GET', `/api/bookings/user/${casey.id}`, casey)).json().data.find((b: { facility: { _id: string } }) => b.facility._id === quota._id);
      const within = await send('PUT', `/api/bookings/${first._id}`, casey, { startTime: '15:00', endTime: '16:00' });
      expect(within.statusCode, within.body).toBe(200);
    });

    it("a move straight after someone else's booking on a facility with a changeover is allowed; onto it is refused", async () => {
      const court = await facility(t.app, staff, { name: 'Changeover Court', policy: { bufferMinutes: 15 } });
      const dana = await customer(t.app, 'Dana Other');
      expect((await hold(court, DAY, '10:00', '11:00', dana)).statusCode).toBe(201);
      const mine = (await hold(court, DAY, '14:00', '15:00')).json().data;
      refused(await send('PUT', `/api/bookings/${mine._id}`, casey, { startTime: '10:00', endTime: '11:00' }), 409, 'SLOT_TAKEN');
      const moved = await send('PUT', `/api/bookings/${mine._id}`, casey, { startTime: '11:00', endTime: '12:00' });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json().data).toMatchObject({ startTime: '11:00', endTime: '12:00', playEndTime: '11:45', playMinutes: 45 });
    });

    it("a customer's move of a pending hold to a dearer facility takes the new price and says so", async () => {
      const cheap = await facility(t.app, staff, { name: 'Cheap Court', pricePerHour: 10 });
      const dear = await facility(t.app, staff, { name: 'Dear Court', pricePerHour: 400 });
      const mine = (await hold(cheap, DAY, '10:00', '11:00')).json().data;
      const moved = await send('PUT', `/api/bookings/${mine._id}`, casey, { facility: dear._id });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json().data).toMatchObject({ payableAmount: 400, balance: 0, priceChange: { oldPrice: 10, newPrice: 400, difference: 390 } });
    });
  });

  describe('staff moves use the staff policy and state the price difference', () => {
    it('a desk booking beyond the public horizon can be moved by staff', async () => {
      const court = await facility(t.app, staff, { name: 'Season Court', policy: { horizonDays: 14 } });
      const booked = await desk({ facilityId: court._id, date: '2027-05-03', startTime: '19:00', endTime: '20:00', userId: casey.id, payment: 'unpaid' });
      expect(booked.statusCode, booked.body).toBe(201);
      const moved = await send('PUT', `/api/admin/bookings/${booked.json()._id}`, staff, { date: '2027-05-10' });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toMatchObject({ date: '2027-05-10', startTime: '19:00' });
    });

    it('a paid booking moved to a dearer slot: staff are told the difference first; the booking keeps what was paid and shows the balance to collect', async () => {
      const cheap = await facility(t.app, staff, { name: 'Ten Dollar Court', pricePerHour: 10 });
      const dear = await facility(t.app, staff, { name: 'Four Hundred Court', pricePerHour: 400 });
      const { booking } = await bookAndPay(t.app, casey, cheap._id, DAY, '10:00', '11:00');
      const url = `/api/admin/bookings/${booking._id}`;
      const asked = await send('PUT', url, staff, { facilityId: dear._id });
      refused(asked, 409, 'PRICE_CHANGE_UNCONFIRMED', /\$10\.00.*\$400\.00/s);
      expect(asked.json().priceChange).toEqual({ oldPrice: 10, newPrice: 400, difference: 390, paid: true });
      expect((await send('GET', url, staff)).json().facility._id).toBe(cheap._id);

      const moved = await send('PUT', url, staff, { facilityId: dear._id, confirmPriceChange: true });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toMatchObject({ payableAmount: 10, balance: 390, paymentStatus: 'paid', priceChange: { oldPrice: 10, newPrice: 400, difference: 390 } });
      expect((await send('GET', url, staff)).json()).toMatchObject({ facility: { _id: dear._id }, payableAmount: 10, balance: 390 });
      // The front desk's day shows it too.
      const day = (await send('GET', `/api/admin/day-view?date=${DAY}`, staff)).json() as { facilities: { bookings: { id: string; balance: number }[] }[] };
      expect(day.facilities.flatMap((f) => f.bookings).find((b) => b.id === booking._id)?.balance).toBe(390);
      // Moved back to a $10 slot, nothing is owed any more.
      const back = await send('PUT', url, staff, { facilityId: cheap._id, confirmPriceChange: true });
      expect(back.json()).toMatchObject({ payableAmount: 10, balance: 0, priceChange: { oldPrice: 400, newPrice: 10, difference: -390 } });
    });

    it('an unpaid desk booking takes the new price when staff confirm the move', async () => {
      const cheap = await facility(t.app, staff, { name: 'Cheap Desk Court', pricePerHour: 10 });
      const dear = await facility(t.app, staff, { name: 'Dear Desk Court', pricePerHour: 40 });
      const booked = (await desk({ facilityId: cheap._id, date: DAY, startTime: '18:00', endTime: '19:00', userId: casey.id, payment: 'unpaid' })).json();
      refused(await send('PUT', `/api/admin/bookings/${booked._id}`, staff, { facilityId: dear._id }), 409, 'PRICE_CHANGE_UNCONFIRMED');
      const moved = await send('PUT', `/api/admin/bookings/${booked._id}`, staff, { facilityId: dear._id, confirmPriceChange: true });
      expect(moved.json()).toMatchObject({ payableAmount: 40, balance: 0, priceChange: { oldPrice: 10, newPrice: 40, difference: 30 } });
    });

    it('a move onto a taken slot at another price is refused as taken, never asked about its price, and nothing moves', async () => {
      const cheap = await facility(t.app, staff, { name: 'Cheap Taken Court', pricePerHour: 10 });
      const dear = await facility(t.app, staff, { name: 'Dear Taken Court', pricePerHour: 40 });
      const booked = (await desk({ facilityId: cheap._id, date: DAY, startTime: '20:00', endTime: '21:00', userId: casey.id, payment: 'unpaid' })).json();
      await desk({ facilityId: dear._id, date: DAY, startTime: '20:00', endTime: '21:00', userId: casey.id, payment: 'unpaid' });
      refused(await send('PUT', `/api/admin/bookings/${booked._id}`, staff, { facilityId: dear._id }), 409, 'SLOT_TAKEN');
      expect((await send('GET', `/api/admin/bookings/${booked._id}`, staff)).json()).toMatchObject({ facility: { _id: cheap._id }, payableAmount: 10 });
    });
  });

  describe('walk-ins stay guests unless staff pick the account', () => {
    it('an account that registered the walk-in\'s phone cannot see or cancel the walk-in', async () => {
      // The walk-in's phone, claimed by an account first (phones are not verified).
      const phone = `555-${String(Date.now()).slice(-7)}`;
      const email = `phone.claimer.${Date.now()}@example.com`;
      const signup = await send('POST', '/api/auth/signup', undefined, { name: 'Phone Claimer', email, password: PASSWORD, phone, address: '1 Main St' });
      expect(signup.statusCode, signup.body).toBe(201);
      const claimer = await login(t.app, email);
      const court = await facility(t.app, staff, { name: 'Walk-in Court' });
      const walkIn = await desk({ facilityId: court._id, date: DAY, startTime: '10:00', endTime: '11:00', guest: { name: 'Real Walker', phone }, payment: 'desk' });
      expect(walkIn.statusCode, walkIn.body).toBe(201);
      expect(walkIn.json().user._id).not.toBe(claimer.id);
      const mine = (await send('GET', `/api/bookings/user/${claimer.id}`, claimer)).json().data as { _id: string }[];
      expect(mine.map((b) => b._id)).not.toContain(walkIn.json()._id);
      refused(await send('DELETE', `/api/bookings/${walkIn.json()._id}`, claimer), 404, 'BOOKING_NOT_FOUND');
    });

    it("a guest's email that an account uses is not attached to that account: staff are asked to pick the customer", async () => {
      const email = `walker.${Date.now()}@example.com`;
      const signup = await send('POST', '/api/auth/signup', undefined, { name: 'Email Claimer', email, password: PASSWORD, phone: '555-0111', address: '1 Main St' });
      expect(signup.statusCode, signup.body).toBe(201);
      const claimer = await login(t.app, email);
      const court = await facility(t.app, staff, { name: 'Email Walk-in Court' });
      const walkIn = await desk({ facilityId: court._id, date: DAY, startTime: '12:00', endTime: '13:00', guest: { name: 'Real Walker', email }, payment: 'desk' });
      refused(walkIn, 409, 'EMAIL_TAKEN', /pick/i);
      expect((await send('GET', `/api/bookings/user/${claimer.id}`, claimer)).json().data).toEqual([]);
    });
  });

  describe('a desk booking that starts before now needs a confirmed late entry (Also)', () => {
    it('refuses a start earlier today unless lateEntry is true', async () => {
      const court = await facility(t.app, staff, { name: 'Late Court' });
      const body = { facilityId: court._id, date: TODAY, startTime: '09:00', endTime: '11:00', guest: { name: 'Late Larry' }, payment: 'desk' };
      refused(await desk(body), 400, 'IN_THE_PAST', /late entry/);
      const late = await desk({ ...body, lateEntry: true });
      expect(late.statusCode, late.body).toBe(201);
    });

    it('a weekly series never books a date that started earlier today', async () => {
      const court = await facility(t.app, staff, { name: 'Late Series Court' });
      const preview = await send('POST', '/api/admin/series/preview', staff, {
        facilityId: court._id, firstDate: TODAY, startTime: '09:00', endTime: '11:00', every: 1, count: 2, guest: { name: 'League' }, payment: 'unpaid', onConflict: 'skip',
      });
      expect(preview.json().dates.map((d: { free: boolean; reason: string | null }) => [d.free, d.reason])).toEqual([[false, 'This date has started already.'], [true, null]]);
    });
  });

  describe("a time-zone change keeps closures' local times", () => {
    const closure = (facilityId: string, start: string, end: string) =>
      send('POST', '/api/admin/closures', staff, { facilityIds: [facilityId], start, end, reason: 'Resurfacing', kind: 'maintenance' });
    const rezone = (id: string, timezone: string, confirm?: boolean) =>
      send('PUT', `/api/facility/${id}`, staff, { timezone, ...(confirm === undefined ? {} : { confirmTimezoneChange: confirm }) });
    const free = async (id: string) => ((await send('GET', `/api/check-availability?date=${DAY}&facility=${id}`)).json().data as { startTime: string }[]).map((s) => s.startTime);

    it('asks for the same confirmation as bookings, then keeps the closed hours closed at their local times', async () => {
      const court = await facility(t.app, staff, { name: 'Rezoned Court' });
      expect((await closure(court._id, `${DAY}T10:00`, `${DAY}T12:00`)).statusCode).toBe(201);
      refused(await rezone(court._id, 'America/Los_Angeles'), 409, 'FACILITY_HAS_BOOKINGS', /1 upcoming closure[\s\S]*Resurfacing/);
      const changed = await rezone(court._id, 'America/Los_Angeles', true);
      expect(changed.statusCode, changed.body).toBe(200);
      const slots = await free(court._id);
      expect(slots).not.toContain('10:00');
      expect(slots).not.toContain('11:00');
      expect(slots).toContain('12:00');
      const { rows } = await sql<{ starts_at: Date; ends_at: Date }>`
        SELECT starts_at, ends_at FROM closure_facilities WHERE facility_id = ${court._id}`.execute(t.database.db);
      // 10:00-12:00 in Los Angeles (PST, UTC-8).
      expect(rows.map((r) => [r.starts_at.toISOString(), r.ends_at.toISOString()])).toEqual([['2027-03-03T18:00:00.000Z', '2027-03-03T20:00:00.000Z']]);
    });

    it('refuses the change, naming both, when a closure kept at its local times would cover a booking', async () => {
      // UTC has no daylight saving; New York springs forward at 02:00 on 2027-03-14, so a closure
      // ending at 02:30 there ends at 03:30: over a booking at 03:00.
      const allDay = { open: '00:00', close: '24:00' };
      const court = await facility(t.app, staff, {
        name: 'Gap Court',
        timezone: 'UTC',
        slotMinutes: 30,
        openingHours: { sun: allDay, mon: allDay, tue: allDay, wed: allDay, thu: allDay, fri: allDay, sat: allDay },
      });
      expect((await closure(court._id, '2027-03-14T01:00', '2027-03-14T02:30')).statusCode).toBe(201);
      const booked = await desk({ facilityId: court._id, date: '2027-03-14', startTime: '03:00', endTime: '04:00', userId: casey.id, payment: 'unpaid' });
      expect(booked.statusCode, booked.body).toBe(201);
      refused(await rezone(court._id, 'America/New_York', true), 409, 'TIMEZONE_CHANGE_OVERLAP', /Resurfacing[\s\S]*Casey Mover/);
      expect((await send('GET', `/api/facility/${court._id}`)).json().data.timezone).toBe('UTC');
    });
  });
});

// Real concurrency: real sockets, a real pool, PostgreSQL deciding. PGlite serves one connection
// at a time, so there it would prove nothing.
describeOnPostgres(
  'moves under concurrency, over real HTTP on PostgreSQL',
  () => {
    let t: TestApp;
    let base: string;
    let staff: Actor;

    beforeAll(async () => {
      t = await createTestApp({ clockStart: START });
      base = await listenLocally(t.app);
      staff = await admin(t.app);
    }, 60_000);
    afterAll(() => t?.close());

    const call = async (actor: Actor, method: 'POST' | 'PUT', path: string, payload: Record<string, string>) => {
      const res = await fetch(`${base}${path}`, { method, headers: { ...actor.auth, 'content-type': 'application/json' }, body: JSON.stringify(payload) });
      return { status: res.status, body: (await res.json()) as { code?: string } };
    };

    it('creates and moves racing into a facility with a quota of 1: at most one booking of the customer is active there', async () => {
      const quota = await facility(t.app, staff, { name: 'Race Move Court', policy: { maxActivePerCustomer: 1 } });
      const elsewhere = await facility(t.app, staff, { name: 'Race Start Court' });
      const mover = await customer(t.app, 'Racing Mover');
      const at = (h: number) => `${String(h).padStart(2, '0')}:00`;
      const holds = [];
      for (let h = 8; h < 14; h++) holds.push((await call(mover, 'POST', '/api/bookings', { facility: elsewhere._id, date: DAY, startTime: at(h), endTime: at(h + 1) })).body as { data?: { _id: string } });
      const results = await race([
        ...holds.map((b, i) => () => call(mover, 'PUT', `/api/bookings/${b.data!._id}`, { facility: quota._id, startTime: at(14 + i), endTime: at(15 + i) })),
        () => call(mover, 'POST', '/api/bookings', { facility: quota._id, date: DAY, startTime: at(8), endTime: at(9) }),
        () => call(mover, 'POST', '/api/bookings', { facility: quota._id, date: DAY, startTime: at(10), endTime: at(11) }),
      ]);
      expect(results.filter((r) => r.status < 300)).toHaveLength(1);
      for (const r of results.filter((x) => x.status >= 300)) expect(r.body.code, JSON.stringify(r)).toBe('QUOTA_REACHED');
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM bookings WHERE facility_id = ${quota._id} AND user_id = ${mover.id} AND status IN ('pending', 'confirmed')`.execute(t.database.db);
      expect(rows[0]!.n).toBe(1);
    });
  },
);
