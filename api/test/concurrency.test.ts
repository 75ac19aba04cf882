import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, customer, facility, type Actor } from './support/actors.ts';
import { countOverlaps, describeOnPostgres } from './support/databases.ts';
import { listenLocally, race } from './support/race.ts';

// Real concurrency: real sockets, a real connection pool, PostgreSQL's exclusion constraint
// deciding who wins. PGlite serves one connection at a time, so there it would prove nothing.

const ATTEMPTS = 50;
// Clock: 2027-03-01 15:00Z = 10:00 in New York; 2027-03-02 is tomorrow, open 08:00-22:00.
const DAY = '2027-03-02';

describeOnPostgres('concurrency over real HTTP on PostgreSQL', () => {
  let t: TestApp;
  let base: string;
  let customers: Actor[];

  beforeAll(async () => {
    t = await createTestApp();
    base = await listenLocally(t.app);
    customers = [];
    // Sequential on purpose: every sign-up hashes a password (argon2id, 19 MiB).
    for (let i = 0; i < ATTEMPTS; i++) customers.push(await customer(t.app, `Racer ${i}`));
  }, 180_000);
  afterAll(() => t?.close());

  async function post(actor: Actor, payload: Record<string, string>) {
    const res = await fetch(`${base}/api/bookings`, {
      method: 'POST',
      headers: { ...actor.auth, 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    return { status: res.status, body: (await res.json()) as { statusCode: number; message: string } };
  }

  /** Each customer books one of `payloads` (the i-th customer the i-th), all at once. */
  const bookAtOnce = (payloads: Record<string, string>[]) => race(payloads.map((payload, i) => () => post(customers[i]!, payload)));

  const countBy = (statuses: number[]) =>
    statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

  it(`${ATTEMPTS} simultaneous attempts at one slot: exactly one 201, the rest 409, no 5xx, no overlap`, async () => {
    const court = await facility(t.app, await admin(t.app));
    const results = await bookAtOnce(
      customers.map(() => ({ facility: court._id, date: DAY, startTime: '10:00', endTime: '12:00' })),
    );
    const statuses = results.map((r) => r.status);

    expect(countBy(statuses)).toEqual({ 201: 1, 409: ATTEMPTS - 1 });
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    for (const r of results.filter((r) => r.status === 409)) {
      expect(r.body).toMatchObject({ success: false, statusCode: 409 });
    }

    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM bookings WHERE facility_id = ${court._id} AND status IN ('pending', 'confirmed')`.execute(t.database.db);
    expect(rows[0]!.n).toBe(1);
    expect(await countOverlaps(t.database.db)).toBe(0);
  });

  it(`${ATTEMPTS} simultaneous overlapping-but-different requests: no 5xx, no overlap`, async () => {
    const court = await facility(t.app, await admin(t.app));
    // Starts 09:00-14:00, lengths 1-4 hours, all inside 08:00-22:00: heavy, mixed overlap.
    const shapes = Array.from({ length: ATTEMPTS }, (_, i) => {
      const start = 9 + (i % 6);
      const hours = 1 + ((i * 7) % 4);
      const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
      return { facility: court._id, date: DAY, startTime: hh(start), endTime: hh(start + hours) };
    });
    const results = await bookAtOnce(shapes);
    const statuses = results.map((r) => r.status);

    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    expect(await countOverlaps(t.database.db)).toBe(0);

    // Every accepted request is in the table, and nothing else is.
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM bookings WHERE facility_id = ${court._id} AND status IN ('pending', 'confirmed')`.execute(t.database.db);
    expect(rows[0]!.n).toBe(statuses.filter((s) => s === 201).length);
  });
});
