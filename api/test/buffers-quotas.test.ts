import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { backend, createTestApp, type TestApp } from './support/test-app.ts';
import { admin, customer, facility, type Actor } from './support/actors.ts';
import { listenLocally, race } from './support/race.ts';

// Changeover buffers and booking quotas per facility, and the venue-wide quota
// (MAX_ACTIVE_BOOKINGS): the database refuses what they forbid, whichever path writes.
// Clock: 2027-03-01T15:00Z = Monday 10:00 in New York (EST). 2027-03-03 is a Wednesday.
const START = '2027-03-01T15:00:00Z';
const DAY = '2027-03-03';
const NEXT_DAY = '2027-03-04';

interface Res {
  statusCode: number;
  body: string;
  json(): { code?: string; message?: string; data?: unknown };
}

function refusedWith(res: Res | { status: number; body: { code?: string; message?: string } }, code: string, message?: string | RegExp) {
  const status = 'statusCode' in res ? res.statusCode : res.status;
  const body = 'statusCode' in res ? res.json() : res.body;
  expect(status, JSON.stringify(body)).toBe(409);
  expect(body.code, JSON.stringify(body)).toBe(code);
  if (message) expect(body.message).toMatch(message);
}

describe('changeover buffers and quotas', () => {
  let t: TestApp;
  let staff: Actor;
  let casey: Actor;
  let dana: Actor;
  const send = (method: 'POST' | 'PUT' | 'GET' | 'DELETE', url: string, actor?: Actor, payload?: unknown) =>
    t.app.inject({ method, url, headers: actor?.auth, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const hold = (f: { _id: string }, date: string, startTime: string, endTime: string, actor = casey) =>
    send('POST', '/api/bookings', actor, { facility: f._id, date, startTime, endTime });
  const starts = async (f: { _id: string }, date = DAY) =>
    ((await send('GET', `/api/check-availability?date=${date}&facility=${f._id}`)).json().data as { startTime: string }[]).map((s) => s.startTime);

  beforeAll(async () => {
    t = await createTestApp({ clockStart: START, env: { MAX_ACTIVE_BOOKINGS: '5' } });
    staff = await admin(t.app);
  });
  // Fresh customers for every test: MAX_ACTIVE_BOOKINGS (5) counts each one's bookings across tests.
  beforeEach(async () => {
    t.clock.set(START);
    casey = await customer(t.app, 'Casey Customer');
    dana = await customer(t.app, 'Dana Customer');
  });
  afterAll(() => t?.close());

  describe('a 10-minute changeover buffer', () => {
    it('keeps the slots either side of a booking off the free list, and refuses them with BUFFER naming the facility and the gap', async () => {
      const court = await facility(t.app, staff, { name: 'Buffer Court', policy: { bufferMinutes: 10 } });
      expect(await starts(court)).toEqual(expect.arrayContaining(['09:00', '10:00', '11:00', '12:00']));
      expect((await hold(court, DAY, '10:00', '11:00')).statusCode).toBe(201);
      const free = await starts(court);
      expect(free).not.toContain('09:00');
      expect(free).not.toContain('10:00');
      expect(free).not.toContain('11:00');
      expect(free).toEqual(expect.arrayContaining(['08:00', '12:00']));
      refusedWith(await hold(court, DAY, '11:00', '12:00', dana), 'BUFFER', 'Buffer Court needs 10 minutes between bookings to change over.');
      refusedWith(await hold(court, DAY, '09:00', '10:00', dana), 'BUFFER');
      // The slot itself is still "taken", not a buffer matter.
      refusedWith(await hold(court, DAY, '10:00', '11:00', dana), 'SLOT_TAKEN');
      expect((await hold(court, DAY, '12:00', '13:00', dana)).statusCode).toBe(201);
      expect((await hold(court, DAY, '08:00', '09:00', dana)).statusCode).toBe(201);
    });

    it('is enforced by the database itself: a booking one minute inside the buffer is refused, one at its end is not', async () => {
      // 30-minute slots and a 31-minute buffer: 11:30 is one minute inside it, 12:00 is clear.
      const court = await facility(t.app, staff, { slotMinutes: 30, policy: { bufferMinutes: 31 } });
      const first = await hold(court, DAY, '10:00', '11:00');
      expect(first.statusCode, first.body).toBe(201);
      const insert = (startsAt: string, endsAt: string) => sql`
        INSERT INTO bookings (facility_id, user_id, starts_at, ends_at, payable_cents, status, payment_status)
        VALUES (${court._id}, ${dana.id}, ${startsAt}::timestamptz, ${endsAt}::timestamptz, 0, 'confirmed', 'paid')`.execute(t.database.db);
      // 11:30 EST = 16:30Z. The trigger stamps blocked_until from the facility; the app is not involved.
      await expect(insert('2027-03-03T16:30:00Z', '2027-03-03T17:00:00Z')).rejects.toMatchObject({ code: '23P01', constraint: 'bookings_changeover' });
      await expect(insert('2027-03-03T16:32:00Z', '2027-03-03T17:00:00Z')).resolves.toBeDefined();
      const { rows } = await sql<{ gap: number }>`
        SELECT extract(epoch FROM blocked_until - ends_at) / 60 AS gap FROM bookings WHERE facility_id = ${court._id} ORDER BY starts_at`.execute(t.database.db);
      expect(rows.map((r) => Number(r.gap))).toEqual([31, 31]);
    });

    it('a changed buffer applies to new bookings; moves take the buffer of where they land', async () => {
      const court = await facility(t.app, staff, { policy: { bufferMinutes: 15 } });
      const made = await hold(court, DAY, '14:00', '15:00');
      expect(made.statusCode).toBe(201);
      const set = await send('PUT', `/api/facility/${court._id}`, staff, { policy: { bufferMinutes: 0 } });
      expect(set.statusCode, set.body).toBe(200);
      // The booking made under the 15-minute buffer keeps it...
      refusedWith(await hold(court, DAY, '15:00', '16:00', dana), 'BUFFER');
      // ...a new one does not need one.
      expect((await hold(court, DAY, '12:00', '13:00', dana)).statusCode).toBe(201);
      expect((await hold(court, DAY, '13:00', '14:00', dana)).statusCode).toBe(201);
      expect((await hold(court, DAY, '16:00', '17:00', dana)).statusCode).toBe(201);
    });

    it('front-desk bookings and weekly series respect it too', async () => {
      const court = await facility(t.app, staff, { name: 'Desk Buffer Court', policy: { bufferMinutes: 10 } });
      expect((await hold(court, DAY, '10:00', '11:00')).statusCode).toBe(201);
      const desk = await send('POST', '/api/admin/bookings', staff, {
        facilityId: court._id, date: DAY, startTime: '11:00', endTime: '12:00', guest: { name: 'Walk In' }, payment: 'unpaid',
      });
      refusedWith(desk, 'BUFFER');
      const preview = await send('POST', '/api/admin/series/preview', staff, {
        facilityId: court._id, firstDate: DAY, startTime: '11:00', endTime: '12:00', every: 1, count: 2, guest: { name: 'League' }, payment: 'unpaid', onConflict: 'skip',
      });
      expect(preview.statusCode, preview.body).toBe(200);
      const dates = (preview.json() as unknown as { dates: { date: string; free: boolean; reason: string | null }[] }).dates;
      expect(dates[0]).toMatchObject({ date: DAY, free: false });
      expect(dates[0]!.reason).toMatch(/too close to a booking .*10 minutes changeover/);
      expect(dates[1]).toMatchObject({ free: true });
    });

    it('a slot that ends right before a closure is still offered: no changeover is needed before closed time', async () => {
      const court = await facility(t.app, staff, { policy: { bufferMinutes: 20 } });
      const closed = await send('POST', '/api/admin/closures', staff, { facilityIds: [court._id], start: `${DAY}T15:00`, end: `${DAY}T17:00`, reason: 'works', kind: 'maintenance' });
      expect(closed.statusCode, closed.body).toBe(201);
      const free = await starts(court);
      expect(free).toContain('14:00');
      expect(free).not.toContain('15:00');
      expect(free).not.toContain('16:00');
      expect(free).toContain('17:00');
      expect((await hold(court, DAY, '14:00', '15:00')).statusCode).toBe(201);
    });
  });

  describe('quotas', () => {
    it('a facility quota counts active upcoming bookings there, names the facility, and frees up when one is cancelled', async () => {
      const court = await facility(t.app, staff, { name: 'Quota Court', policy: { maxActivePerCustomer: 2 } });
      const other = await facility(t.app, staff);
      const pat = await customer(t.app, 'Pat Quota');
      const first = await hold(court, DAY, '10:00', '11:00', pat);
      expect((await hold(court, DAY, '11:00', '12:00', pat)).statusCode).toBe(201);
      refusedWith(await hold(court, NEXT_DAY, '10:00', '11:00', pat), 'QUOTA_REACHED', 'You already have 2 upcoming bookings at Quota Court (the limit).');
      // Another facility, and another customer, are not affected.
      expect((await hold(other, DAY, '10:00', '11:00', pat)).statusCode).toBe(201);
      expect((await hold(court, NEXT_DAY, '10:00', '11:00', dana)).statusCode).toBe(201);
      // Staff booking at the desk for the customer decide for themselves.
      const desk = await send('POST', '/api/admin/bookings', staff, {
        facilityId: court._id, date: NEXT_DAY, startTime: '12:00', endTime: '13:00', userId: pat.id, payment: 'unpaid',
      });
      expect(desk.statusCode, desk.body).toBe(201);
      refusedWith(await hold(court, NEXT_DAY, '14:00', '15:00', pat), 'QUOTA_REACHED', 'You already have 3 upcoming bookings at Quota Court (the limit is 2).');
      const id = (first.json().data as { _id: string })._id;
      expect((await send('DELETE', `/api/bookings/${id}`, pat)).statusCode).toBe(200);
      const desks = await send('GET', `/api/bookings/user/${pat.id}`, pat);
      const deskId = (desks.json().data as { _id: string; startTime: string; date: string }[]).find((b) => b.date === NEXT_DAY && b.startTime === '12:00')!._id;
      expect((await send('DELETE', `/api/bookings/${deskId}`, staff)).statusCode).toBe(200);
      expect((await hold(court, NEXT_DAY, '14:00', '15:00', pat)).statusCode).toBe(201);
    });

    it('bookings that ended, lapsed holds and cancelled bookings do not count', async () => {
      const court = await facility(t.app, staff, { policy: { maxActivePerCustomer: 1 } });
      const sam = await customer(t.app, 'Sam Quota');
      expect((await hold(court, '2027-03-01', '11:00', '12:00', sam)).statusCode).toBe(201);
      // 12:30 New York: the 11:00 booking has ended (and its hold lapsed anyway).
      t.clock.set('2027-03-01T17:30:00Z');
      expect((await hold(court, DAY, '10:00', '11:00', sam)).statusCode).toBe(201);
      refusedWith(await hold(court, DAY, '11:00', '12:00', sam), 'QUOTA_REACHED');
      // The hold lapses after HOLD_MINUTES (15): it no longer counts.
      t.clock.set('2027-03-01T17:50:00Z');
      expect((await hold(court, DAY, '11:00', '12:00', sam)).statusCode).toBe(201);
    });

    it('MAX_ACTIVE_BOOKINGS counts across the venue', async () => {
      const courts = [await facility(t.app, staff), await facility(t.app, staff), await facility(t.app, staff)];
      const lee = await customer(t.app, 'Lee Venue');
      for (const [i, time] of ['08:00', '09:00', '10:00', '11:00', '12:00'].entries()) {
        const res = await hold(courts[i % 3]!, DAY, time, `${String(Number(time.slice(0, 2)) + 1).padStart(2, '0')}:00`, lee);
        expect(res.statusCode, res.body).toBe(201);
      }
      refusedWith(await hold(courts[2]!, DAY, '15:00', '16:00', lee), 'QUOTA_REACHED', 'You already have 5 upcoming bookings at this venue (the limit).');
    });

    it('the policy fields are checked: each refusal names its field', async () => {
      const court = await facility(t.app, staff);
      for (const [policy, field] of [[{ bufferMinutes: -1 }, 'policy.bufferMinutes'], [{ bufferMinutes: 241 }, 'policy.bufferMinutes'], [{ maxActivePerCustomer: 1.5 }, 'policy.maxActivePerCustomer']] as const) {
        const res = await send('PUT', `/api/facility/${court._id}`, staff, { policy });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.body).toContain(field);
      }
      const ok = await send('PUT', `/api/facility/${court._id}`, staff, { policy: { bufferMinutes: 240, maxActivePerCustomer: 1000 } });
      expect(ok.statusCode, ok.body).toBe(200);
      expect((ok.json().data as { policy: unknown }).policy).toEqual({ bufferMinutes: 240, maxActivePerCustomer: 1000 });
    });
  });
});

// Real concurrency: real sockets, a real pool, PostgreSQL deciding. PGlite serves one connection
// at a time, so there these would prove nothing.
const describeOnPostgres = backend === 'postgres' ? describe : describe.skip;
describeOnPostgres(
  backend === 'postgres' ? 'buffers and quotas under concurrency, over real HTTP on PostgreSQL' : 'SKIPPED ON PGLITE: PGlite has a single connection, so true concurrency needs PostgreSQL',
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

    const post = async (actor: Actor, payload: Record<string, string>) => {
      const res = await fetch(`${base}/api/bookings`, { method: 'POST', headers: { ...actor.auth, 'content-type': 'application/json' }, body: JSON.stringify(payload) });
      return { status: res.status, body: (await res.json()) as { code?: string; message?: string } };
    };

    it('one customer, 20 simultaneous bookings with a quota of 2: exactly 2 are made', async () => {
      const court = await facility(t.app, staff, { name: 'Race Quota Court', slotMinutes: 30, policy: { maxActivePerCustomer: 2 } });
      const greedy = await customer(t.app, 'Greedy Tabs');
      // Twenty different half-hour slots, so only the quota can stop them.
      const times = Array.from({ length: 20 }, (_, i) => {
        const m = 8 * 60 + i * 30;
        const at = (x: number) => `${String(Math.floor(x / 60)).padStart(2, '0')}:${String(x % 60).padStart(2, '0')}`;
        return { facility: court._id, date: DAY, startTime: at(m), endTime: at(m + 30) };
      });
      const results = await race(times.map((p) => () => post(greedy, p)));
      const made = results.filter((r) => r.status === 201);
      expect(made).toHaveLength(2);
      for (const r of results.filter((x) => x.status !== 201)) refusedWith(r, 'QUOTA_REACHED');
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM bookings WHERE facility_id = ${court._id} AND status IN ('pending', 'confirmed')`.execute(t.database.db);
      expect(rows[0]!.n).toBe(2);
    });

    it('two customers booking either side of a 10-minute buffer at once: exactly one gets in, the other hears BUFFER', async () => {
      const court = await facility(t.app, staff, { policy: { bufferMinutes: 10 } });
      const pairs = await Promise.all(Array.from({ length: 2 }, (_, i) => customer(t.app, `Buffer Racer ${i}`)));
      for (const [hour, date] of [[9, DAY], [13, DAY], [17, DAY], [9, NEXT_DAY], [13, NEXT_DAY]] as const) {
        const at = (h: number) => `${String(h).padStart(2, '0')}:00`;
        const results = await race([
          () => post(pairs[0]!, { facility: court._id, date, startTime: at(hour), endTime: at(hour + 1) }),
          () => post(pairs[1]!, { facility: court._id, date, startTime: at(hour + 1), endTime: at(hour + 2) }),
        ]);
        expect(results.map((r) => r.status).sort(), JSON.stringify(results)).toEqual([201, 409]);
        refusedWith(results.find((r) => r.status === 409)!, 'BUFFER');
      }
      // No two live bookings of the facility are closer than the buffer.
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM bookings a JOIN bookings b ON a.facility_id = b.facility_id AND a.id < b.id
        WHERE a.facility_id = ${court._id} AND a.status IN ('pending', 'confirmed') AND b.status IN ('pending', 'confirmed')
          AND tstzrange(a.starts_at, a.ends_at + interval '10 minutes') && tstzrange(b.starts_at, b.ends_at + interval '10 minutes')`.execute(t.database.db);
      expect(rows[0]!.n).toBe(0);
    });
  },
);
