import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { countOverlaps, describeOnPostgres } from './support/databases.ts';
import { admin, bookAndPay, customer, facility, type Actor } from './support/actors.ts';
import { listenLocally, race } from './support/race.ts';

// Changeovers and booking quotas per facility, and the venue-wide quota
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

describe('changeovers and quotas', () => {
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

  describe('a 10-minute changeover on hourly slots: it comes out of the end of the booked time', () => {
    const play = (res: Res) => {
      const b = res.json().data as { playEndTime: string; playMinutes: number };
      return [b.playEndTime, b.playMinutes];
    };
    const playOf = async (id: string, actor = casey) => play(await send('GET', `/api/bookings/${id}`, actor));

    it('two one-hour holds leave every neighbouring hour on sale, and someone else can book them', async () => {
      const court = await facility(t.app, staff, { name: 'Changeover Court', policy: { bufferMinutes: 10 } });
      const first = await hold(court, DAY, '10:00', '11:00');
      expect(first.statusCode, first.body).toBe(201);
      expect(play(first)).toEqual(['10:50', 50]);
      expect((await hold(court, DAY, '14:00', '15:00')).statusCode).toBe(201);
      const free = await starts(court);
      for (const neighbour of ['09:00', '11:00', '13:00', '15:00']) expect(free).toContain(neighbour);
      expect(free).not.toContain('10:00');
      expect(free).not.toContain('14:00');
      for (const [from, to] of [['09:00', '10:00'], ['11:00', '12:00'], ['13:00', '14:00'], ['15:00', '16:00']] as const) {
        const res = await hold(court, DAY, from, to, dana);
        expect(res.statusCode, res.body).toBe(201);
        expect(play(res)).toEqual([`${from.slice(0, 3)}50`, 50]);
      }
      // The slot itself is still taken.
      refusedWith(await hold(court, DAY, '10:00', '11:00', dana), 'SLOT_TAKEN');
    });

    it('each free slot says its play: 50 minutes of a 60-minute slot, on the facility and on Find a court; none said without a changeover', async () => {
      const court = await facility(t.app, staff, { name: 'Play Court', sport: 'squash', policy: { bufferMinutes: 10 } });
      const plain = await facility(t.app, staff, { name: 'Plain Court', sport: 'squash' });
      const slots = async (f: { _id: string }) => (await send('GET', `/api/check-availability?date=${DAY}&facility=${f._id}`)).json().data as { startTime: string; playMinutes?: number }[];
      expect((await slots(court)).find((s) => s.startTime === '10:00')).toMatchObject({ playMinutes: 50 });
      expect((await slots(plain)).find((s) => s.startTime === '10:00')).not.toHaveProperty('playMinutes');
      const found = ((await send('GET', `/api/availability?date=${DAY}&sport=squash`)).json().data as { facilities: { _id: string; slots: { playMinutes?: number }[] }[] }).facilities;
      expect(found.find((e) => e._id === court._id)!.slots[0]).toMatchObject({ playMinutes: 50 });
      expect(found.find((e) => e._id === plain._id)!.slots[0]).not.toHaveProperty('playMinutes');
    });

    it("a customer books the slot straight after their own: no changeover between them, only the last one ends early", async () => {
      const court = await facility(t.app, staff, { policy: { bufferMinutes: 10 } });
      const first = (await hold(court, DAY, '10:00', '11:00')).json().data as { _id: string };
      expect(await playOf(first._id)).toEqual(['10:50', 50]);
      const next = await hold(court, DAY, '11:00', '12:00');
      expect(next.statusCode, next.body).toBe(201);
      const second = next.json().data as { _id: string };
      expect(await playOf(first._id)).toEqual(['11:00', 60]);
      expect(await playOf(second._id)).toEqual(['11:50', 50]);
      // Someone else's booking straight after does not run on: the court is turned over for them.
      expect((await hold(court, DAY, '12:00', '13:00', dana)).statusCode).toBe(201);
      expect(await playOf(second._id)).toEqual(['11:50', 50]);
      // My bookings says the same.
      const mine = (await send('GET', `/api/bookings/user/${casey.id}`, casey)).json().data as { _id: string; playEndTime: string }[];
      expect(mine.filter((b) => [first._id, second._id].includes(b._id)).map((b) => b.playEndTime).sort()).toEqual(['11:00', '11:50']);
    });

    it('the confirmation email and its calendar event end play at 10:50', async () => {
      const court = await facility(t.app, staff, { name: 'Changeover Mail Court', policy: { bufferMinutes: 10 } });
      await bookAndPay(t.app, casey, court._id, DAY, '10:00', '11:00');
      const mail = await t.database.db.selectFrom('outbox_messages').select(['text_body', 'attachments'])
        .where('recipient', '=', casey.email).where('kind', '=', 'booking_confirmed').executeTakeFirstOrThrow();
      expect(mail.text_body).toContain('10:00 AM – 11:00 AM');
      expect(mail.text_body).toContain('Play ends at 10:50 AM (the last 10 minutes turn the court over).');
      // 10:50 EST is 15:50Z.
      expect(mail.attachments[0]!.content).toContain('DTEND:20270303T155000Z');
    });

    it('the database stamps each booking with its changeover and guards exactly the booked range', async () => {
      const court = await facility(t.app, staff, { slotMinutes: 30, policy: { bufferMinutes: 20 } });
      const first = await hold(court, DAY, '10:00', '11:00');
      expect(first.statusCode, first.body).toBe(201);
      const insert = (startsAt: string, endsAt: string) => sql`
        INSERT INTO bookings (facility_id, user_id, starts_at, ends_at, payable_cents, status, payment_status)
        VALUES (${court._id}, ${dana.id}, ${startsAt}::timestamptz, ${endsAt}::timestamptz, 0, 'confirmed', 'paid')`.execute(t.database.db);
      // 10:59 EST = 15:59Z: inside the booking. 11:00 is straight after it: free. The app is not involved.
      await expect(insert('2027-03-03T15:59:00Z', '2027-03-03T16:30:00Z')).rejects.toMatchObject({ code: '23P01', constraint: 'bookings_no_overlap' });
      await expect(insert('2027-03-03T16:00:00Z', '2027-03-03T16:30:00Z')).resolves.toBeDefined();
      const { rows } = await sql<{ changeover_minutes: number }>`
        SELECT changeover_minutes FROM bookings WHERE facility_id = ${court._id} ORDER BY starts_at`.execute(t.database.db);
      expect(rows.map((r) => r.changeover_minutes)).toEqual([20, 20]);
      // A changeover that would leave no play is refused by the database too.
      await sql`UPDATE facilities SET policy = '{"bufferMinutes": 30}' WHERE id = ${court._id}`.execute(t.database.db);
      await expect(insert('2027-03-03T17:00:00Z', '2027-03-03T17:30:00Z')).rejects.toMatchObject({ code: '23514', constraint: 'bookings_changeover_leaves_play' });
    });

    it('a changed changeover applies to new bookings; those made keep the play they were sold', async () => {
      const court = await facility(t.app, staff, { policy: { bufferMinutes: 15 } });
      const made = await hold(court, DAY, '14:00', '15:00');
      expect(play(made)).toEqual(['14:45', 45]);
      const set = await send('PUT', `/api/facility/${court._id}`, staff, { policy: { bufferMinutes: 0 } });
      expect(set.statusCode, set.body).toBe(200);
      expect(await playOf((made.json().data as { _id: string })._id)).toEqual(['14:45', 45]);
      expect(play(await hold(court, DAY, '15:00', '16:00', dana))).toEqual(['16:00', 60]);
    });

    it('a changeover must leave play in one slot, whether the changeover or the slot length changes', async () => {
      const refused = (res: Res) => {
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({ code: 'INVALID_POLICY', message: expect.stringMatching(/policy\.bufferMinutes \(\d+\) must be shorter than one slot/) });
      };
      const court = await facility(t.app, staff, { slotMinutes: 30, policy: { bufferMinutes: 10 } });
      refused(await send('PUT', `/api/facility/${court._id}`, staff, { policy: { bufferMinutes: 30 } }));
      const slots = await send('PUT', `/api/facility/${court._id}`, staff, { slotMinutes: 60, policy: { bufferMinutes: 45 } });
      expect(slots.statusCode, slots.body).toBe(200);
      refused(await send('PUT', `/api/facility/${court._id}`, staff, { slotMinutes: 30 }));
    });

    it('front-desk bookings and weekly series can take the slot next to a booking too', async () => {
      const court = await facility(t.app, staff, { name: 'Desk Changeover Court', policy: { bufferMinutes: 10 } });
      expect((await hold(court, DAY, '10:00', '11:00')).statusCode).toBe(201);
      const preview = await send('POST', '/api/admin/series/preview', staff, {
        facilityId: court._id, firstDate: DAY, startTime: '11:00', endTime: '12:00', every: 1, count: 2, guest: { name: 'League' }, payment: 'unpaid', onConflict: 'skip',
      });
      expect(preview.statusCode, preview.body).toBe(200);
      const dates = (preview.json() as unknown as { dates: { date: string; free: boolean }[] }).dates;
      expect(dates.map((d) => d.free)).toEqual([true, true]);
      const desk = await send('POST', '/api/admin/bookings', staff, {
        facilityId: court._id, date: DAY, startTime: '11:00', endTime: '12:00', guest: { name: 'Walk In' }, payment: 'unpaid',
      });
      expect(desk.statusCode, desk.body).toBe(201);
    });

    it('a slot that ends right before a closure is still offered', async () => {
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
      const ok = await send('PUT', `/api/facility/${court._id}`, staff, { policy: { bufferMinutes: 59, maxActivePerCustomer: 1000 } });
      expect(ok.statusCode, ok.body).toBe(200);
      expect((ok.json().data as { policy: unknown }).policy).toEqual({ bufferMinutes: 59, maxActivePerCustomer: 1000 });
    });
  });
});

