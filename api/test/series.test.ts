import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, book, customer, facility, type Actor } from './support/actors.ts';
import { countOverlaps, describeOnPostgres } from './support/databases.ts';
import { listenLocally, race } from './support/race.ts';

// Clock: 2027-03-01 15:00Z = Monday 10:00 in New York (summer time begins Sunday 14 March).

describe('weekly series', () => {
  let t: TestApp;
  let staff: Actor;
  let casey: Actor;
  let dana: Actor;
  let court: { _id: string; name: string };

  const create = (payload: Record<string, unknown>, who: Actor = staff) => t.app.inject({ method: 'POST', url: '/api/admin/series', headers: who.auth, payload });
  const base = () => ({ facilityId: court._id, startTime: '18:00', endTime: '19:00', every: 1, userId: casey.id, payment: 'unpaid', onConflict: 'fail' });
  const liveCount = async () => (await t.database.db.selectFrom('bookings').select(sql<number>`count(*)::int`.as('n')).where('status', 'in', ['pending', 'confirmed']).executeTakeFirstOrThrow()).n;

  beforeAll(async () => {
    t = await createTestApp();
    staff = await admin(t.app);
    casey = await customer(t.app, 'Casey League');
    dana = await customer(t.app, 'Dana Drop-in');
    court = await facility(t.app, staff, { name: 'Centre Court', pricePerHour: 25 });
  });
  afterAll(() => t.close());

  it('books every date as an ordinary booking at the same wall-clock time across the daylight-saving change, and says so in one email', async () => {
    const res = await create({ ...base(), firstDate: '2027-03-02', count: 4, payment: 'desk' });
    expect(res.statusCode, res.body).toBe(201);
    const s = res.json();
    expect(s).toMatchObject({ every: 1, firstDate: '2027-03-02', lastDate: '2027-03-23', startTime: '18:00', endTime: '19:00', skipped: [], upcoming: 4, customer: { id: casey.id } });
    expect(s.occurrences.map((o: { date: string; startTime: string; status: string; paymentStatus: string }) => [o.date, o.startTime, o.status, o.paymentStatus])).toEqual([
      ['2027-03-02', '18:00', 'confirmed', 'paid'],
      ['2027-03-09', '18:00', 'confirmed', 'paid'],
      ['2027-03-16', '18:00', 'confirmed', 'paid'],
      ['2027-03-23', '18:00', 'confirmed', 'paid'],
    ]);
    // 18:00 in New York is 23:00Z before 14 March and 22:00Z after.
    const rows = await t.database.db.selectFrom('bookings').select(['starts_at', 'series_id']).where('series_id', '=', s.id).orderBy('starts_at').execute();
    expect(rows.map((r) => r.starts_at.toISOString())).toEqual(['2027-03-02T23:00:00.000Z', '2027-03-09T23:00:00.000Z', '2027-03-16T22:00:00.000Z', '2027-03-23T22:00:00.000Z']);
    // One order for them all, and they show in the customer's own list like any booking.
    const orders = await t.database.db.selectFrom('orders').select(['provider', 'amount_cents', 'status']).where('user_id', '=', casey.id).execute();
    expect(orders).toEqual([{ provider: 'desk', amount_cents: 10000, status: 'paid' }]);
    const mine = (await t.app.inject({ url: `/api/bookings/user/${casey.id}`, headers: casey.auth })).json().data;
    expect(mine.filter((b: { startTime: string }) => b.startTime === '18:00')).toHaveLength(4);
    // Each occurrence names its series, so the back office links a booking to it.
    const occurrence = (await t.app.inject({ url: `/api/admin/bookings/${s.occurrences[0].bookingId}`, headers: staff.auth })).json();
    expect(occurrence.seriesId).toBe(s.id);
    const mail = await t.database.db.selectFrom('outbox_messages').select(['kind', 'subject', 'text_body', 'attachments']).where('recipient', '=', casey.email).where('kind', 'in', ['series_confirmed', 'booking_confirmed']).execute();
    expect(mail.map((m) => m.kind)).toEqual(['series_confirmed']);
    expect(mail[0]!.text_body).toContain('confirmed for 4 dates');
    expect(mail[0]!.text_body).toContain('Tuesday, March 16, 2027, 6:00 PM – 7:00 PM (New York time)');
    expect(mail[0]!.text_body).toContain('Paid: $100.00');
    expect(mail[0]!.attachments[0]!.content.match(/BEGIN:VEVENT/g)).toHaveLength(4);
  });

  it('with "fail", one taken or closed date refuses the whole series with the dates, and writes nothing', async () => {
    await book(t.app, dana, court._id, '2027-03-10', '18:00', '19:00');
    await t.app.inject({ method: 'POST', url: '/api/admin/closures', headers: staff.auth, payload: { facilityIds: [court._id], start: '2027-03-24T00:00', end: '2027-03-25T00:00', reason: 'Resurfacing', kind: 'maintenance' } });
    const before = await liveCount();
    const res = await create({ ...base(), firstDate: '2027-03-03', count: 4 });
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body.code).toBe('SERIES_CONFLICT');
    expect(body.conflicts.map((c: { date: string; reason: string }) => [c.date, c.reason])).toEqual([
      ['2027-03-10', 'taken (held by Dana Drop-in)'],
      ['2027-03-24', 'closed: Resurfacing'],
    ]);
    expect(await liveCount()).toBe(before);
    expect(await t.database.db.selectFrom('booking_series').select('id').where('first_date', '=', '2027-03-03').execute()).toEqual([]);
  });

  it('the preview shows the same, date by date (each free one at its price), before saving', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/series/preview', headers: staff.auth, payload: { ...base(), firstDate: '2027-03-03', count: 4 } });
    expect(res.json().dates).toEqual([
      { date: '2027-03-03', startTime: '18:00', endTime: '19:00', free: true, reason: null, price: 25 },
      { date: '2027-03-10', startTime: '18:00', endTime: '19:00', free: false, reason: 'taken (held by Dana Drop-in)', price: null },
      { date: '2027-03-17', startTime: '18:00', endTime: '19:00', free: true, reason: null, price: 25 },
      { date: '2027-03-24', startTime: '18:00', endTime: '19:00', free: false, reason: 'closed: Resurfacing', price: null },
    ]);
  });

  it('with "skip", the free dates are booked and the others listed', async () => {
    const res = await create({ ...base(), firstDate: '2027-03-03', count: 4, onConflict: 'skip' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().occurrences.map((o: { date: string }) => o.date)).toEqual(['2027-03-03', '2027-03-17']);
    expect(res.json().skipped).toEqual([{ date: '2027-03-10', reason: 'taken (held by Dana Drop-in)' }, { date: '2027-03-24', reason: 'closed: Resurfacing' }]);
  });

  it('every two weeks until a date; a closed weekday is skipped with its reason', async () => {
    const sundays = await facility(t.app, staff, { name: 'Weekday Court', openingHours: { mon: { open: '08:00', close: '22:00' }, tue: { open: '08:00', close: '22:00' }, wed: { open: '08:00', close: '22:00' }, thu: { open: '08:00', close: '22:00' }, fri: { open: '08:00', close: '22:00' }, sat: { open: '08:00', close: '22:00' }, sun: null } });
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/series/preview', headers: staff.auth, payload: { ...base(), facilityId: sundays._id, firstDate: '2027-03-07', every: 2, until: '2027-04-04' } });
    expect(res.json().dates.map((d: { date: string; free: boolean }) => [d.date, d.free])).toEqual([['2027-03-07', false], ['2027-03-21', false], ['2027-04-04', false]]);
    expect(res.json().dates[0].reason).toContain('closed on Sunday, March 7, 2027');
  });

  it('cancelling "this and the following" cancels from a date on; cancelling all the rest; past ones stay', async () => {
    const s = (await create({ ...base(), firstDate: '2027-03-04', count: 4, payment: 'desk', startTime: '08:00', endTime: '09:00' })).json();
    const from = await t.app.inject({ method: 'DELETE', url: `/api/admin/series/${s.id}?from=2027-03-18`, headers: staff.auth });
    expect(from.statusCode, from.body).toBe(200);
    expect(from.json().cancelledBookings).toBe(2);
    expect(from.json().occurrences.map((o: { date: string; status: string; paymentStatus: string }) => [o.date, o.status, o.paymentStatus])).toEqual([
      ['2027-03-04', 'confirmed', 'paid'],
      ['2027-03-11', 'confirmed', 'paid'],
      ['2027-03-18', 'cancelled', 'refunded'],
      ['2027-03-25', 'cancelled', 'refunded'],
    ]);
    // One occurrence alone is cancelled like any booking.
    const one = from.json().occurrences[1].bookingId;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/bookings/${one}`, headers: staff.auth })).json()).toMatchObject({ status: 'cancelled' });
    t.clock.set('2027-03-05T15:00:00Z');
    const rest = await t.app.inject({ method: 'DELETE', url: `/api/admin/series/${s.id}`, headers: staff.auth });
    expect(rest.json().cancelledBookings).toBe(0);
    expect(rest.json().occurrences[0]).toMatchObject({ date: '2027-03-04', status: 'confirmed' });
    t.clock.set('2027-03-01T15:00:00Z');
  });

  it('refuses bad input naming the field', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...base(), firstDate: '2027-03-05' }, 400, 'VALIDATION_FAILED'],
      [{ ...base(), firstDate: '2027-03-05', count: 2, until: '2027-04-01' }, 400, 'VALIDATION_FAILED'],
      [{ ...base(), firstDate: '2027-03-05', count: 105 }, 400, 'VALIDATION_FAILED'],
      [{ ...base(), firstDate: '2027-03-05', count: 2, every: 3 }, 400, 'VALIDATION_FAILED'],
      [{ ...base(), firstDate: '2027-03-05', count: 2, startTime: '18:30', endTime: '19:30' }, 400, 'OFF_GRID'],
      [{ ...base(), firstDate: '2027-03-05', count: 2, payment: 'link' }, 400, 'VALIDATION_FAILED'],
      [{ ...base(), firstDate: '2027-03-05', until: '2027-03-01' }, 400, 'END_BEFORE_START'],
    ];
    for (const [payload, status, code] of cases) {
      const res = await create(payload);
      expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(status);
      expect(res.json().code).toBe(code);
    }
    expect((await create({ ...base(), firstDate: '2027-03-05', count: 2 }, casey)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/series/00000000-0000-4000-8000-000000000000', headers: staff.auth })).json().code).toBe('SERIES_NOT_FOUND');
  });
});

describeOnPostgres('a series racing customers over real HTTP on PostgreSQL', () => {
  it('an 8-week series created while customers book its dates: never an overlap, no 5xx', async () => {
    const t = await createTestApp();
    try {
      const url = await listenLocally(t.app);
      const staff = await admin(t.app);
      const court = await facility(t.app, staff);
      const players: Actor[] = [];
      for (let i = 0; i < 4; i++) players.push(await customer(t.app, `Racer ${i}`));
      const post = async (path: string, who: Actor, payload: unknown) =>
        (await fetch(`${url}${path}`, { method: 'POST', headers: { ...who.auth, 'content-type': 'application/json' }, body: JSON.stringify(payload) })).status;
      const dates = Array.from({ length: 8 }, (_, i) => new Date(Date.UTC(2027, 2, 2 + 7 * i)).toISOString().slice(0, 10));
      for (const onConflict of ['skip', 'fail']) {
        const hour = onConflict === 'skip' ? '10' : '12';
        const statuses = await race([
          () => post('/api/admin/series', staff, { facilityId: court._id, firstDate: dates[0], count: 8, every: 1, startTime: `${hour}:00`, endTime: `${Number(hour) + 1}:00`, guest: { name: 'League' }, payment: 'unpaid', onConflict }),
          ...dates.map((date, i) => () => post('/api/bookings', players[i % 4]!, { facility: court._id, date, startTime: `${hour}:00`, endTime: `${Number(hour) + 1}:00` })),
        ]);
        expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
      }
      expect(await countOverlaps(t.database.db)).toBe(0);
    } finally {
      await t.close();
    }
  });
});
