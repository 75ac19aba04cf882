import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, book, bookAndPay, customer, facility, type Actor } from './support/actors.ts';
import { sweepHolds } from '../src/services/booking-service.ts';

// Clock: 2027-03-01T15:00Z = Monday 10:00 in New York (EST). Tomorrow, 2027-03-02, is a Tuesday.
const START = '2027-03-01T15:00:00Z';
const UNKNOWN_ID = '3f0c6a52-2b1d-4c8e-9a57-0d6f1e2b3c4d';
const MINUTE = 60_000;

const allDay = (hours: { open: string; close: string } | null) => ({ sun: hours, mon: hours, tue: hours, wed: hours, thu: hours, fri: hours, sat: hours });

describe('bookings through the API', () => {
  let t: TestApp;
  let staff: Actor;
  let casey: Actor;
  let dana: Actor;

  const post = (actor: Actor, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/bookings', headers: actor.auth, payload });
  const freeStarts = async (facilityId: string, date: string) => {
    const res = await t.app.inject({ url: `/api/check-availability?date=${date}&facility=${facilityId}` });
    expect(res.statusCode).toBe(200);
    return (res.json().data as { startTime: string }[]).map((s) => s.startTime);
  };
  const dbBooking = (id: string) => t.database.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp();
    staff = await admin(t.app);
    casey = await customer(t.app, 'Casey Customer');
    dana = await customer(t.app, 'Dana Customer');
  });
  beforeEach(() => t.clock.set(START));
  afterAll(() => t?.close());

  describe('the booking rules (POST /api/bookings)', () => {
    let court: { _id: string };
    beforeAll(async () => {
      court = await facility(t.app, staff, { pricePerHour: 20 });
    });

    const refused = async (payload: Record<string, unknown>, status: number, path?: string, message?: RegExp | string) => {
      const res = await post(casey, { facility: court._id, date: '2027-03-02', startTime: '10:00', endTime: '11:00', ...payload });
      expect(res.statusCode, res.body).toBe(status);
      const body = res.json();
      expect(body).toMatchObject({ success: false, statusCode: status });
      if (path !== undefined) expect(body.errorMessages[0].path).toBe(path);
      if (typeof message === 'string') expect(body.message).toBe(message);
      else if (message) expect(body.message).toMatch(message);
      return body;
    };

    it('refuses an end before the start', async () => {
      await refused({ startTime: '12:00', endTime: '11:00' }, 400, 'endTime', 'End time must be after the start time.');
      await refused({ startTime: '12:00', endTime: '12:00' }, 400, 'endTime', 'End time must be after the start time.');
    });

    it('refuses times outside the opening hours', async () => {
      await refused({ startTime: '07:00', endTime: '08:00' }, 400, 'startTime', /opening hours/);
      await refused({ startTime: '21:00', endTime: '23:00' }, 400, 'endTime', /opening hours/);
    });

    it('refuses times off the slot grid', async () => {
      await refused({ startTime: '10:30', endTime: '11:30' }, 400, 'startTime', /60-minute/);
      await refused({ startTime: '10:00', endTime: '11:30' }, 400, 'endTime', /60-minute/);
    });

    it('refuses a start in the past, including one starting right now', async () => {
      await refused({ date: '2027-03-01', startTime: '09:00', endTime: '10:00' }, 400, 'startTime', /future/);
      await refused({ date: '2027-03-01', startTime: '10:00', endTime: '11:00' }, 400, 'startTime', /future/);
      await refused({ date: '2027-02-27', startTime: '10:00', endTime: '11:00' }, 400, 'startTime', /future/);
    });

    it('refuses a date beyond the 60-day horizon', async () => {
      await refused({ date: '2027-05-01', startTime: '10:00', endTime: '11:00' }, 400, 'date', /60 days/);
      // 2027-04-30 10:00 EDT is 59 days 23 hours away: still open.
      const edge = await post(casey, { facility: court._id, date: '2027-04-30', startTime: '10:00', endTime: '11:00' });
      expect(edge.statusCode, edge.body).toBe(201);
    });

    it('refuses a booking longer than maxBookingMinutes (240)', async () => {
      await refused({ startTime: '08:00', endTime: '13:00' }, 400, 'endTime', /240 minutes/);
      const fourHours = await post(casey, { facility: court._id, date: '2027-03-09', startTime: '08:00', endTime: '12:00' });
      expect(fourHours.statusCode, fourHours.body).toBe(201);
      expect(fourHours.json().data.payableAmount).toBe(80);
    });

    it('refuses a weekday the facility is closed', async () => {
      const hours = { open: '08:00', close: '22:00' };
      const weekdaysOnly = await facility(t.app, staff, { openingHours: { ...allDay(hours), sun: null } });
      // 2027-03-07 is a Sunday.
      const res = await post(casey, { facility: weekdaysOnly._id, date: '2027-03-07', startTime: '10:00', endTime: '11:00' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errorMessages[0].path).toBe('date');
      expect(res.json().message).toMatch(/closed/);
      expect(await freeStarts(weekdaysOnly._id, '2027-03-07')).toEqual([]);
      const monday = await post(casey, { facility: weekdaysOnly._id, date: '2027-03-08', startTime: '10:00', endTime: '11:00' });
      expect(monday.statusCode).toBe(201);
    });

    it('is 404 for an unknown or soft-deleted facility', async () => {
      await refused({ facility: UNKNOWN_ID }, 404);
      const gone = await facility(t.app, staff);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/facility/${gone._id}`, headers: staff.auth })).statusCode).toBe(200);
      await refused({ facility: gone._id }, 404, undefined, /Facility not found/);
      const count = await t.database.db.selectFrom('bookings').select(sql<number>`count(*)::int`.as('n')).where('facility_id', '=', gone._id).executeTakeFirstOrThrow();
      expect(count.n).toBe(0);
    });

    it('prices on the server and ignores a client price', async () => {
      const res = await post(casey, { facility: court._id, date: '2027-03-10', startTime: '14:00', endTime: '17:00', payableAmount: 0.01, status: 'confirmed' });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ payableAmount: 60, status: 'pending', paymentStatus: 'unpaid' });
      expect(res.json().data.holdExpiresAt).toBe(new Date(Date.parse(START) + 15 * MINUTE).toISOString());
      expect((await dbBooking(res.json().data._id)).payable_cents).toBe(6000);
    });
  });

  describe('holds', () => {
    it('a pending hold blocks the slot; once it lapses the slot is free and another customer takes it', async () => {
      const court = await facility(t.app, staff);
      const first = await book(t.app, casey, court._id, '2027-03-03', '10:00', '11:00');
      expect(await freeStarts(court._id, '2027-03-03')).not.toContain('10:00');
      const blocked = await post(dana, { facility: court._id, date: '2027-03-03', startTime: '10:00', endTime: '11:00' });
      expect(blocked.statusCode).toBe(409);
      const overlapping = await post(dana, { facility: court._id, date: '2027-03-03', startTime: '09:00', endTime: '11:00' });
      expect(overlapping.statusCode).toBe(409);

      t.clock.advance(16 * MINUTE);
      expect(await freeStarts(court._id, '2027-03-03')).toContain('10:00');
      // Not swept yet: the table still says pending.
      expect((await dbBooking(first._id)).status).toBe('pending');

      const second = await post(dana, { facility: court._id, date: '2027-03-03', startTime: '10:00', endTime: '11:00' });
      expect(second.statusCode, second.body).toBe(201);
      expect(second.json().data.status).toBe('pending');
      // Expired inside the booking transaction.
      expect((await dbBooking(first._id)).status).toBe('expired');

      const read = await t.app.inject({ url: `/api/bookings/${first._id}`, headers: casey.auth });
      expect(read.statusCode).toBe(200);
      expect(read.json().data).toMatchObject({ status: 'expired', holdExpiresAt: null });
      expect(await freeStarts(court._id, '2027-03-03')).not.toContain('10:00');
    });

    it('the sweeper writes expired into the table', async () => {
      const court = await facility(t.app, staff);
      const hold = await book(t.app, casey, court._id, '2027-03-03', '12:00', '13:00');
      const fresh = await book(t.app, dana, court._id, '2027-03-03', '14:00', '15:00');
      expect(await sweepHolds(t.app.ctx)).toBe(0);
      expect((await dbBooking(hold._id)).status).toBe('pending');

      t.clock.advance(10 * MINUTE);
      const later = await book(t.app, dana, court._id, '2027-03-03', '16:00', '17:00');
      t.clock.advance(6 * MINUTE);
      const swept = await sweepHolds(t.app.ctx);
      expect(swept).toBeGreaterThanOrEqual(2);
      expect((await dbBooking(hold._id)).status).toBe('expired');
      expect((await dbBooking(fresh._id)).status).toBe('expired');
      expect((await dbBooking(later._id)).status).toBe('pending');
      expect(await sweepHolds(t.app.ctx)).toBe(0);
    });

    it('back-to-back bookings both succeed', async () => {
      const court = await facility(t.app, staff);
      const a = await post(casey, { facility: court._id, date: '2027-03-04', startTime: '10:00', endTime: '11:00' });
      const b = await post(dana, { facility: court._id, date: '2027-03-04', startTime: '11:00', endTime: '12:00' });
      expect(a.statusCode).toBe(201);
      expect(b.statusCode).toBe(201);
      const starts = await freeStarts(court._id, '2027-03-04');
      expect(starts).not.toContain('10:00');
      expect(starts).not.toContain('11:00');
      expect(starts).toContain('09:00');
      expect(starts).toContain('12:00');
    });
  });

  describe('availability', () => {
    it("leaves out today's slots that have started", async () => {
      const court = await facility(t.app, staff);
      const today = await freeStarts(court._id, '2027-03-01');
      expect(today[0]).toBe('11:00');
      expect(today).toHaveLength(11);
      t.clock.set('2027-03-01T15:01:00Z');
      expect((await freeStarts(court._id, '2027-03-01'))[0]).toBe('11:00');
      t.clock.set('2027-03-01T16:00:00Z');
      expect((await freeStarts(court._id, '2027-03-01'))[0]).toBe('12:00');
    });

    it('a 30-minute facility has 28 slots of 30 minutes', async () => {
      const court = await facility(t.app, staff, { slotMinutes: 30 });
      const res = await t.app.inject({ url: `/api/check-availability?date=2027-03-02&facility=${court._id}` });
      const slots = res.json().data;
      expect(slots).toHaveLength(28);
      expect(slots[0]).toEqual({ startTime: '08:00', endTime: '08:30', price: 10 });
      expect(slots[1]).toEqual({ startTime: '08:30', endTime: '09:00', price: 10 });
      expect(slots[27]).toEqual({ startTime: '21:30', endTime: '22:00', price: 10 });
    });

    it('refuses a missing facility and a malformed date', async () => {
      const court = await facility(t.app, staff);
      const none = await t.app.inject({ url: '/api/check-availability?date=2027-03-02' });
      expect(none.statusCode).toBe(400);
      expect(none.json().errorMessages[0].path).toBe('facility');
      const bad = await t.app.inject({ url: `/api/check-availability?date=2027-02-30&facility=${court._id}` });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errorMessages[0].path).toBe('date');
      const unknown = await t.app.inject({ url: `/api/check-availability?date=2027-03-02&facility=${UNKNOWN_ID}` });
      expect(unknown.statusCode).toBe(404);
    });

    it('spring forward (2027-03-14, New York): 23 slots and no 02:00', async () => {
      t.clock.set('2027-03-10T15:00:00Z');
      const court = await facility(t.app, staff, { openingHours: allDay({ open: '00:00', close: '24:00' }), pricePerHour: 20 });
      const starts = await freeStarts(court._id, '2027-03-14');
      expect(starts).toHaveLength(23);
      expect(starts).not.toContain('02:00');
      expect(starts).toContain('01:00');
      expect(starts).toContain('03:00');
      expect(starts[starts.length - 1]).toBe('23:00');
      // The hour that does not exist cannot be booked.
      const res = await post(casey, { facility: court._id, date: '2027-03-14', startTime: '02:00', endTime: '03:00' });
      expect(res.statusCode).toBe(400);
      // 01:00-03:00 on the wall clock is one real hour, priced as one.
      const across = await post(casey, { facility: court._id, date: '2027-03-14', startTime: '01:00', endTime: '03:00' });
      expect(across.statusCode, across.body).toBe(201);
      expect(across.json().data).toMatchObject({ startTime: '01:00', endTime: '03:00', payableAmount: 20 });
    });

    it('fall back (2027-11-07, New York): 01:00-02:00 lasts and costs two hours', async () => {
      t.clock.set('2027-11-04T15:00:00Z');
      const court = await facility(t.app, staff, { openingHours: allDay({ open: '00:00', close: '24:00' }), pricePerHour: 20 });
      const starts = await freeStarts(court._id, '2027-11-07');
      expect(starts).toHaveLength(24);
      const res = await post(casey, { facility: court._id, date: '2027-11-07', startTime: '01:00', endTime: '02:00' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({ date: '2027-11-07', startTime: '01:00', endTime: '02:00', payableAmount: 40 });
      const row = await dbBooking(res.json().data._id);
      expect(row.starts_at.toISOString()).toBe('2027-11-07T05:00:00.000Z');
      expect(row.ends_at.toISOString()).toBe('2027-11-07T07:00:00.000Z');
      expect(row.payable_cents).toBe(4000);
      const normal = await post(casey, { facility: court._id, date: '2027-11-07', startTime: '03:00', endTime: '04:00' });
      expect(normal.json().data.payableAmount).toBe(20);
    });
  });

  describe('reschedule (PUT /api/bookings/:id)', () => {
    it('the owner moves a pending hold: old slot freed, new slot taken, price recomputed', async () => {
      const court = await facility(t.app, staff, { pricePerHour: 25 });
      const hold = await book(t.app, casey, court._id, '2027-03-04', '10:00', '11:00');
      expect(hold.payableAmount).toBe(25);
      const res = await t.app.inject({ method: 'PUT', url: `/api/bookings/${hold._id}`, headers: casey.auth, payload: { startTime: '14:00', endTime: '16:00' } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe('Booking updated successfully');
      expect(res.json().data).toMatchObject({ _id: hold._id, date: '2027-03-04', startTime: '14:00', endTime: '16:00', payableAmount: 50, status: 'pending' });
      const starts = await freeStarts(court._id, '2027-03-04');
      expect(starts).toContain('10:00');
      expect(starts).not.toContain('14:00');
      expect(starts).not.toContain('15:00');
      expect((await dbBooking(hold._id)).payable_cents).toBe(5000);
      // Someone else can now take the old slot; the new one is taken.
      expect((await post(dana, { facility: court._id, date: '2027-03-04', startTime: '10:00', endTime: '11:00' })).statusCode).toBe(201);
      expect((await post(dana, { facility: court._id, date: '2027-03-04', startTime: '15:00', endTime: '16:00' })).statusCode).toBe(409);
    });

    it('a reschedule follows the same rules', async () => {
      const court = await facility(t.app, staff);
      const hold = await book(t.app, casey, court._id, '2027-03-04', '10:00', '11:00');
      const offGrid = await t.app.inject({ method: 'PUT', url: `/api/bookings/${hold._id}`, headers: casey.auth, payload: { startTime: '10:30', endTime: '11:30' } });
      expect(offGrid.statusCode).toBe(400);
      expect(offGrid.json().errorMessages[0].path).toBe('startTime');
      const taken = await book(t.app, dana, court._id, '2027-03-04', '12:00', '13:00');
      const clash = await t.app.inject({ method: 'PUT', url: `/api/bookings/${hold._id}`, headers: casey.auth, payload: { startTime: '12:00', endTime: '13:00' } });
      expect(clash.statusCode).toBe(409);
      const row = await dbBooking(hold._id);
      expect(row.starts_at.toISOString()).toBe('2027-03-04T15:00:00.000Z');
      expect((await dbBooking(taken._id)).status).toBe('pending');
    });

    it('an owner cannot move a confirmed booking (403); an admin can, keeping the paid amount', async () => {
      const court = await facility(t.app, staff, { pricePerHour: 30 });
      const { booking } = await bookAndPay(t.app, casey, court._id, '2027-03-05', '10:00', '11:00');
      const owner = await t.app.inject({ method: 'PUT', url: `/api/bookings/${booking._id}`, headers: casey.auth, payload: { startTime: '12:00', endTime: '13:00' } });
      expect(owner.statusCode).toBe(403);
      expect((await dbBooking(booking._id)).starts_at.toISOString()).toBe('2027-03-05T15:00:00.000Z');

      const byAdmin = await t.app.inject({ method: 'PUT', url: `/api/bookings/${booking._id}`, headers: staff.auth, payload: { startTime: '12:00', endTime: '13:00' } });
      expect(byAdmin.statusCode, byAdmin.body).toBe(200);
      expect(byAdmin.json().data).toMatchObject({ startTime: '12:00', endTime: '13:00', status: 'confirmed', paymentStatus: 'paid', payableAmount: 30 });
      const starts = await freeStarts(court._id, '2027-03-05');
      expect(starts).toContain('10:00');
      expect(starts).not.toContain('12:00');
    });
  });

  describe('cancel (DELETE /api/bookings/:id)', () => {
    it('a pending hold can be cancelled any time and the slot frees', async () => {
      const court = await facility(t.app, staff);
      // Starts in one hour: well inside the 24-hour window, but unpaid.
      const hold = await book(t.app, casey, court._id, '2027-03-01', '11:00', '12:00');
      expect(await freeStarts(court._id, '2027-03-01')).not.toContain('11:00');
      const res = await t.app.inject({ method: 'DELETE', url: `/api/bookings/${hold._id}`, headers: casey.auth });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe('Booking cancelled successfully.');
      expect(res.json().data).toMatchObject({ _id: hold._id, status: 'cancelled', paymentStatus: 'unpaid' });
      expect(await freeStarts(court._id, '2027-03-01')).toContain('11:00');
      const row = await dbBooking(hold._id);
      expect(row).toMatchObject({ status: 'cancelled', cancelled_by: casey.id });
      const again = await t.app.inject({ method: 'DELETE', url: `/api/bookings/${hold._id}`, headers: casey.auth });
      expect(again.statusCode).toBe(409);
    });

    it('a confirmed booking more than 24 h ahead is cancelled and refunded', async () => {
      const court = await facility(t.app, staff, { pricePerHour: 35 });
      const { booking, orderId } = await bookAndPay(t.app, casey, court._id, '2027-03-05', '10:00', '12:00');
      const res = await t.app.inject({ method: 'DELETE', url: `/api/bookings/${booking._id}`, headers: casey.auth });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toMatch(/^Booking cancelled successfully\. .*refunded/);
      expect(res.json().data).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
      const order = await t.database.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
      expect(order.refunded_cents).toBe(7000);
      expect(order.amount_cents).toBe(7000);
      expect(order.status).toBe('refunded');
      expect(await freeStarts(court._id, '2027-03-05')).toContain('10:00');
    });

    it('within 24 h the owner gets 409; an admin cancels with a refund', async () => {
      const court = await facility(t.app, staff, { pricePerHour: 20 });
      // 2027-03-02 09:00 EST is 23 hours after the clock.
      const { booking, orderId } = await bookAndPay(t.app, casey, court._id, '2027-03-02', '09:00', '10:00');
      const owner = await t.app.inject({ method: 'DELETE', url: `/api/bookings/${booking._id}`, headers: casey.auth });
      expect(owner.statusCode).toBe(409);
      expect(owner.json().message).toMatch(/24 hours/);
      expect(await dbBooking(booking._id)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });

      const byAdmin = await t.app.inject({ method: 'DELETE', url: `/api/bookings/${booking._id}`, headers: staff.auth });
      expect(byAdmin.statusCode, byAdmin.body).toBe(200);
      expect(byAdmin.json().data).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
      expect(await dbBooking(booking._id)).toMatchObject({ status: 'cancelled', payment_status: 'refunded', cancelled_by: staff.id });
      const order = await t.database.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
      expect(order.refunded_cents).toBe(2000);
    });

    it("cancelled bookings stay in the user's list", async () => {
      const eve = await customer(t.app, 'Eve Customer');
      const court = await facility(t.app, staff);
      const kept = await book(t.app, eve, court._id, '2027-03-06', '10:00', '11:00');
      const dropped = await book(t.app, eve, court._id, '2027-03-06', '12:00', '13:00');
      expect((await t.app.inject({ method: 'DELETE', url: `/api/bookings/${dropped._id}`, headers: eve.auth })).statusCode).toBe(200);
      const res = await t.app.inject({ url: `/api/bookings/user/${eve.id}`, headers: eve.auth });
      expect(res.statusCode).toBe(200);
      const mine = res.json().data as { _id: string; status: string }[];
      expect(mine).toHaveLength(2);
      expect(mine.find((b) => b._id === dropped._id)?.status).toBe('cancelled');
      expect(mine.find((b) => b._id === kept._id)?.status).toBe('pending');
    });
  });

  describe("another customer's booking", () => {
    it('is 404 on GET, PUT and DELETE, and changes nothing', async () => {
      const court = await facility(t.app, staff);
      const hold = await book(t.app, casey, court._id, '2027-03-08', '10:00', '11:00');
      const get = await t.app.inject({ url: `/api/bookings/${hold._id}`, headers: dana.auth });
      expect(get.statusCode).toBe(404);
      const put = await t.app.inject({ method: 'PUT', url: `/api/bookings/${hold._id}`, headers: dana.auth, payload: { startTime: '12:00', endTime: '13:00' } });
      expect(put.statusCode).toBe(404);
      const del = await t.app.inject({ method: 'DELETE', url: `/api/bookings/${hold._id}`, headers: dana.auth });
      expect(del.statusCode).toBe(404);
      expect(await dbBooking(hold._id)).toMatchObject({ status: 'pending', starts_at: new Date('2027-03-08T15:00:00Z') });
      const list = await t.app.inject({ url: `/api/bookings/user/${casey.id}`, headers: dana.auth });
      expect(list.statusCode).toBe(403);
      const own = await t.app.inject({ url: `/api/bookings/${hold._id}`, headers: casey.auth });
      expect(own.statusCode).toBe(200);
    });
  });

  describe('GET /api/bookings (admin)', () => {
    it('returns data, meta.total and populated facility and user', async () => {
      const court = await facility(t.app, staff, { name: 'Populated Court', location: 'Eastside', pricePerHour: 27.5 });
      const hold = await book(t.app, dana, court._id, '2027-03-09', '18:00', '19:00');
      const total = (await t.database.db.selectFrom('bookings').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
      const res = await t.app.inject({ url: '/api/bookings', headers: staff.auth });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Array.isArray(body.data)).toBe(true);
      expect(body.meta.total).toBe(total);
      expect(body.data).toHaveLength(Math.min(total, 100));
      const mine = body.data.find((b: { _id: string }) => b._id === hold._id);
      expect(mine.facility).toEqual({ _id: court._id, name: 'Populated Court', location: 'Eastside', pricePerHour: 27.5, timezone: 'America/New_York' });
      expect(mine.user).toEqual({ _id: dana.id, name: 'Dana Customer', email: dana.email });
      expect(mine.seriesId).toBeNull();

      const paged = (await t.app.inject({ url: '/api/bookings?page=2&limit=3', headers: staff.auth })).json();
      expect(paged.meta).toEqual({ page: 2, limit: 3, total });
      expect(paged.data).toHaveLength(3);
      expect(paged.data.map((b: { _id: string }) => b._id)).toEqual(body.data.slice(3, 6).map((b: { _id: string }) => b._id));

      expect((await t.app.inject({ url: '/api/bookings', headers: dana.auth })).statusCode).toBe(403);
      expect((await t.app.inject({ url: '/api/bookings' })).statusCode).toBe(401);
    });
  });
});
