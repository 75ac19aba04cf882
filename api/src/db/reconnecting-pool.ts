import type pg from 'pg';
import { isConnectionError } from './retry.ts';

/** Connections that may all have died at once (a PostgreSQL restart): try this many. */
const ATTEMPTS = 3;

/** Statements that do nothing twice when run again: opening a transaction, or a plain read. */
const replayable = (text: string) => /^\s*(begin|start transaction|select)\b/i.test(text.replace(PREPARED, ''));

/**
 * A hot statement marked `/* prepared: <name> *\/` at its start is sent as a named prepared
 * statement: each connection parses and plans it once instead of on every call. Only fixed
 * texts are marked (the name must always mean the same text), and they list their RETURNING
 * columns, so a column added by a later migration cannot change a cached plan's result.
 */
const PREPARED = /^\/\* prepared: ([a-z_]+) \*\//;
/** `text` marked to go out as the prepared statement `name` (above). */
export function markPrepared(name: string, text: string): string {
  if (!/^[a-z_]+$/.test(name)) throw new Error(`a prepared statement's name is lower-case letters and _ (got "${name}")`);
  return `/* prepared: ${name} */ ${text}`;
}
const withName = (text: string, values?: unknown[]) => {
  const name = PREPARED.exec(text)?.[1];
  return name ? { name, text, values } : undefined;
};

/**
 * The pg pool as Kysely sees it, with marked statements prepared (above) and one more
 * addition: when the first statement of a checkout
 * meets a connection that died while it sat idle in the pool (pg_terminate_backend, a
 * PostgreSQL restart), the dead connection is discarded and the statement runs again on a
 * fresh one, but only when that cannot do anything twice: the connection was known dead
 * before we sent anything, or the statement is BEGIN or a plain SELECT. A connection lost
 * later in a checkout (half way through a transaction) still fails that request: whether
 * its COMMIT landed is unknown, so only the caller can decide.
 */
export function reconnectingPool(pool: pg.Pool) {
  return {
    get options() {
      return pool.options;
    },
    Client: (pool as unknown as { Client: unknown }).Client,
    connect: async () => checkout(pool, await pool.connect()),
    end: () => pool.end(),
  };
}

function checkout(pool: pg.Pool, first: pg.PoolClient) {
  let client = first;
  let started = false;
  /** Between discarding a dead connection and getting a new one (which may fail: the server is down). */
  let released = false;
  return {
    get processID() {
      return (client as unknown as { processID?: number }).processID;
    },
    async query(text: unknown, values?: unknown[]) {
      // Cursors (streaming) and every statement after the first go straight through.
      if (typeof text !== 'string') return client.query(text as string, values);
      const named = withName(text, values);
      const send = () => (named ? client.query(named) : client.query(text, values));
      if (started) return send();
      started = true;
      for (let attempt = 1; ; attempt++) {
        const knownDead = !(client as unknown as { _queryable?: boolean })._queryable;
        try {
          return await send();
        } catch (err) {
          if (attempt >= ATTEMPTS || !isConnectionError(err) || !(knownDead || replayable(text))) throw err;
          client.release(err as Error); // with an error: the pool destroys it
          released = true;
          client = await pool.connect();
          released = false;
        }
      }
    },
    release(destroy?: boolean) {
      if (!released) client.release(destroy);
    },
  };
}
