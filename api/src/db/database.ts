import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { Kysely, PGliteDialect, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from '@courtside/migrations';
import { lockDataDir } from './data-dir-lock.ts';
import { privateDirSync, restrictTree } from './private-files.ts';
import { reconnectingPool } from './reconnecting-pool.ts';

export type Db = Kysely<Database>;
/** What repositories take: the database or an open transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where it lives, for what needs a connection of its own (the change feed): the server URL, or the embedded instance. */
  url?: string;
  pglite?: PGlite;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** dataDir undefined: in memory (tests), empty or loaded from a dump of a data directory (PGlite's dumpDataDir). */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/** Opens the database lazily-safe: nothing connects at import time, only here. */
export async function openDatabase(opts: DatabaseOptions): Promise<DatabaseHandle> {
  if (opts.kind === 'postgres') {
    // A name on every connection, so operators (and the fault proofs) can tell ours apart.
    // A bounded wait for a connection (a new one, or a free one when all are busy): a request
    // then fails with a 503 instead of hanging while the server cannot be reached.
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      application_name: 'courtside-api',
      connectionTimeoutMillis: 10_000,
      keepAlive: true,
    });
    // A dropped connection (server restart, pg_terminate_backend) must not crash the process.
    // The pool hears about idle clients; a client that is checked out but between queries
    // (inside a transaction, say) emits 'error' on itself, and an unheard 'error' kills Node.
    // Its next query fails instead, and the pool discards it when it is released.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: reconnectingPool(pool) as unknown as pg.Pool }) });
    return { db, kind: 'postgres', url: opts.url, close: () => db.destroy() };
  }

  let release = () => {};
  if (opts.dataDir) {
    privateDirSync(opts.dataDir);
    release = lockDataDir(opts.dataDir);
  }
  try {
    const pglite = await PGlite.create({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir, extensions: { btree_gist } });
    // PGlite creates its files as the umask allows (the server narrows it; a tool may not), and an older version left them open.
    if (opts.dataDir) restrictTree(opts.dataDir);
    const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
    return {
      db,
      kind: 'pglite',
      pglite,
      close: async () => {
        await db.destroy();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}
