import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, book, bookAndPay, customer, facility, type Actor } from './support/actors.ts';

// Clock: 2027-03-01T15:00Z = Monday 10:00 in New York (EST). Tomorrow, 2027-03-02, is a Tuesday.
const START = '2027-03-01T15:00:00Z';
const MINUTE = 60_000;
const allDay = (hours: { open: string; close: string } | null) => ({ sun: hours, mon: hours, tue: hours, wed: hours, thu: hours, fri: hours, sat: hours });

interface DayViewBody {
  date: string;
  weekday: number;
  today: string;
  facilities: {
    id: string;
    name: string;
    timezone: string;
    hours: { open: string; close: string } | null;
    bookings: { id: string; startTime: string; endTime: string; status: string; paymentStatus: string; payableAmount: number; customer: { id: string; name: string; email: string } }[];
  }[];
}

describe('back office: day view (GET /api/admin/day-view)', () => {
  let t: TestApp;
  let staff: Actor;
  let casey: Actor;
  let dana: Actor;
  let centre: { _id: string; name: string };
  let annex: { _id: string; name: string };
  let tokyo: { _id: string; name: string };
  let gone: { _id: string; name: string };

  const dayView = async (date: string, actor: Actor = staff) => {
    const res = await t.app.inject({ url: `/api/admin/day-view?date=${date}`, headers: actor.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as DayViewBody;
  };

  beforeAll(async () => {
    t = await createTestApp({ clockStart: START });
    staff = await admin(t.app);
    casey = await customer(t.app, 'Casey Customer');
    dana = await customer(t.app, 'Dana Customer');
    centre = await facility(t.app, staff, { name: 'A Centre Court', pricePerHour: 20 });
    annex = await facility(t.app, staff, { name: 'B Annex Court', pricePerHour: 30, openingHours: { ...allDay({ open: '09:00', close: '17:00' }), tue: null } });
    tokyo = await facility(t.app, staff, { name: 'C Tokyo Court', pricePerHour: 10, timezone: 'Asia/Tokyo' });
    gone = await facility(t.app, staff, { name: 'D Gone Court' });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/facilities/${gone._id}`, headers: staff.auth });
    expect(del.statusCode).toBe(200);
  });
  beforeEach(() => t.clock.set(START));
  afterAll(() => t?.close());

  it('is for staff only', async () => {
    expect((await t.app.inject({ url: '/api/admin/day-view?date=2027-03-02' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/day-view?date=2027-03-02', headers: casey.auth })).statusCode).toBe(403);
  });

  it('refuses a date that is not YYYY-MM-DD or does not exist; no date means today', async () => {
    for (const date of ['2027-3-2', 'tomorrow', '2027-02-30']) {
      const res = await t.app.inject({ url: `/api/admin/day-view?date=${date}`, headers: staff.auth });
      expect(res.statusCode, date).toBe(400);
      expect(res.json()).toMatchObject({ success: false, statusCode: 400 });
    }
    // Without a date: today in the venue's time zone.
    const today = await t.app.inject({ url: '/api/admin/day-view', headers: staff.auth });
    expect(today.statusCode).toBe(200);
    expect(today.json()).toMatchObject({ date: '2027-03-01', today: '2027-03-01' });
  });

  it('lists every live facility side by side with the opening hours of that weekday', async () => {
    const day = await dayView('2027-03-02');
    expect(day).toMatchObject({ date: '2027-03-02', weekday: 2, today: '2027-03-01' });
    expect(day.facilities.map((f) => f.name)).toEqual(['A Centre Court', 'B Annex Court', 'C Tokyo Court']);
    expect(day.facilities[0]!.hours).toEqual({ open: '08:00', close: '22:00' });
    expect(day.facilities[1]!.hours).toBeNull(); // the annex is closed on Tuesdays
    expect(day.facilities.every((f) => f.bookings.length === 0)).toBe(true);
    expect((await dayView('2027-03-03')).facilities[1]!.hours).toEqual({ open: '09:00', close: '17:00' });
  });

  it("places each booking that holds time on that day, with its customer and status, and leaves out the rest", async () => {
    const held = await book(t.app, casey, centre._id, '2027-03-02', '10:00', '12:00');
    const { booking: paid } = await bookAndPay(t.app, dana, centre._id, '2027-03-02', '14:00', '15:00');
    const cancelled = await book(t.app, dana, centre._id, '2027-03-02', '16:00', '17:00');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/bookings/${cancelled._id}`, headers: dana.auth })).statusCode).toBe(200);
    const otherDay = await book(t.app, casey, centre._id, '2027-03-03', '10:00', '11:00');

    const day = await dayView('2027-03-02');
    const bookings = day.facilities[0]!.bookings;
    expect(bookings).toHaveLength(2);
    expect(bookings[0]).toMatchObject({
      id: held._id,
      startTime: '10:00',
      endTime: '12:00',
      status: 'pending',
      paymentStatus: 'unpaid',
      payableAmount: 40,
      customer: { id: casey.id, name: 'Casey Customer', email: casey.email },
    });
    expect(bookings[1]).toMatchObject({ id: paid._id, startTime: '14:00', endTime: '15:00', status: 'confirmed', paymentStatus: 'paid', customer: { name: 'Dana Customer' } });
    expect((await dayView('2027-03-03')).facilities[0]!.bookings.map((b) => b.id)).toEqual([otherDay._id]);

    // A hold that lapsed no longer holds the slot, swept or not.
    t.clock.advance(16 * MINUTE);
    expect((await dayView('2027-03-02')).facilities[0]!.bookings.map((b) => b.id)).toEqual([paid._id]);
  });

  it("uses each facility's own calendar day", async () => {
    // 09:00 on 3 March in Tokyo is 19:00 on 2 March in New York.
    const early = await book(t.app, casey, tokyo._id, '2027-03-03', '09:00', '10:00');
    const onTheThird = await dayView('2027-03-03');
    expect(onTheThird.facilities.find((f) => f.id === tokyo._id)!.bookings).toMatchObject([{ id: early._id, startTime: '09:00', endTime: '10:00' }]);
    expect((await dayView('2027-03-02')).facilities.find((f) => f.id === tokyo._id)!.bookings).toEqual([]);
  });

  it('answers with one call for a hundred facilities', async () => {
    for (let i = 0; i < 100; i++) {
      await t.database.db
        .insertInto('facilities')
        .values({ name: `Z Bulk ${String(i).padStart(3, '0')}`, location: 'Bulk', price_per_hour_cents: 1000, description: 'x', image_url: '/images/x.svg', timezone: 'America/New_York', opening_hours: JSON.stringify(allDay({ open: '08:00', close: '22:00' })), slot_minutes: 60, max_booking_minutes: 240 })
        .execute();
    }
    const day = await dayView('2027-03-02');
    expect(day.facilities.length).toBe(103);
    expect(day.facilities.some((f) => f.id === gone._id)).toBe(false);
    expect(annex._id).toBeTruthy();
  });
});

