import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import { backend, createTestApp, type TestApp } from './support/test-app.ts';
import { admin, customer, facility, type Actor } from './support/actors.ts';
import { eventually } from './support/expect.ts';
import { lockWaiters } from './support/race.ts';
import { describeOnPostgres } from './support/databases.ts';

// A booking whose statement began before a facility was deleted, and that waited for the
// deletion's locks, must see the facility as it is once it gets them: deleted. Reproduced
// deterministically by holding the deleting transaction open from a second connection.
const title = backend === 'postgres'
  ? 'a booking that waited on a facility deletion (PostgreSQL, real HTTP)'
  : 'SKIPPED ON PGLITE: needs a second connection holding a transaction open, which PGlite cannot give';

describeOnPostgres(title, () => {
  let t: TestApp;
  let base: string;
  let staff: Actor;
  let casey: Actor;

  beforeAll(async () => {
    t = await createTestApp({ clockStart: '2027-03-01T15:00:00Z' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('the app is not listening on a TCP port');
    base = `http://127.0.0.1:${address.port}`;
    staff = await admin(t.app);
    casey = await customer(t.app, 'Casey Waiting');
  }, 60_000);
  afterAll(() => t?.close());

  it('is refused (404), not inserted at the deleted facility', async () => {
    const court = await facility(t.app, staff);
    // Warm the facility cache so the booking goes straight to its insert statement.
    expect((await t.app.inject({ method: 'POST', url: '/api/bookings', headers: casey.auth, payload: { facility: court._id, date: '2027-03-02', startTime: '08:00', endTime: '09:00' } })).statusCode).toBe(201);

    const url = await t.database.db.selectNoFrom((eb) => eb.fn<string>('current_database', []).as('db')).executeTakeFirstOrThrow();
    const server = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
    server.pathname = `/${url.db}`;
    const deleter = new pg.Client({ connectionString: server.toString() });
    await deleter.connect();
    try {
      await deleter.query('BEGIN');
      // What deleteFacility does first: the facility's schedule lock and its row lock, then the soft delete.
      await deleter.query('SELECT courtside_schedule_lock($1)', [court._id]);
      await deleter.query('UPDATE facilities SET is_deleted = true WHERE id = $1', [court._id]);
      const booking = fetch(`${base}/api/bookings`, {
        method: 'POST',
        headers: { ...casey.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ facility: court._id, date: '2027-03-02', startTime: '10:00', endTime: '11:00' }),
      });
      // Once the insert is queued behind the schedule lock (and only then), commit the deletion.
      let answered = false;
      void booking.then(() => (answered = true), () => {});
      await eventually(async () => expect(await lockWaiters(t.database.db)).toBe(1), 15_000);
      expect(answered).toBe(false);
      await deleter.query('COMMIT');
      const res = await booking;
      expect(res.status).toBe(404);
    } finally {
      await deleter.end();
    }
    const rows = await t.database.db.selectFrom('bookings').select('starts_at').where('facility_id', '=', court._id).execute();
    expect(rows).toHaveLength(1);
  });
});
