import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { describeOnPostgres } from './support/databases.ts';
import { admin, book, bookAndPay, customer, facility, openCheckout, providerPays, type Actor } from './support/actors.ts';
import { listenLocally, race } from './support/race.ts';

// Deleting a facility that has live bookings, and changing its time zone: refused unless confirmed.
// Clock: 2027-03-01T15:00Z = 10:00 in New York.
const START = '2027-03-01T15:00:00Z';
// These tests hold many slots from one address on purpose; the abuse limits have their own tests.
const env = { MAX_HOLDS_PER_CUSTOMER: '100', BOOKING_MAX_PER_IP: '0', SIGNUP_MAX_PER_IP: '0' };

describe('facility lifecycle: deleting and re-zoning a facility with bookings', () => {
  let t: TestApp;
  let staff: Actor;
  let casey: Actor;
  let dana: Actor;

  const bookingRow = (id: string) => t.database.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const orderRow = (id: string) => t.database.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const refundsOf = (bookingId: string) => t.database.db.selectFrom('refunds').selectAll().where('booking_id', '=', bookingId).execute();
  const facilityRow = (id: string) => t.database.db.selectFrom('facilities').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const del = (id: string, query = '', url = `/api/facility/${id}`) => t.app.inject({ method: 'DELETE', url: `${url}${query}`, headers: staff.auth });
  const put = (id: string, payload: Record<string, unknown>, url = `/api/facility/${id}`) => t.app.inject({ method: 'PUT', url, headers: staff.auth, payload });
  const confirmOnPage = (orderId: string, signature: string) => t.app.inject({ method: 'POST', url: `/pay/${orderId}/confirm`, payload: { signature } });
  const getBooking = async (id: string) => (await t.app.inject({ url: `/api/bookings/${id}`, headers: staff.auth })).json().data;
  const dayView = async (date: string) => {
    const res = await t.app.inject({ url: `/api/admin/day-view?date=${date}`, headers: staff.auth });
    expect(res.statusCode).toBe(200);
    return res.json() as { facilities: { id: string; name: string; isDeleted: boolean; hours: unknown; bookings: { id: string; startTime: string; endTime: string }[] }[] };
  };

  beforeAll(async () => {
    t = await createTestApp({ clockStart: START, env });
    staff = await admin(t.app);
    casey = await customer(t.app, 'Casey Customer');
    dana = await customer(t.app, 'Dana Customer');
  });
  beforeEach(() => t.clock.set(START));
  afterAll(() => t?.close());

  describe('deleting a facility with live bookings', () => {
    it('is refused with the list of its live bookings (both routes, and PUT isDeleted), and nothing changes', async () => {
      const court = await facility(t.app, staff);
      const paid = await bookAndPay(t.app, casey, court._id, '2027-03-03', '10:00', '12:00');
      const hold = await book(t.app, dana, court._id, '2027-03-04', '14:00', '15:00');
      // A released hold is not live: it is not listed and does not block.
      const released = await book(t.app, dana, court._id, '2027-03-05', '08:00', '09:00');
      expect((await t.app.inject({ method: 'DELETE', url: `/api/bookings/${released._id}`, headers: dana.auth })).statusCode).toBe(200);

      for (const res of [await del(court._id), await del(court._id, '', `/api/admin/facilities/${court._id}`), await del(court._id, '?cancelBookings=false')]) {
        expect(res.statusCode).toBe(409);
        const body = res.json();
        expect(body.errorMessages[0].path).toBe('bookings');
        expect(body.message).toContain('2 upcoming bookings');
        expect(body.message).toContain('2027-03-03 10:00-12:00 Casey Customer (paid)');
        expect(body.message).toContain('2027-03-04 14:00-15:00 Dana Customer (held, unpaid)');
        expect(body.message).not.toContain('2027-03-05');
      }
      const viaPut = await put(court._id, { isDeleted: true });
      expect(viaPut.statusCode).toBe(409);
      expect(viaPut.json().errorMessages[0].path).toBe('bookings');

      expect((await facilityRow(court._id)).is_deleted).toBe(false);
      expect((await t.app.inject({ url: `/api/facility/${court._id}` })).statusCode).toBe(200);
      expect(await bookingRow(paid.booking._id)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
      expect(await bookingRow(hold._id)).toMatchObject({ status: 'pending' });
      expect(await refundsOf(paid.booking._id)).toEqual([]);
    });

    it('lists at most ten, then says how many more', async () => {
      const court = await facility(t.app, staff);
      const people = [casey, dana, await customer(t.app, 'Erin Customer')];
      for (let i = 0; i < 12; i++) {
        const start = 8 + i;
        await book(t.app, people[i % 3]!, court._id, '2027-03-06', `${String(start).padStart(2, '0')}:00`, `${String(start + 1).padStart(2, '0')}:00`);
      }
      const res = await del(court._id);
      expect(res.statusCode).toBe(409);
      const message = res.json().message as string;
      expect(message).toContain('12 upcoming bookings');
      expect(message).toContain('2027-03-06 17:00-18:00');
      expect(message).not.toContain('2027-03-06 18:00-19:00');
      expect(message).toContain('and 2 more');
      expect(message.split('\n').filter((line) => line.startsWith('2027-03-06'))).toHaveLength(10);
    });

    it('with cancelBookings=true: one transaction cancels them by the venue, refunds the paid one exactly once, releases the hold, and the facility leaves the site', async () => {
      const court = await facility(t.app, staff);
      const paid = await bookAndPay(t.app, casey, court._id, '2027-03-03', '10:00', '12:00');
      const hold = await book(t.app, dana, court._id, '2027-03-04', '14:00', '15:00');
      const checkout = await openCheckout(t.app, dana, [hold._id], hold.payableAmount);

      const res = await del(court._id, '?cancelBookings=true');
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toMatch(/2 bookings were cancelled/);
      expect(res.json().data).toMatchObject({ _id: court._id, isDeleted: true });

      expect(await bookingRow(paid.booking._id)).toMatchObject({ status: 'cancelled', payment_status: 'refunded', cancelled_by: staff.id });
      const refunds = await refundsOf(paid.booking._id);
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({ amount_cents: 4000, status: 'succeeded' });
      expect(refunds[0]!.reason).toMatch(/cancelled by the venue/);
      expect((await orderRow(paid.orderId)).refunded_cents).toBe(4000);
      expect(await getBooking(paid.booking._id)).toMatchObject({ status: 'cancelled', refundState: 'refunded', refundedAmount: 40 });

      expect(await bookingRow(hold._id)).toMatchObject({ status: 'cancelled', payment_status: 'unpaid', cancelled_by: staff.id });
      expect((await orderRow(checkout.orderId)).status).toBe('cancelled');

      expect((await t.app.inject({ url: `/api/facility/${court._id}` })).statusCode).toBe(404);
      const list = (await t.app.inject({ url: '/api/facility' })).json().data as { _id: string }[];
      expect(list.map((f) => f._id)).not.toContain(court._id);
      const slots = await t.app.inject({ url: `/api/check-availability?facility=${court._id}&date=2027-03-04` });
      expect(slots.statusCode).toBe(404);

      // Deleting again cancels nothing more and refunds nothing twice.
      const again = await del(court._id, '?cancelBookings=true', `/api/admin/facilities/${court._id}`);
      expect(again.statusCode).toBe(200);
      expect(await refundsOf(paid.booking._id)).toHaveLength(1);
      expect((await orderRow(paid.orderId)).refunded_cents).toBe(4000);

      // The hold of the deleted facility can no longer be paid for: not on the hosted page...
      const onPage = await confirmOnPage(checkout.orderId, checkout.signature);
      expect(onPage.headers.location ?? '').not.toMatch(/^\/payment\/success/);
      expect(await bookingRow(hold._id)).toMatchObject({ status: 'cancelled' });
      // ...and a provider that already took the money gets it back instead of confirming it.
      await providerPays(t.app, checkout.orderId);
      expect(await bookingRow(hold._id)).toMatchObject({ status: 'cancelled' });
      expect((await orderRow(checkout.orderId)).refunded_cents).toBe((await orderRow(checkout.orderId)).amount_cents);
    });

    it('keeps history: past and cancelled bookings stay, and the day view still shows the deleted facility (marked) on days it has bookings', async () => {
      const court = await facility(t.app, staff, { name: 'Zephyr Court' });
      const played = await bookAndPay(t.app, casey, court._id, '2027-03-02', '10:00', '11:00');
      // The next day: that booking is over, so nothing is live and the delete goes through.
      t.clock.set('2027-03-03T15:00:00Z');
      expect((await del(court._id)).statusCode).toBe(200);
      expect(await bookingRow(played.booking._id)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });

      const day = await dayView('2027-03-02');
      const column = day.facilities.find((f) => f.id === court._id);
      expect(column).toMatchObject({ name: 'Zephyr Court', isDeleted: true, hours: null });
      expect(column!.bookings.map((b) => [b.id, b.startTime, b.endTime])).toEqual([[played.booking._id, '10:00', '11:00']]);
      // On a day without its bookings it is not a column at all; live facilities always are.
      const other = await dayView('2027-03-04');
      expect(other.facilities.find((f) => f.id === court._id)).toBeUndefined();
      expect(other.facilities.every((f) => f.isDeleted === false)).toBe(true);

      // The back office's booking list still has it.
      const listed = await t.app.inject({ url: `/api/admin/bookings?filter=${encodeURIComponent(JSON.stringify({ q: 'Zephyr' }))}`, headers: staff.auth });
      expect((listed.json() as { id: string }[]).map((b) => b.id)).toContain(played.booking._id);
    });
  });

  describe('changing the time zone of a facility with live bookings', () => {
    it('is refused with the list, then with confirmation keeps every booking at its wall-clock time in the new zone', async () => {
      const court = await facility(t.app, staff);
      const paid = await bookAndPay(t.app, casey, court._id, '2027-03-03', '10:00', '12:00');
      const hold = await book(t.app, dana, court._id, '2027-03-04', '14:00', '15:00');
      const before = await bookingRow(paid.booking._id);
      expect(before.starts_at.toISOString()).toBe('2027-03-03T15:00:00.000Z');

      for (const url of [`/api/facility/${court._id}`, `/api/admin/facilities/${court._id}`]) {
        const refused = await put(court._id, { timezone: 'Asia/Tokyo', name: 'Renamed meanwhile' }, url);
        expect(refused.statusCode).toBe(409);
        expect(refused.json().errorMessages[0].path).toBe('timezone');
        expect(refused.json().message).toContain('2027-03-03 10:00-12:00 Casey Customer (paid)');
        expect(refused.json().message).toContain('2027-03-04 14:00-15:00 Dana Customer (held, unpaid)');
      }
      expect(await facilityRow(court._id)).toMatchObject({ timezone: 'America/New_York', name: court.name });
      expect((await bookingRow(paid.booking._id)).starts_at.toISOString()).toBe('2027-03-03T15:00:00.000Z');

      // Other edits need no confirmation and move nothing.
      expect((await put(court._id, { name: 'Renamed' })).statusCode).toBe(200);

      const done = await put(court._id, { timezone: 'Asia/Tokyo', confirmTimezoneChange: true });
      expect(done.statusCode).toBe(200);
      expect(done.json().data).toMatchObject({ timezone: 'Asia/Tokyo', name: 'Renamed' });
      expect(done.json().data).not.toHaveProperty('confirmTimezoneChange');
      // 10:00-12:00 stays 10:00-12:00 at the court (01:00-03:00Z), not 00:00-02:00 the next day; the price paid stays.
      expect(await getBooking(paid.booking._id)).toMatchObject({ date: '2027-03-03', startTime: '10:00', endTime: '12:00', payableAmount: 40, status: 'confirmed' });
      expect(await getBooking(hold._id)).toMatchObject({ date: '2027-03-04', startTime: '14:00', endTime: '15:00', status: 'pending' });
      expect((await bookingRow(paid.booking._id)).starts_at.toISOString()).toBe('2027-03-03T01:00:00.000Z');
      // Availability agrees: 10:00 and 11:00 are taken on the court's own clock.
      const slots = (await t.app.inject({ url: `/api/check-availability?facility=${court._id}&date=2027-03-03` })).json().data as { startTime: string }[];
      expect(slots.map((s) => s.startTime)).not.toContain('10:00');
      expect(slots.map((s) => s.startTime)).not.toContain('11:00');
      expect(slots.map((s) => s.startTime)).toContain('12:00');
    });

    it('an overlap the change would create is refused by the database and the whole change rolls back', async () => {
      // Earlier this morning a booking was played 08:00-09:00 New York (13:00-14:00Z).
      t.clock.set('2027-03-01T12:00:00Z');
      const court = await facility(t.app, staff);
      const played = await bookAndPay(t.app, casey, court._id, '2027-03-01', '08:00', '09:00');
      t.clock.set(START);
      const later = await bookAndPay(t.app, dana, court._id, '2027-03-01', '11:00', '12:00');
      // 11:00-12:00 at UTC-2 is 13:00-14:00Z: exactly the slot already played.
      const res = await put(court._id, { timezone: 'Atlantic/South_Georgia', confirmTimezoneChange: true, name: 'Not renamed' });
      expect(res.statusCode).toBe(409);
      expect(res.json().errorMessages[0].path).toBe('timezone');
      expect(res.json().message).toMatch(/overlap/);
      expect(await facilityRow(court._id)).toMatchObject({ timezone: 'America/New_York', name: court.name });
      expect((await bookingRow(later.booking._id)).starts_at.toISOString()).toBe('2027-03-01T16:00:00.000Z');
      expect((await bookingRow(played.booking._id)).starts_at.toISOString()).toBe('2027-03-01T13:00:00.000Z');
    });

    it('a booking whose local time does not exist in the new zone refuses the change', async () => {
      const allDay = { open: '00:00', close: '24:00' };
      const court = await facility(t.app, staff, {
        timezone: 'Asia/Tokyo',
        openingHours: { sun: allDay, mon: allDay, tue: allDay, wed: allDay, thu: allDay, fri: allDay, sat: allDay },
      });
      // New York skips 02:00-03:00 on 2027-03-14.
      const skipped = await book(t.app, casey, court._id, '2027-03-14', '02:00', '03:00');
      const res = await put(court._id, { timezone: 'America/New_York', confirmTimezoneChange: true });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain('2027-03-14 02:00-03:00');
      expect((await facilityRow(court._id)).timezone).toBe('Asia/Tokyo');
      expect(await getBooking(skipped._id)).toMatchObject({ date: '2027-03-14', startTime: '02:00', endTime: '03:00' });
    });

    it('without live bookings the zone changes at once; bookings already over keep their instants', async () => {
      t.clock.set('2027-03-01T12:00:00Z');
      const court = await facility(t.app, staff);
      const played = await bookAndPay(t.app, casey, court._id, '2027-03-01', '08:00', '09:00');
      t.clock.set(START);
      const res = await put(court._id, { timezone: 'Europe/London' });
      expect(res.statusCode).toBe(200);
      expect((await bookingRow(played.booking._id)).starts_at.toISOString()).toBe('2027-03-01T13:00:00.000Z');
    });
  });
});