// Real concurrency: real sockets, a real pool, PostgreSQL deciding. PGlite serves one connection
// at a time, so there these would prove nothing.
describeOnPostgres(
  'buffers and quotas under concurrency, over real HTTP on PostgreSQL',
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

    it('two customers booking back-to-back slots at once with a 10-minute changeover: both get in; the same slot at once: exactly one', async () => {
      const court = await facility(t.app, staff, { policy: { bufferMinutes: 10 } });
      const pairs = await Promise.all(Array.from({ length: 2 }, (_, i) => customer(t.app, `Changeover Racer ${i}`)));
      const at = (h: number) => `${String(h).padStart(2, '0')}:00`;
      for (const [hour, date] of [[9, DAY], [9, NEXT_DAY]] as const) {
        const results = await race([
          () => post(pairs[0]!, { facility: court._id, date, startTime: at(hour), endTime: at(hour + 1) }),
          () => post(pairs[1]!, { facility: court._id, date, startTime: at(hour + 1), endTime: at(hour + 2) }),
        ]);
        expect(results.map((r) => r.status), JSON.stringify(results)).toEqual([201, 201]);
        const same = await race(pairs.map((p) => () => post(p, { facility: court._id, date, startTime: at(hour + 4), endTime: at(hour + 5) })));
        expect(same.map((r) => r.status).sort(), JSON.stringify(same)).toEqual([201, 409]);
        refusedWith(same.find((r) => r.status === 409)!, 'SLOT_TAKEN');
      }
      // No two live bookings overlap; their changeovers are inside them.
      expect(await countOverlaps(t.database.db)).toBe(0);
    });
  },
);
