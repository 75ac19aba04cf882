import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, bookAndPay, customer, facility, providerPays, staffMember, type Actor } from './support/actors.ts';

/**
 * The back office's reports against figures worked out by hand: money paid at the desk and
 * online, refunds sent and owed, every channel a booking comes in by, each facility's own dates
 * and hours (New York and London), and the two days a year New York's clock jumps.
 */

const WEEK = { from: '2027-03-08', to: '2027-03-14' };

describe('reports', () => {
  let t: TestApp;
  let owner: Actor;
  let casey: Actor;
  let dana: Actor;
  let riverside: { _id: string; name: string };
  let thames: { _id: string; name: string };

  const report = (name: string, query: Record<string, string>, who: Actor = owner) =>
    t.app.inject({ url: `/api/admin/reports/${name}?${new URLSearchParams(query)}`, headers: who.auth });
  const desk = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/admin/bookings', headers: owner.auth, payload });

  beforeAll(async () => {
    // Monday 2027-03-01, 10:00 in New York: the week reported is the next one.
    t = await createTestApp();
    owner = await admin(t.app, 'Olga Owner');
    casey = await customer(t.app, 'Casey Customer');
    dana = await customer(t.app, 'Dana Player');
    riverside = await facility(t.app, owner, { name: 'Riverside', pricePerHour: 20 });
    thames = await facility(t.app, owner, { name: 'Thames', pricePerHour: 30, timezone: 'Europe/London', sport: 'padel' });

    // Online, kept: $20 on Monday 18:00.
    await bookAndPay(t.app, casey, riverside._id, '2027-03-08', '18:00', '19:00');
    // At the desk, for Casey, paid there: $40 on Tuesday 10:00-12:00.
    expect((await desk({ facilityId: riverside._id, date: '2027-03-09', startTime: '10:00', endTime: '12:00', userId: casey.id, payment: 'desk' })).statusCode).toBe(201);
    // Online, then cancelled by Casey days ahead: $20 paid, $20 refunded through the provider.
    const cancelled = await bookAndPay(t.app, casey, riverside._id, '2027-03-10', '09:00', '10:00');
    const cancel = await t.app.inject({ method: 'DELETE', url: `/api/bookings/${cancelled.booking._id}`, headers: casey.auth });
    expect(cancel.json().data).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    // A payment link staff sent Dana, paid online: $30 on Saturday 10:00 in London.
    const linked = (await desk({ facilityId: thames._id, date: '2027-03-13', startTime: '10:00', endTime: '11:00', userId: dana.id, payment: 'link' })).json();
    const linkOrder = await t.database.db.selectFrom('order_bookings').select('order_id').where('booking_id', '=', linked._id).executeTakeFirstOrThrow();
    await providerPays(t.app, linkOrder.order_id);
    // A walk-in paid at the desk, then cancelled by staff: $30 in, $30 owed back at the desk.
    const walkIn = (await desk({ facilityId: thames._id, date: '2027-03-14', startTime: '10:00', endTime: '11:00', guest: { name: 'Walk In Wendy' }, payment: 'desk' })).json();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/bookings/${walkIn._id}`, headers: owner.auth })).json()).toMatchObject({ refundState: 'to_collect' });
    // Played on Monday 2027-03-15 in London (Sunday evening in New York): outside the week.
    await bookAndPay(t.app, dana, thames._id, '2027-03-15', '08:00', '09:00');
  });
  afterAll(() => t.close());

  it('revenue: paid minus refunded per facility and week, desk and online apart', async () => {
    const res = await report('revenue', WEEK);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      period: WEEK,
      groupBy: 'week',
      rows: [
        { period: '2027-03-08', facilityId: riverside._id, facility: 'Riverside', deskPaid: 40, onlinePaid: 40, deskRefunded: 0, onlineRefunded: 20, net: 60 },
        { period: '2027-03-08', facilityId: thames._id, facility: 'Thames', deskPaid: 30, onlinePaid: 30, deskRefunded: 30, onlineRefunded: 0, net: 30 },
      ],
      total: { deskPaid: 70, onlinePaid: 70, deskRefunded: 30, onlineRefunded: 20, net: 90 },
    });
    // By month, and narrowed to one sport: London's padel court alone.
    const padel = (await report('revenue', { ...WEEK, groupBy: 'month', sport: 'padel' })).json();
    expect(padel.rows).toEqual([{ period: '2027-03', facilityId: thames._id, facility: 'Thames', deskPaid: 30, onlinePaid: 30, deskRefunded: 30, onlineRefunded: 0, net: 30 }]);
  });

  it('channels: the site, the desk, payment links and series, each counted once', async () => {
    const res = (await report('channels', WEEK)).json();
    expect(res.rows).toEqual([
      { channel: 'site', bookings: 2, cancelled: 1, net: 20 },
      { channel: 'desk', bookings: 2, cancelled: 1, net: 40 },
      { channel: 'series', bookings: 0, cancelled: 0, net: 0 },
      { channel: 'payment-link', bookings: 1, cancelled: 0, net: 30 },
    ]);
  });

  it('cancellations: by customers and by staff, with the refunds recorded for them', async () => {
    const res = (await report('cancellations', WEEK)).json();
    expect(res.rows).toEqual([{ period: '2027-03-08', byCustomer: 1, byStaff: 1, refunds: 2, refunded: 50 }]);
  });

  it('top customers: net paid, then bookings played; a walk-in with nothing kept is not listed', async () => {
    const res = (await report('top-customers', WEEK)).json();
    expect(res.rows).toEqual([
      { userId: casey.id, name: 'Casey Customer', email: casey.email, bookings: 2, net: 60 },
      { userId: dana.id, name: 'Dana Player', email: dana.email, bookings: 1, net: 30 },
    ]);
  });

  it('occupancy: confirmed minutes of open minutes per weekday and hour, in the facility\'s own hours', async () => {
    const res = (await report('occupancy', { ...WEEK, facilityId: riverside._id })).json();
    const cell = (weekday: number, hour: number) => res.cells.find((c: { weekday: number; hour: number }) => c.weekday === weekday && c.hour === hour);
    // Open 08:00-22:00 every day: 14 hours of 60 minutes, one day of each weekday.
    expect(res.cells).toHaveLength(7 * 14);
    expect(cell(1, 18)).toEqual({ weekday: 1, hour: 18, bookedMinutes: 60, openMinutes: 60, rate: 1 });
    expect(cell(2, 10)).toMatchObject({ bookedMinutes: 60, rate: 1 });
    expect(cell(2, 11)).toMatchObject({ bookedMinutes: 60, rate: 1 });
    // Cancelled: not booked.
    expect(cell(3, 9)).toMatchObject({ bookedMinutes: 0, openMinutes: 60, rate: 0 });
    expect(cell(1, 7)).toBeUndefined();
    expect(res.total).toEqual({ bookedMinutes: 180, openMinutes: 7 * 14 * 60, rate: Number((180 / (7 * 14 * 60)).toFixed(4)) });
    // London's Saturday 10:00 is London's, not New York's 05:00.
    const london = (await report('occupancy', { ...WEEK, facilityId: thames._id })).json();
    expect(london.cells.find((c: { weekday: number; hour: number }) => c.weekday === 6 && c.hour === 10)).toMatchObject({ bookedMinutes: 60 });
  });

  it('every CSV has the figures of its report', async () => {
    const csv = await report('revenue', { ...WEEK, format: 'csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="revenue-2027-03-08-to-2027-03-14.csv"');
    const lines = csv.body.split('\n');
    expect(lines[0]).toBe('period,facilityId,facility,deskPaid,onlinePaid,deskRefunded,onlineRefunded,net');
    expect(lines).toContain(`"2027-03-08","${riverside._id}","Riverside","40","40","0","20","60"`);
    expect(lines.at(-1)).toBe('"Total","","","70","70","30","20","90"');
    for (const name of ['occupancy', 'channels', 'cancellations', 'top-customers']) {
      const json = (await report(name, WEEK)).json();
      const lines = (await report(name, { ...WEEK, format: 'csv' })).body.split('\n');
      const rows = name === 'occupancy' ? json.cells : json.rows;
      // One line per figure row (occupancy adds its total line), each holding that row's numbers.
      expect(lines.length - 1).toBe(rows.length + (name === 'occupancy' ? 1 : 0));
      rows.forEach((row: Record<string, unknown>, i: number) => {
        // Weekday and hour are the cell's place, written as names; the rest are figures.
        const { weekday: _weekday, hour: _hour, ...figures } = row;
        for (const value of Object.values(figures)) if (typeof value === 'number') expect(lines[i + 1]).toContain(`"${value}"`);
      });
    }
  });

  it('refuses a period that ends before it starts or is longer than a year, and an unknown facility, naming them', async () => {
    const backwards = await report('revenue', { from: '2027-03-14', to: '2027-03-08' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ code: 'INVALID_DATE', message: expect.stringContaining('before it starts') });
    expect((await report('occupancy', { from: '2026-01-01', to: '2027-01-02' })).statusCode).toBe(400);
    const unknown = await report('channels', { ...WEEK, facilityId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'FACILITY_NOT_FOUND' });
  });

  it('each booking\'s money, kept by the database, is what its orders paid and its refunds gave back', async () => {
    const { rows } = await sql<{ id: string; stored: string; derived: string }>`
      SELECT b.id,
             concat_ws('/', b.desk_paid_cents, b.online_paid_cents, b.desk_refunded_cents, b.online_refunded_cents) AS stored,
             concat_ws('/',
               COALESCE((SELECT sum(CASE WHEN n = 1 THEN o.amount_cents ELSE b.payable_cents - ob.discount_cents END)
                         FROM order_bookings ob JOIN orders o ON o.id = ob.order_id
                         CROSS JOIN LATERAL (SELECT count(*) AS n FROM order_bookings x WHERE x.order_id = ob.order_id) c
                         WHERE ob.booking_id = b.id AND ob.paid_at IS NOT NULL AND o.provider = 'desk'), 0),
               COALESCE((SELECT sum(CASE WHEN n = 1 THEN o.amount_cents ELSE b.payable_cents - ob.discount_cents END)
                         FROM order_bookings ob JOIN orders o ON o.id = ob.order_id
                         CROSS JOIN LATERAL (SELECT count(*) AS n FROM order_bookings x WHERE x.order_id = ob.order_id) c
                         WHERE ob.booking_id = b.id AND ob.paid_at IS NOT NULL AND o.provider <> 'desk'), 0),
               COALESCE((SELECT sum(r.amount_cents) FROM refunds r JOIN orders o ON o.id = r.order_id WHERE r.booking_id = b.id AND o.provider = 'desk'), 0),
               COALESCE((SELECT sum(r.amount_cents) FROM refunds r JOIN orders o ON o.id = r.order_id WHERE r.booking_id = b.id AND o.provider <> 'desk'), 0)) AS derived
      FROM bookings b`.execute(t.database.db);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    expect(rows.filter((r) => r.stored !== r.derived)).toEqual([]);
    expect(rows.filter((r) => r.stored !== '0/0/0/0').length).toBeGreaterThanOrEqual(5);
  });

  it('a facility moved to another zone has its bookings\' wall-clock times follow, in the same change', async () => {
    const court = await facility(t.app, owner, { name: 'Moving Court' });
    const played = await bookAndPay(t.app, casey, court._id, '2027-03-12', '10:00', '11:00');
    const localOf = async () => (await sql<{ t: string }>`SELECT to_char(starts_local, 'YYYY-MM-DD HH24:MI') AS t FROM bookings WHERE id = ${played.booking._id}`.execute(t.database.db)).rows[0]!.t;
    expect(await localOf()).toBe('2027-03-12 10:00');
    await sql`UPDATE facilities SET timezone = 'Europe/London' WHERE id = ${court._id}`.execute(t.database.db);
    expect(await localOf()).toBe('2027-03-12 15:00');
  });

  it('is for managers and owners: the desk is refused', async () => {
    const manager = await staffMember(t.app, 'manager');
    const deskUser = await staffMember(t.app, 'desk');
    expect((await report('revenue', WEEK, manager)).statusCode).toBe(200);
    const refused = await report('revenue', WEEK, deskUser);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('reports on the days the clocks change', () => {
  let t: TestApp;
  let owner: Actor;
  let casey: Actor;
  let allDay: { _id: string };

  beforeAll(async () => {
    t = await createTestApp({ clockStart: '2026-10-20T12:00:00Z' });
    owner = await admin(t.app);
    casey = await customer(t.app);
    const everyDay = Object.fromEntries(['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'].map((d) => [d, { open: '00:00', close: '24:00' }]));
    allDay = await facility(t.app, owner, { name: 'Night Court', pricePerHour: 10, openingHours: everyDay, maxBookingMinutes: 300 });
  });
  afterAll(() => t.close());

  const occupancyOf = async (date: string) => (await t.app.inject({ url: `/api/admin/reports/occupancy?from=${date}&to=${date}&facilityId=${allDay._id}`, headers: owner.auth })).json();
  const cellsOf = (res: { cells: { hour: number; bookedMinutes: number; openMinutes: number }[] }) =>
    Object.fromEntries(res.cells.filter((c) => c.bookedMinutes > 0).map((c) => [c.hour, [c.bookedMinutes, c.openMinutes]]));

  it('a weekly series counts as its own channel, once per occurrence played in the period', async () => {
    const series = await t.app.inject({
      method: 'POST',
      url: '/api/admin/series',
      headers: owner.auth,
      payload: { facilityId: allDay._id, firstDate: '2026-10-26', count: 3, every: 1, startTime: '18:00', endTime: '19:00', userId: casey.id, payment: 'unpaid', onConflict: 'fail' },
    });
    expect(series.statusCode, series.body).toBe(201);
    // Mondays Oct 26, Nov 2 and Nov 9: two of them fall in the period.
    const res = await t.app.inject({ url: '/api/admin/reports/channels?from=2026-10-26&to=2026-11-08', headers: owner.auth });
    expect(res.json().rows.find((r: { channel: string }) => r.channel === 'series')).toEqual({ channel: 'series', bookings: 2, cancelled: 0, net: 0 });
  });

  it('November 1, 2026 in New York has 25 hours: 00:00-03:00 books four, two of them at 01:00', async () => {
    await bookAndPay(t.app, casey, allDay._id, '2026-11-01', '00:00', '03:00');
    const res = await occupancyOf('2026-11-01');
    expect(cellsOf(res)).toEqual({ 0: [60, 60], 1: [120, 120], 2: [60, 60] });
    expect(res.total.openMinutes).toBe(25 * 60);
    expect(res.total.bookedMinutes).toBe(240);
  });

  it('March 14, 2027 in New York has 23 hours: 01:00-04:00 books two, and there is no 02:00', async () => {
    t.clock.set('2027-03-01T12:00:00Z');
    await bookAndPay(t.app, casey, allDay._id, '2027-03-14', '01:00', '04:00');
    const res = await occupancyOf('2027-03-14');
    expect(cellsOf(res)).toEqual({ 1: [60, 60], 3: [60, 60] });
    expect(res.cells.find((c: { hour: number }) => c.hour === 2)).toBeUndefined();
    expect(res.total.openMinutes).toBe(23 * 60);
  });
});