// Real concurrency needs real connections: PGlite serves one at a time.
describeOnPostgres('facility lifecycle races over real HTTP on PostgreSQL', () => {
  let t: TestApp;
  let base: string;
  let staff: Actor;
  let people: Actor[];

  beforeAll(async () => {
    t = await createTestApp({ clockStart: START, env });
    base = await listenLocally(t.app);
    staff = await admin(t.app);
    people = [];
    for (let i = 0; i < 10; i++) people.push(await customer(t.app, `Racer ${i}`));
  }, 120_000);
  afterAll(() => t?.close());

  const call = async (method: string, path: string, actor: Actor, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...actor.auth, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    await res.arrayBuffer();
    return res.status;
  };

  it('delete-with-cancel racing new bookings never leaves a live booking on the deleted facility', async () => {
    for (const delayMs of [0, 2, 5, 10, 20]) {
      const court = await facility(t.app, staff);
      // Each customer tries three different slots; the delete lands somewhere among them.
      const attempts = people.flatMap((person, i) =>
        [0, 1, 2].map((k) => () => {
          const hour = 8 + ((i * 3 + k) % 14);
          return call('POST', '/api/bookings', person, {
            facility: court._id,
            date: `2027-03-${String(2 + Math.floor((i * 3 + k) / 14)).padStart(2, '0')}`,
            startTime: `${String(hour).padStart(2, '0')}:00`,
            endTime: `${String(hour + 1).padStart(2, '0')}:00`,
          });
        }),
      );
      const deletion = async () => {
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        return call('DELETE', `/api/facility/${court._id}?cancelBookings=true`, staff);
      };
      const [deleted, ...statuses] = await race([deletion, ...attempts]);
      expect(deleted).toBe(200);
      expect(statuses.filter((s) => s >= 500)).toEqual([]);
      expect(statuses.every((s) => [201, 404, 409].includes(s))).toBe(true);

      const live = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM bookings
        WHERE facility_id = ${court._id}
          AND (status = 'confirmed' OR (status = 'pending' AND hold_expires_at > ${new Date(START)}))`.execute(t.database.db);
      expect(live.rows[0]!.n).toBe(0);
      expect((await t.database.db.selectFrom('facilities').select('is_deleted').where('id', '=', court._id).executeTakeFirstOrThrow()).is_deleted).toBe(true);
    }
  }, 60_000);

  it("a time-zone change racing new bookings leaves every booking on the new zone's clock", async () => {
    const court = await facility(t.app, staff);
    const attempts = people.map((person, i) => () =>
      call('POST', '/api/bookings', person, { facility: court._id, date: '2027-03-09', startTime: `${String(8 + i).padStart(2, '0')}:00`, endTime: `${String(9 + i).padStart(2, '0')}:00` }));
    const change = async () => {
      await new Promise((resolve) => setTimeout(resolve, 3));
      return call('PUT', `/api/facility/${court._id}`, staff, { timezone: 'Asia/Tokyo', confirmTimezoneChange: true });
    };
    const [changed, ...statuses] = await race([change, ...attempts]);
    expect(changed).toBe(200);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    // Whichever side of the change a booking landed on, it starts on the hour on 2027-03-09 at the court.
    const rows = await t.database.db.selectFrom('bookings').select(['starts_at']).where('facility_id', '=', court._id).execute();
    expect(rows.length).toBe(statuses.filter((s) => s === 201).length);
    for (const row of rows) {
      const local = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' }).format(row.starts_at);
      expect(local).toMatch(/^2027-03-09, (0[89]|1[0-7])$/);
    }
  }, 60_000);
});
