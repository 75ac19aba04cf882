import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { isConnectionError } from '../src/db/retry.ts';
import { adminDatabaseUrl, createTestApp, type TestApp } from './support/test-app.ts';
import { admin, customer, facility } from './support/actors.ts';
import { describeOnPostgres } from './support/databases.ts';
import { withClient } from '../../harness/db-checks.ts';

// What the fault proofs (prove/faults.ts) found, kept fixed: connections cut under the API's
// feet must neither crash the process nor fail requests that start afterwards.

const asAdmin = <T>(fn: (c: pg.Client) => Promise<T>) => withClient(adminDatabaseUrl, fn);

// With a timeout, pg_terminate_backend returns once the backend has exited (false if it is still
// there after it), so the next statement meets a dead connection, not one the signal has not reached yet.
const EXIT_WAIT_MS = 10_000;
const terminate = (pid: number) =>
  asAdmin(async (c) => {
    const { rows } = await c.query<{ gone: boolean }>(`SELECT pg_terminate_backend($1, ${EXIT_WAIT_MS}) AS gone`, [pid]);
    expect(rows[0]!.gone, `backend ${pid} did not exit`).toBe(true);
  });

/** Terminates this database's API connections (application_name courtside-api); returns how many. */
const terminateApiBackends = (database: string) =>
  asAdmin(async (c) => {
    const { rowCount } = await c.query(
      `SELECT pg_terminate_backend(pid, ${EXIT_WAIT_MS}) FROM pg_stat_activity
       WHERE datname = $1 AND application_name = 'courtside-api' AND pid <> pg_backend_pid()`,
      [database],
    );
    return rowCount ?? 0;
  });

describeOnPostgres('database connections cut under a running API (PostgreSQL)', () => {
  let t: TestApp;
  let database: string;

  beforeAll(async () => {
    t = await createTestApp();
    const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(t.database.db);
    database = rows[0]!.name;
  });
  afterAll(() => t?.close());

  it('a statement marked /* prepared: name */ is prepared once per connection, and only such a statement', async () => {
    await t.database.db.connection().execute(async (conn) => {
      for (const n of [1, 2]) expect((await sql<{ n: number }>`/* prepared: resilience_probe */ SELECT ${n}::int AS n`.execute(conn)).rows[0]!.n).toBe(n);
      await sql`SELECT ${3}::int AS n`.execute(conn);
      const { rows } = await sql<{ name: string }>`SELECT name FROM pg_prepared_statements`.execute(conn);
      expect(rows.map((r) => r.name)).toEqual(['resilience_probe']);
    });
  });

  it('every request after pg_terminate_backend of all its connections succeeds', async () => {
    const boss = await admin(t.app);
    const court = await facility(t.app, boss);
    const buyer = await customer(t.app);
    // Fill the pool with idle connections, then cut them all.
    await Promise.all(Array.from({ length: 10 }, () => t.app.inject({ url: '/api/facility' })));
    expect(await terminateApiBackends(database)).toBeGreaterThan(0);

    const reads = await Promise.all(Array.from({ length: 10 }, () => t.app.inject({ url: '/api/facility' })));
    expect(reads.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const hold = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: buyer.auth,
      payload: { facility: court._id, date: '2027-03-02', startTime: '10:00', endTime: '11:00' },
    });
    expect(hold.statusCode).toBe(201);
  });

  it('a connection that dies while checked out does not crash the process; the checkout gets a fresh one', async () => {
    const url = new URL(adminDatabaseUrl);
    url.pathname = `/${database}`;
    const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
    try {
      const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(handle.db);
      const first = rows[0]!.pid;
      const after = await handle.db.connection().execute(async (conn) => {
        // The only connection is ours now; kill it (its 'error' event, unheard, would kill Node).
        await terminate(first);
        // The first statement of the checkout finds the connection dead, so it runs on a new one.
        const again = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(conn);
        return again.rows[0]!.pid;
      });
      expect(after).not.toBe(first);
      // And the pool keeps working afterwards.
      const { rows: ok } = await sql<{ one: number }>`SELECT 1 AS one`.execute(handle.db);
      expect(ok[0]!.one).toBe(1);
    } finally {
      await handle.close();
    }
  });

  it('a connection lost half way through a transaction fails that transaction only', async () => {
    const url = new URL(adminDatabaseUrl);
    url.pathname = `/${database}`;
    const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
    try {
      const attempt = handle.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx);
        await terminate(rows[0]!.pid);
        // Not replayed: what ran before in this transaction is lost, only the caller can decide.
        await sql`SELECT 1`.execute(trx);
      });
      await expect(attempt).rejects.toSatisfy(isConnectionError);
      const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(handle.db);
      expect(rows[0]!.one).toBe(1);
    } finally {
      await handle.close();
    }
  });
}, { needs: 'pg_terminate_backend, which only a PostgreSQL server has' });

describe('while the database cannot be reached', () => {
  it('the API answers 503 with the error envelope and a Retry-After, not a 500', async () => {
    // Nothing listens on port 1: every connection attempt is refused.
    const handle = await openDatabase({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:1/nowhere' });
    const app = await buildApp({ config: loadConfig({ SEED_DEMO: '0' }), db: handle.db, jwtSecret: randomBytes(32).toString('hex') });
    try {
      const res = await app.inject({ url: '/api/facility' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toMatchObject({ success: false, statusCode: 503, code: 'DATABASE_UNAVAILABLE' });
      expect(res.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
      const health = await app.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(503);
    } finally {
      await app.close();
      await handle.close();
    }
  });

  it('tells connection failures apart from statement errors', () => {
    expect(isConnectionError({ code: '57P01' })).toBe(true);
    expect(isConnectionError({ code: '08006' })).toBe(true);
    expect(isConnectionError({ code: 'ECONNREFUSED' })).toBe(true);
    expect(isConnectionError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionError({ code: '23P01' })).toBe(false);
    expect(isConnectionError({ code: '40P01' })).toBe(false);
    expect(isConnectionError(new Error('syntax error'))).toBe(false);
    expect(isConnectionError(null)).toBe(false);
  });
});