describe('back office: dashboard figures (GET /api/admin/stats)', () => {
  let t: TestApp;
  let staff: Actor;
  let casey: Actor;
  let court: { _id: string };
  let other: { _id: string };

  const stats = async () => {
    const res = await t.app.inject({ url: '/api/admin/stats', headers: staff.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    t = await createTestApp({ clockStart: START });
    staff = await admin(t.app);
    casey = await customer(t.app, 'Casey Customer');
    court = await facility(t.app, staff, { name: 'Centre Court', pricePerHour: 20 });
    other = await facility(t.app, staff, { name: 'Side Court', pricePerHour: 30, openingHours: allDay({ open: '09:00', close: '17:00' }) });
  });
  afterAll(() => t?.close());

  it('is for staff only', async () => {
    expect((await t.app.inject({ url: '/api/admin/stats' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/stats', headers: casey.auth })).statusCode).toBe(403);
  });

  it("counts today's bookings, today's occupancy and the revenue of the last 7 days", async () => {
    const empty = await stats();
    expect(empty).toMatchObject({
      today: '2027-03-01',
      timezone: 'America/New_York',
      facilities: 2,
      todayBookings: { total: 0, confirmed: 0, pending: 0, amount: 0 },
      occupancy: { bookedMinutes: 0, openMinutes: 14 * 60 + 8 * 60, rate: 0 },
      upcoming: [],
      revenue: { total: 0, bookings: 0 },
    });
    expect(empty.revenue.days.map((d: { date: string }) => d.date)).toEqual(['2027-02-23', '2027-02-24', '2027-02-25', '2027-02-26', '2027-02-27', '2027-02-28', '2027-03-01']);

    // Today (Monday 10:00 in New York): a paid 2 hours at $20 and a held hour at $30.
    await bookAndPay(t.app, casey, court._id, '2027-03-01', '12:00', '14:00');
    await book(t.app, casey, other._id, '2027-03-01', '11:00', '12:00');
    // Tomorrow does not count for today; paid, it counts for revenue only once its day is in the window.
    await bookAndPay(t.app, casey, court._id, '2027-03-02', '09:00', '10:00');

    // Side Court (09:00-17:00) is closed 15:00-17:00 today, and again 16:00-18:00: two hours it cannot sell, counted once.
    for (const [start, end] of [['2027-03-01T15:00', '2027-03-01T17:00'], ['2027-03-01T16:00', '2027-03-01T18:00']]) {
      const closed = await t.app.inject({ method: 'POST', url: '/api/admin/closures', headers: staff.auth, payload: { facilityIds: [other._id], start, end, reason: 'Coaching', kind: 'event' } });
      expect(closed.statusCode, closed.body).toBe(201);
    }

    const now = await stats();
    expect(now.todayBookings).toEqual({ total: 2, confirmed: 1, pending: 1, amount: 70 });
    expect(now.occupancy).toEqual({ bookedMinutes: 180, openMinutes: 1320 - 120, rate: 0.15 });
    expect(now.upcoming).toMatchObject([
      { facility: 'Side Court', startTime: '11:00', endTime: '12:00', status: 'pending', customer: 'Casey Customer' },
      { facility: 'Centre Court', startTime: '12:00', endTime: '14:00', status: 'confirmed', customer: 'Casey Customer' },
    ]);
    // Paid, but still to be played at 10:00: nothing earned yet. Once it has ended (14:00), it counts.
    expect(now.revenue).toMatchObject({ total: 0, bookings: 0 });
    t.clock.set('2027-03-01T19:00:00Z');
    const played = await stats();
    expect(played.revenue.total).toBe(40);
    expect(played.revenue.days.at(-1)).toEqual({ date: '2027-03-01', amount: 40, bookings: 1 });

    // Three days later both paid bookings are in the last 7 days; today is quiet.
    t.clock.set('2027-03-04T15:00:00Z');
    const later = await stats();
    expect(later.today).toBe('2027-03-04');
    expect(later.todayBookings.total).toBe(0);
    expect(later.revenue).toMatchObject({ total: 60, bookings: 2 });
    expect(later.revenue.days.find((d: { date: string }) => d.date === '2027-03-02')).toEqual({ date: '2027-03-02', amount: 20, bookings: 1 });
  });
});
