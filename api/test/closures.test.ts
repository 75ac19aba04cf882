import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, book, bookAndPay, customer, facility, type Actor } from './support/actors.ts';
import { countBookingsUnderClosures, describeOnPostgres } from './support/databases.ts';
import { listenLocally, race } from './support/race.ts';

// Clock: 2027-03-01 15:00Z = 10:00 in New York.
const MINUTE = 60_000;

describe('closures', () => {
  let t: TestApp;
  let staff: Actor;
  let casey: Actor;
  let ny: { _id: string; name: string };
  let london: { _id: string; name: string };

  const close = (payload: Record<string, unknown>, who: Actor = staff) => t.app.inject({ method: 'POST', url: '/api/admin/closures', headers: who.auth, payload });
  const free = async (facilityId: string, date: string) =>
    ((await t.app.inject({ url: `/api/check-availability?facility=${facilityId}&date=${date}` })).json().data as { startTime: string }[]).map((s) => s.startTime);

  beforeAll(async () => {
    t = await createTestApp();
    staff = await admin(t.app);
    casey = await customer(t.app, 'Casey Closure');
    ny = await facility(t.app, staff, { name: 'Centre Court' });
    london = await facility(t.app, staff, { name: 'Wimbledon Court', timezone: 'Europe/London' });
  });
  afterAll(() => t.close());

  it('closes several facilities at the same local times, each on its own clock; availability and the public page show it', async () => {
    const res = await close({ facilityIds: [ny._id, london._id], start: '2027-03-10T12:00', end: '2027-03-10T15:00', reason: 'Resurfacing', kind: 'maintenance' });
    expect(res.statusCode, res.body).toBe(201);
    const closure = res.json();
    expect(closure).toMatchObject({ kind: 'maintenance', reason: 'Resurfacing', start: '2027-03-10T12:00', end: '2027-03-10T15:00', cancelledBookings: 0 });
    expect(new Set(closure.facilityIds)).toEqual(new Set([ny._id, london._id]));
    const at = (id: string) => closure.facilities.find((f: { id: string }) => f.id === id);
    expect(at(ny._id)).toMatchObject({ startsAt: '2027-03-10T17:00:00.000Z', endsAt: '2027-03-10T20:00:00.000Z' });
    expect(at(london._id)).toMatchObject({ startsAt: '2027-03-10T12:00:00.000Z', endsAt: '2027-03-10T15:00:00.000Z' });

    const slots = await free(ny._id, '2027-03-10');
    expect(slots).toContain('11:00');
    expect(slots).not.toContain('12:00');
    expect(slots).not.toContain('14:00');
    expect(slots).toContain('15:00');

    const page = await t.app.inject({ url: `/api/facility/${ny._id}/closures` });
    expect(page.json().data).toEqual([{ startDate: '2027-03-10', startTime: '12:00', endDate: '2027-03-10', endTime: '15:00', reason: 'Resurfacing', kind: 'maintenance' }]);

    const listed = await t.app.inject({ url: `/api/admin/closures?filter=${encodeURIComponent(JSON.stringify({ facilityId: london._id }))}`, headers: staff.auth });
    expect(listed.headers['content-range']).toBe('closures 0-0/1');
    expect(listed.json()[0].id).toBe(closure.id);
  });

  it('the database refuses a booking or a move into closed time, whatever path writes it', async () => {
    const into = await t.app.inject({ method: 'POST', url: '/api/bookings', headers: casey.auth, payload: { facility: ny._id, date: '2027-03-10', startTime: '14:00', endTime: '16:00' } });
    expect(into.statusCode).toBe(409);
    expect(into.json()).toMatchObject({ code: 'FACILITY_CLOSED' });

    const hold = await book(t.app, casey, ny._id, '2027-03-10', '16:00', '17:00');
    const moved = await t.app.inject({ method: 'PUT', url: `/api/bookings/${hold._id}`, headers: casey.auth, payload: { startTime: '12:00', endTime: '13:00' } });
    expect(moved.json()).toMatchObject({ statusCode: 409, code: 'FACILITY_CLOSED' });
    expect(await countBookingsUnderClosures(t.database.db)).toBe(0);

    // Straight SQL, past every service: still refused.
    const row = await t.database.db.selectFrom('bookings').selectAll().where('id', '=', hold._id).executeTakeFirstOrThrow();
    await expect(t.database.db.updateTable('bookings').set({ starts_at: new Date('2027-03-10T18:00:00Z'), ends_at: new Date('2027-03-10T19:00:00Z') }).where('id', '=', row.id).execute())
      .rejects.toMatchObject({ code: 'CSH02' });
  });

  it('a closure over live bookings is refused with the list, and changes nothing', async () => {
    const paid = await bookAndPay(t.app, casey, ny._id, '2027-03-11', '10:00', '11:00');
    const held = await book(t.app, casey, ny._id, '2027-03-11', '12:00', '13:00');
    const res = await close({ facilityIds: [ny._id], start: '2027-03-11T09:00', end: '2027-03-11T18:00', reason: 'Tournament', kind: 'event' });
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body.code).toBe('CLOSURE_CONFLICT');
    expect(body.message).toMatch(/2 bookings are in the way/);
    expect(body.conflicts).toEqual([
      { facilityId: ny._id, facilityName: 'Centre Court', date: '2027-03-11', startTime: '10:00', endTime: '11:00', bookingId: paid.booking._id, customer: 'Casey Closure', reason: 'booked by Casey Closure (paid)' },
      { facilityId: ny._id, facilityName: 'Centre Court', date: '2027-03-11', startTime: '12:00', endTime: '13:00', bookingId: held._id, customer: 'Casey Closure', reason: 'held by Casey Closure, awaiting payment' },
    ]);
    expect(await t.database.db.selectFrom('closures').select('id').where('reason', '=', 'Tournament').execute()).toEqual([]);
    const statuses = await t.database.db.selectFrom('bookings').select(['id', 'status']).where('id', 'in', [paid.booking._id, held._id]).orderBy('starts_at').execute();
    expect(statuses.map((s) => s.status)).toEqual(['confirmed', 'pending']);

    // The database refuses it too, past the service.
    const { id: closureId } = await t.database.db.insertInto('closures').values({ kind: 'event', reason: 'raw', start_local: 'x', end_local: 'y' }).returning('id').executeTakeFirstOrThrow();
    await expect(t.database.db.insertInto('closure_facilities').values({ closure_id: closureId, facility_id: ny._id, starts_at: new Date('2027-03-11T15:00:00Z'), ends_at: new Date('2027-03-11T16:00:00Z') }).execute())
      .rejects.toMatchObject({ code: 'CSH03' });
    await t.database.db.deleteFrom('closures').where('id', '=', closureId).execute();
  });

  it('with cancelBookings the closure cancels them in the same transaction, refunds the paid one in full and tells the customer why', async () => {
    const res = await close({ facilityIds: [ny._id], start: '2027-03-11T09:00', end: '2027-03-11T18:00', reason: 'Tournament', kind: 'event', cancelBookings: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().cancelledBookings).toBe(2);
    const mine = (await t.app.inject({ url: `/api/bookings/user/${casey.id}`, headers: casey.auth })).json().data as { date: string; startTime: string; status: string; paymentStatus: string; refundState: string }[];
    const on11 = mine.filter((b) => b.date === '2027-03-11');
    expect(on11.map((b) => [b.startTime, b.status, b.paymentStatus])).toEqual(expect.arrayContaining([['10:00', 'cancelled', 'refunded'], ['12:00', 'cancelled', 'unpaid']]));
    expect(on11.find((b) => b.startTime === '10:00')!.refundState).toBe('refunded');
    const mail = await t.database.db.selectFrom('outbox_messages').select('text_body').where('recipient', '=', casey.email).where('kind', '=', 'booking_cancelled').execute();
    expect(mail.map((m) => m.text_body).join('\n')).toContain('the venue had to cancel this booking (closed: Tournament)');
    expect(await countBookingsUnderClosures(t.database.db)).toBe(0);
  });

  it('a lapsed hold under the range is expired, not in the way', async () => {
    const hold = await book(t.app, casey, ny._id, '2027-03-12', '10:00', '11:00');
    t.clock.advance(16 * MINUTE);
    const res = await close({ facilityIds: [ny._id], start: '2027-03-12T08:00', end: '2027-03-12T12:00', reason: 'Rain', kind: 'weather' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().cancelledBookings).toBe(0);
    expect((await t.database.db.selectFrom('bookings').select('status').where('id', '=', hold._id).executeTakeFirstOrThrow()).status).toBe('expired');
  });

  it('moving a closure frees the old time and closes the new; deleting it reopens', async () => {
    const created = (await close({ facilityIds: [ny._id], start: '2027-03-13T08:00', end: '2027-03-13T10:00', reason: 'Lights', kind: 'maintenance' })).json();
    const moved = await t.app.inject({ method: 'PUT', url: `/api/admin/closures/${created.id}`, headers: staff.auth, payload: { ...created, start: '2027-03-13T18:00', end: '2027-03-13T20:00' } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ start: '2027-03-13T18:00', end: '2027-03-13T20:00' });
    let slots = await free(ny._id, '2027-03-13');
    expect(slots).toContain('08:00');
    expect(slots).not.toContain('18:00');
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/admin/closures/${created.id}`, headers: staff.auth });
    expect(removed.json()).toMatchObject({ id: created.id, reason: 'Lights' });
    slots = await free(ny._id, '2027-03-13');
    expect(slots).toContain('18:00');
    expect((await t.app.inject({ url: `/api/admin/closures/${created.id}`, headers: staff.auth })).json()).toMatchObject({ statusCode: 404, code: 'CLOSURE_NOT_FOUND' });
  });

  it('the day view draws closures clipped to the day, on each facility clock', async () => {
    const created = (await close({ facilityIds: [ny._id], start: '2027-03-20T18:00', end: '2027-03-22T09:00', reason: 'Clay season', kind: 'maintenance' })).json();
    const day = async (date: string) =>
      ((await t.app.inject({ url: `/api/admin/day-view?date=${date}`, headers: staff.auth })).json().facilities as { id: string; closures: unknown[] }[]).find((f) => f.id === ny._id)!.closures;
    expect(await day('2027-03-20')).toEqual([{ id: created.id, startTime: '18:00', endTime: '24:00', reason: 'Clay season', kind: 'maintenance' }]);
    expect(await day('2027-03-21')).toEqual([{ id: created.id, startTime: '00:00', endTime: '24:00', reason: 'Clay season', kind: 'maintenance' }]);
    expect(await day('2027-03-22')).toEqual([{ id: created.id, startTime: '00:00', endTime: '09:00', reason: 'Clay season', kind: 'maintenance' }]);
    expect(await day('2027-03-23')).toEqual([]);
  });

  it('bad input is refused naming the field, and nothing is written', async () => {
    const before = await t.database.db.selectFrom('closures').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    const base = { facilityIds: [ny._id], start: '2027-03-14T08:00', end: '2027-03-14T10:00', reason: 'Works', kind: 'maintenance' };
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ ...base, start: '2027-03-14 08:00' }, 400, 'VALIDATION_FAILED', 'start'],
      [{ ...base, end: '2027-02-30T10:00' }, 400, 'INVALID_DATE', 'end'],
      [{ ...base, end: '2027-03-14T07:00' }, 400, 'END_BEFORE_START', 'end'],
      [{ ...base, start: '2027-02-01T08:00', end: '2027-02-01T10:00' }, 400, 'IN_THE_PAST', 'end'],
      [{ ...base, kind: 'holiday' }, 400, 'VALIDATION_FAILED', 'kind'],
      [{ ...base, reason: '   ' }, 400, 'VALIDATION_FAILED', 'reason'],
      [{ ...base, facilityIds: [] }, 400, 'VALIDATION_FAILED', 'facilityIds'],
      [{ ...base, facilityIds: ['00000000-0000-4000-8000-000000000000'] }, 404, 'FACILITY_NOT_FOUND', ''],
    ];
    for (const [payload, status, code, path] of cases) {
      const res = await close(payload);
      expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(status);
      expect(res.json().code).toBe(code);
      if (path) expect(res.json().errorMessages[0].path).toContain(path);
    }
    expect((await close(base, casey)).statusCode).toBe(403);
    const after = await t.database.db.selectFrom('closures').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

// Real concurrency needs real connections: PGlite serves one at a time.
describeOnPostgres('closures racing bookings over real HTTP on PostgreSQL', () => {
  let t: TestApp;
  let base: string;
  let staff: Actor;
  let players: Actor[];
  let courts: { _id: string }[];

  beforeAll(async () => {
    t = await createTestApp();
    base = await listenLocally(t.app);
    staff = await admin(t.app);
    players = [];
    for (let i = 0; i < 5; i++) players.push(await customer(t.app, `Racer ${i}`));
    courts = [];
    for (let i = 0; i < 4; i++) courts.push(await facility(t.app, staff));
  }, 120_000);
  afterAll(() => t?.close());

  const post = async (path: string, who: Actor, payload: unknown) => {
    const res = await fetch(`${base}${path}`, { method: 'POST', headers: { ...who.auth, 'content-type': 'application/json' }, body: JSON.stringify(payload) });
    return { status: res.status, body: (await res.json()) as { code?: string } };
  };

  it('a closure created while 50 bookings land inside it: never an overlap, no 5xx, every refusal says why', async () => {
    for (const [round, cancelBookings] of [[0, true], [1, false]] as const) {
      const date = `2027-03-0${2 + round}`;
      const attempts = Array.from({ length: 50 }, (_, i) => ({
        who: players[i % players.length]!,
        payload: { facility: courts[i % courts.length]!._id, date, startTime: `${String(8 + (i % 12)).padStart(2, '0')}:00`, endTime: `${String(9 + (i % 12)).padStart(2, '0')}:00` },
      }));
      const bookings = attempts.map((a) => () => post('/api/bookings', a.who, a.payload));
      const closure = () => post('/api/admin/closures', staff, { facilityIds: courts.map((c) => c._id), start: `${date}T08:00`, end: `${date}T22:00`, reason: `Race ${round}`, kind: 'other', cancelBookings });
      const results = await race([...bookings, closure]);
      expect(results.filter((r) => r.status >= 500)).toEqual([]);
      for (const r of results) if (r.status === 409) expect(['SLOT_TAKEN', 'FACILITY_CLOSED', 'CLOSURE_CONFLICT']).toContain(r.body.code);
      expect(await countBookingsUnderClosures(t.database.db)).toBe(0);
    }
  });
});
