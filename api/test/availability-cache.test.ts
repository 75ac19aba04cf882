import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp, type App } from '../src/app.ts';
import { ChangeCache } from '../src/db/change-cache.ts';
import { openChangeFeedFor, type ChangeFeed, type ChangeListener } from '../src/db/change-feed.ts';
import { cachesOf, MAX_AGE_MS, safetyNetUntil } from '../src/services/caches.ts';
import { announceChanges } from '../src/repositories/changes.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, book, customer, facility, login, type Actor } from './support/actors.ts';
import { itOnPostgres } from './support/databases.ts';
import { eventually } from './support/expect.ts';

// Clock: 2027-03-01T15:00Z = Monday 10:00 in New York (EST). Tomorrow, 2027-03-02, is a Tuesday.
const START = '2027-03-01T15:00:00Z';
const TOMORROW = '2027-03-02';
const MINUTE = 60_000;

describe('the in-memory availability cache, kept correct by the change feed', () => {
  let t: TestApp;
  /** Another app on the same database with the change feed: the caching process. */
  let cached: App;
  let feed: ChangeFeed;
  let staff: Actor;
  let casey: Actor;

  const freeStarts = async (app: App, facilityId: string, date = TOMORROW) => {
    const res = await app.inject({ url: `/api/check-availability?date=${date}&facility=${facilityId}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    return (res.json().data as { startTime: string }[]).map((s) => s.startTime);
  };

  beforeAll(async () => {
    t = await createTestApp();
    feed = (await openChangeFeedFor(t.database))!;
    cached = await buildApp({ config: t.config, db: t.database.db, jwtSecret: 'a-test-secret-that-is-long-enough-for-hs256', clock: t.clock.now, changes: feed });
    await cached.ready();
    await eventually(async () => expect(feed.live).toBe(true));
    staff = await admin(t.app);
    casey = await customer(t.app, 'Casey Customer');
  });
  beforeEach(() => t.clock.set(START));
  afterAll(async () => {
    await cached?.close();
    await t?.close();
  });

  it('serves a repeated question from memory, with the same body as a fresh answer', async () => {
    const court = await facility(t.app, staff);
    const fresh = await t.app.inject({ url: `/api/check-availability?date=${TOMORROW}&facility=${court._id}` });
    // The facility's own creation is notified too; an answer read while that is in flight is not kept.
    let first = await cached.inject({ url: `/api/check-availability?date=${TOMORROW}&facility=${court._id}` });
    await eventually(async () => {
      first = await cached.inject({ url: `/api/check-availability?date=${TOMORROW}&facility=${court._id}` });
      expect(cachesOf(cached.ctx).availability.size).toBeGreaterThan(0);
    });
    const second = await cached.inject({ url: `/api/check-availability?date=${TOMORROW}&facility=${court._id}` });
    expect(first.json()).toEqual(fresh.json());
    expect(second.body).toBe(first.body);
  });

  it('drops the answer when another process books a slot (the database notifies)', async () => {
    const court = await facility(t.app, staff);
    expect(await freeStarts(cached, court._id)).toContain('10:00');
    await book(t.app, casey, court._id, TOMORROW, '10:00', '11:00');
    await eventually(async () => expect(await freeStarts(cached, court._id)).not.toContain('10:00'));
  });

  it("shows the caching process's own booking at once", async () => {
    const court = await facility(t.app, staff);
    expect(await freeStarts(cached, court._id)).toContain('11:00');
    // Tokens are signed per app secret here: sign in on the caching app.
    const here = await login(cached, casey.email);
    const res = await cached.inject({ method: 'POST', url: '/api/bookings', headers: here.auth, payload: { facility: court._id, date: TOMORROW, startTime: '11:00', endTime: '12:00' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(await freeStarts(cached, court._id)).not.toContain('11:00');
  });

  it('drops the answer on a write made straight in SQL, outside any API', async () => {
    const court = await facility(t.app, staff);
    const booking = await book(t.app, casey, court._id, TOMORROW, '13:00', '14:00');
    await eventually(async () => expect(await freeStarts(cached, court._id)).not.toContain('13:00'));
    await sql`UPDATE bookings SET status = 'cancelled', cancelled_at = now() WHERE id = ${booking._id}`.execute(t.database.db);
    await eventually(async () => expect(await freeStarts(cached, court._id)).toContain('13:00'));
  });

  it('hears one notice naming several facilities (new bookings are announced in batches)', async () => {
    const courts = [await facility(t.app, staff), await facility(t.app, staff)];
    for (const c of courts) await eventually(async () => expect(await freeStarts(cached, c._id)).toContain('14:00'));
    // Inserted straight in SQL, as another process would: no trigger announces inserts, the API does.
    for (const c of courts) {
      await sql`INSERT INTO bookings (facility_id, user_id, starts_at, ends_at, payable_cents, status, payment_status, hold_expires_at)
        VALUES (${c._id}, ${casey.id}, '2027-03-02T19:00:00Z', '2027-03-02T20:00:00Z', 2000, 'confirmed', 'paid', NULL)`.execute(t.database.db);
    }
    await announceChanges(t.database.db, 'bookings', courts.map((c) => c._id));
    for (const c of courts) await eventually(async () => expect(await freeStarts(cached, c._id)).not.toContain('14:00'));
  });

  it('frees a lapsed hold at its expiry without any write (the entry carries its expiry)', async () => {
    const court = await facility(t.app, staff);
    await book(t.app, casey, court._id, TOMORROW, '15:00', '16:00');
    await eventually(async () => expect(await freeStarts(cached, court._id)).not.toContain('15:00'));
    t.clock.advance(15 * MINUTE - 1);
    expect(await freeStarts(cached, court._id)).not.toContain('15:00');
    t.clock.advance(1);
    expect(await freeStarts(cached, court._id)).toContain('15:00');
  });

  it('drops a slot of today the moment it starts', async () => {
    const court = await facility(t.app, staff);
    const today = '2027-03-01';
    expect(await freeStarts(cached, court._id, today)).toContain('11:00');
    t.clock.set('2027-03-01T16:00:00Z'); // 11:00 in New York
    expect(await freeStarts(cached, court._id, today)).not.toContain('11:00');
    expect(await freeStarts(cached, court._id, today)).toContain('12:00');
  });

  it('follows a change of opening hours and a soft delete', async () => {
    const court = await facility(t.app, staff);
    expect(await freeStarts(cached, court._id)).toContain('08:00');
    const hours = { open: '09:00', close: '17:00' };
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/facility/${court._id}`,
      headers: staff.auth,
      payload: { openingHours: { sun: hours, mon: hours, tue: hours, wed: hours, thu: hours, fri: hours, sat: hours } },
    });
    expect(put.statusCode, put.body).toBe(200);
    await eventually(async () => expect((await freeStarts(cached, court._id))[0]).toBe('09:00'));
    await t.app.inject({ method: 'DELETE', url: `/api/facility/${court._id}`, headers: staff.auth });
    await eventually(async () => {
      const res = await cached.inject({ url: `/api/check-availability?date=${TOMORROW}&facility=${court._id}` });
      expect(res.statusCode).toBe(404);
    });
  });

  it('keeps the facility list until a facility changes', async () => {
    const before = await cached.inject({ url: '/api/facility' });
    const court = await facility(t.app, staff, { name: 'Freshly Added Court' });
    await eventually(async () => {
      const res = await cached.inject({ url: '/api/facility' });
      expect(res.json().data.map((f: { _id: string }) => f._id)).toContain(court._id);
    });
    expect(before.json().data.map((f: { _id: string }) => f._id)).not.toContain(court._id);
  });

  it('prices a booking at the price the facility has now', async () => {
    const court = await facility(t.app, staff, { pricePerHour: 20 });
    const { auth } = await login(cached, casey.email);
    const first = await cached.inject({ method: 'POST', url: '/api/bookings', headers: auth, payload: { facility: court._id, date: TOMORROW, startTime: '08:00', endTime: '09:00' } });
    expect(first.json().data.payableAmount).toBe(20);
    await t.app.inject({ method: 'PUT', url: `/api/facility/${court._id}`, headers: staff.auth, payload: { pricePerHour: 35 } });
    // No waiting for the notification: the insert checks the row version it priced against.
    const second = await cached.inject({ method: 'POST', url: '/api/bookings', headers: auth, payload: { facility: court._id, date: TOMORROW, startTime: '09:00', endTime: '10:00' } });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().data.payableAmount).toBe(35);
  });

  itOnPostgres('stops caching when its LISTEN connection is killed, and recovers after reconnecting', async () => {
    const court = await facility(t.app, staff);
    expect(await freeStarts(cached, court._id)).toContain('17:00');
    const admin = new pg.Client({ connectionString: (t.database as { url?: string }).url });
    await admin.connect();
    try {
      await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%'`);
      await eventually(async () => expect(feed.live).toBe(false), 2_000);
      expect(cachesOf(cached.ctx).availability.size).toBe(0);
      // A change while nobody listens is still seen: nothing is served from memory meanwhile.
      await book(t.app, casey, court._id, TOMORROW, '17:00', '18:00');
      expect(await freeStarts(cached, court._id)).not.toContain('17:00');
      await eventually(async () => expect(feed.live).toBe(true), 5_000);
      expect(await freeStarts(cached, court._id)).not.toContain('17:00');
    } finally {
      await admin.end();
    }
  }, { needs: 'a LISTEN connection to a PostgreSQL server, cut by pg_terminate_backend' });

  describe('who is signed in, kept in memory too', () => {
    const me = (actor: Actor) => cached.inject({ url: '/api/auth/me', headers: actor.auth });
    /** A customer signed in on both apps (tokens are signed per app secret here). */
    const customerOnBoth = async (name: string) => {
      const there = await customer(t.app, name);
      return { there, here: await login(cached, there.email) };
    };

    it('serves a signed-in check from memory, and refuses a token revoked by another process', async () => {
      const { there, here } = await customerOnBoth('Dana Tokens');
      expect((await me(here)).statusCode).toBe(200);
      expect(cachesOf(cached.ctx).authStates.get(here.id, '', t.clock.now().getTime())).toMatchObject({ id: here.id, deleted_at: null });
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: there.auth })).statusCode).toBe(200);
      await eventually(async () => expect((await me(here)).statusCode).toBe(401));
    });

    it('refuses at once a token this process itself revoked (logout), with no wait for the notification', async () => {
      const { here } = await customerOnBoth('Erin Tokens');
      expect((await me(here)).statusCode).toBe(200);
      expect((await cached.inject({ method: 'POST', url: '/api/auth/logout', headers: here.auth })).statusCode).toBe(200);
      expect((await me(here)).statusCode).toBe(401);
    });

    it('follows a role change, a deactivation and a write made straight in SQL', async () => {
      const fay = await customerOnBoth('Fay Promoted');
      expect((await cached.inject({ url: '/api/admin/stats', headers: fay.here.auth })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'PUT', url: `/api/users/${fay.there.id}/role`, headers: staff.auth, payload: { role: 'admin' } })).statusCode).toBe(200);
      await eventually(async () => expect((await me(fay.here)).statusCode).toBe(401));
      const fayAdmin = await login(cached, fay.there.email);
      expect((await cached.inject({ url: '/api/admin/stats', headers: fayAdmin.auth })).statusCode).toBe(200);

      const gil = await customerOnBoth('Gil Leaving');
      expect((await me(gil.here)).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${gil.there.id}`, headers: staff.auth })).statusCode).toBe(200);
      await eventually(async () => expect((await me(gil.here)).statusCode).toBe(401));

      const hal = await customerOnBoth('Hal Tool');
      expect((await me(hal.here)).statusCode).toBe(200);
      await sql`UPDATE users SET token_version = token_version + 1 WHERE id = ${hal.there.id}`.execute(t.database.db);
      await eventually(async () => expect((await me(hal.here)).statusCode).toBe(401));
    });
  });
});

describe('ChangeCache', () => {
  /** A feed the test drives by hand. */
  function manualFeed() {
    const listeners = new Set<ChangeListener>();
    const feed = {
      live: true,
      subscribe: (l: ChangeListener) => (listeners.add(l), () => void listeners.delete(l)),
      touched: (kind: 'facility' | 'bookings', id: string) => listeners.forEach((l) => l.changed(kind, id)),
      reset: () => listeners.forEach((l) => l.reset()),
      close: async () => {},
    };
    return feed;
  }
  const cacheOn = (feed: ChangeFeed) => new ChangeCache<string>(feed, { groupOf: (_k, id) => id, maxEntries: 3 });

  it('refuses an answer read before a change that was heard before it was stored', () => {
    const feed = manualFeed();
    const cache = cacheOn(feed);
    const ticket = cache.ticket();
    feed.touched('bookings', 'f1');
    expect(cache.store('f1', 'd', 'stale', ticket, 0, 10)).toBe(false);
    expect(cache.get('f1', 'd', 1)).toBeUndefined();
    // A change to another facility does not matter; one heard before the ticket neither.
    const next = cache.ticket();
    feed.touched('bookings', 'f2');
    expect(cache.store('f1', 'd', 'fresh', next, 0, 10)).toBe(true);
    expect(cache.get('f1', 'd', 1)).toBe('fresh');
    feed.touched('bookings', 'f1');
    expect(cache.get('f1', 'd', 1)).toBeUndefined();
  });

  it('neither serves nor stores while the feed is down, and forgets on reset', () => {
    const feed = manualFeed();
    const cache = cacheOn(feed);
    cache.store('f1', 'd', 'a', cache.ticket(), 0, 10);
    const ticket = cache.ticket();
    feed.live = false;
    expect(cache.get('f1', 'd', 1)).toBeUndefined();
    expect(cache.store('f1', 'd', 'b', ticket, 0, 10)).toBe(false);
    feed.reset();
    feed.live = true;
    expect(cache.get('f1', 'd', 1)).toBeUndefined();
    expect(cache.store('f1', 'd', 'c', ticket, 0, 10)).toBe(false); // taken before the reset
  });

  it('answers only within [computedAt, validUntil) and stays within its size', () => {
    const feed = manualFeed();
    const cache = cacheOn(feed);
    cache.store('f1', 'd', 'a', cache.ticket(), 100, 200);
    expect(cache.get('f1', 'd', 99)).toBeUndefined(); // a clock moved back
    cache.store('f1', 'd', 'a', cache.ticket(), 100, 200);
    expect(cache.get('f1', 'd', 199)).toBe('a');
    expect(cache.get('f1', 'd', 200)).toBeUndefined();
    for (const id of ['f2', 'f3', 'f4', 'f5']) cache.store(id, 'd', id, cache.ticket(), 0, 10);
    expect(cache.size).toBeLessThanOrEqual(3);
    expect(cache.get('f5', 'd', 1)).toBe('f5');
  });

  /** A computation the test finishes by hand, counting how often it was started. */
  function deferred() {
    const started: ((v: { value: string; validUntil: number }) => void)[] = [];
    const compute = () => new Promise<{ value: string; validUntil: number }>((resolve) => started.push(resolve));
    return { compute, started };
  }

  it('shares one computation among concurrent misses of the same key, and stores it', async () => {
    const cache = cacheOn(manualFeed());
    const { compute, started } = deferred();
    const answers = Promise.all([1, 2, 3, 4, 5].map((now) => cache.getOrCompute('f1', 'd', now, compute)));
    await Promise.resolve();
    expect(started).toHaveLength(1);
    // Another key is another computation.
    const other = cache.getOrCompute('f1', 'e', 1, compute);
    expect(started).toHaveLength(2);
    started[0]!({ value: 'one read', validUntil: 100 });
    started[1]!({ value: 'other', validUntil: 100 });
    expect(await answers).toEqual(Array(5).fill('one read'));
    expect(await other).toBe('other');
    expect(cache.get('f1', 'd', 50)).toBe('one read');
  });

  it('does not let a miss after a change join a computation begun before it', async () => {
    const feed = manualFeed();
    const cache = cacheOn(feed);
    const { compute, started } = deferred();
    const before = cache.getOrCompute('f1', 'd', 1, compute);
    await Promise.resolve();
    feed.touched('bookings', 'f1');
    const after = cache.getOrCompute('f1', 'd', 2, compute);
    await Promise.resolve();
    expect(started).toHaveLength(2);
    started[0]!({ value: 'read before the change', validUntil: 100 });
    started[1]!({ value: 'read after the change', validUntil: 100 });
    expect(await before).toBe('read before the change');
    expect(await after).toBe('read after the change');
    // Only the answer read after the change is kept.
    expect(cache.get('f1', 'd', 3)).toBe('read after the change');
  });

  it('recomputes for a joiner whose clock is past what the shared answer is valid for', async () => {
    const cache = cacheOn(manualFeed());
    const { compute, started } = deferred();
    const early = cache.getOrCompute('f1', 'd', 1, compute);
    const late = cache.getOrCompute('f1', 'd', 60, compute);
    await Promise.resolve();
    started[0]!({ value: 'valid until 50', validUntil: 50 });
    expect(await early).toBe('valid until 50');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toHaveLength(2);
    started[1]!({ value: 'fresh', validUntil: 200 });
    expect(await late).toBe('fresh');
  });

  it('shares a failure among the joiners, and the next miss tries again', async () => {
    const cache = cacheOn(manualFeed());
    let calls = 0;
    const failing = async () => {
      calls++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      throw new Error('database down');
    };
    const results = await Promise.allSettled([1, 2, 3].map((now) => cache.getOrCompute('f1', 'd', now, failing)));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(calls).toBe(1);
    await expect(cache.getOrCompute('f1', 'd', 4, async () => ({ value: 'back', validUntil: 100 }))).resolves.toBe('back');
  });

  it('keeps answers read together for different times, none longer than the safety net allows', () => {
    const untils = Array.from({ length: 200 }, () => safetyNetUntil(1_000_000) - 1_000_000);
    expect(Math.max(...untils)).toBeLessThanOrEqual(MAX_AGE_MS);
    expect(Math.min(...untils)).toBeGreaterThanOrEqual(MAX_AGE_MS / 2);
    // Spread out: 200 answers read at once do not go stale in a handful of moments.
    expect(new Set(untils.map((u) => Math.floor(u / 1_000))).size).toBeGreaterThan(10);
  });

  it('computes every time, sharing nothing, while the feed is down', async () => {
    const feed = manualFeed();
    feed.live = false;
    const cache = cacheOn(feed);
    let calls = 0;
    const compute = async () => ({ value: `read ${++calls}`, validUntil: 100 });
    expect(await Promise.all([1, 2].map((now) => cache.getOrCompute('f1', 'd', now, compute)))).toEqual(['read 1', 'read 2']);
  });
});
