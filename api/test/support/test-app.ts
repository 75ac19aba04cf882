import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrateToLatest } from '@courtside/migrations';
import { buildApp, type App, type AppOptions } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.ts';

/** Which database this test run talks to: set per vitest project (see vitest.config.ts). */
export const backend = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

/** A server database to create throw-away databases in. */
export const adminDatabaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A clock tests can move; starts at a fixed instant so results do not depend on the day. */
export class TestClock {
  #now: number;
  constructor(start = '2027-03-01T15:00:00Z') {
    this.#now = Date.parse(start);
  }
  now = () => new Date(this.#now);
  set(iso: string) {
    this.#now = Date.parse(iso);
  }
  advance(ms: number) {
    this.#now += ms;
  }
}

/** A new database on the test server, empty or a copy of a template database, and how to drop it. */
export async function freshPostgres(template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `courtside_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminDatabaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminDatabaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminDatabaseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * The environment every test app starts from. Suites act as many customers from one address and
 * hold many slots each; the limits' own tests (abuse-limits.test.ts) run with the defaults.
 */
export const TEST_ENV: Record<string, string> = {
  DEFAULT_TIMEZONE: 'America/New_York',
  SEED_DEMO: '0',
  SIGNUP_MAX_PER_IP: '0',
  BOOKING_MAX_PER_IP: '0',
  FIND_MAX_PER_IP: '0',
  MAX_HOLDS_PER_CUSTOMER: '1000',
  // Without an SMTP relay mail is written as files: into a scratch folder, never the checkout's data/.
  MAIL_DIR: join(tmpdir(), 'courtside-test-mail'),
};

/**
 * The database of this run that every app starts from, migrated once (migrated-template.ts): the
 * PostgreSQL template's name or the PGlite dump's path. Outside vitest (prove/) there is none, and
 * each app migrates an empty database.
 */
async function migratedTemplate(): Promise<string | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  return inject('migratedTemplate');
}

let pgliteDump: { path: string; blob: Promise<Blob> } | undefined;
/** The dump, read once per test file. */
function pgliteDumpAt(path: string): Promise<Blob> {
  if (pgliteDump?.path !== path) pgliteDump = { path, blob: readFile(path).then((bytes) => new Blob([bytes])) };
  return pgliteDump.blob;
}

export interface TestApp {
  app: App;
  clock: TestClock;
  config: Config;
  database: DatabaseHandle;
  /** The PostgreSQL database's URL (postgres backend only): a second app may share it (`sharing`). */
  databaseUrl?: string;
  /** The secret its tokens are signed with: a second app sharing this one's database shares it too. */
  jwtSecret: string;
  close(): Promise<void>;
}

/** Builds the real app, exactly as production does, on a fresh database of this run's backend. */
export async function createTestApp(
  options: { env?: Record<string, string>; clockStart?: string; site?: boolean; logger?: AppOptions['logger']; sharing?: TestApp } = {},
): Promise<TestApp> {
  const config = loadConfig({ ...TEST_ENV, ...options.env });
  let drop = async () => {};
  let database: DatabaseHandle;
  let databaseUrl: string | undefined;
  if (options.sharing) {
    // A second API process on the first one's database: it leaves dropping it to the first.
    databaseUrl = options.sharing.databaseUrl;
    if (!databaseUrl) throw new Error('only an app on PostgreSQL can share its database');
    database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 20 });
  } else if (backend === 'postgres') {
    const fresh = await freshPostgres(await migratedTemplate());
    drop = fresh.drop;
    databaseUrl = fresh.url;
    database = await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 20 });
  } else {
    const dump = await migratedTemplate();
    database = await openDatabase({ kind: 'pglite', loadDataDir: dump ? await pgliteDumpAt(dump) : undefined });
  }
  // A copy of the migrated template has nothing to do here; without one, this migrates from scratch.
  await migrateToLatest(database.db);
  const clock = new TestClock(options.clockStart);
  // Processes of one deployment sign with one secret: a customer's token works on either.
  const jwtSecret = options.sharing?.jwtSecret ?? randomBytes(32).toString('hex');
  const app = await buildApp({ config, db: database.db, jwtSecret, clock: clock.now, site: options.site, logger: options.logger });
  await app.ready();
  return {
    app,
    clock,
    config,
    database,
    databaseUrl,
    jwtSecret,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
}
