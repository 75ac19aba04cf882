import { sql } from 'kysely';
import type { App } from '../../src/app.ts';
import type { Actor } from './actors.ts';
import type { Executor } from '../../src/db/database.ts';

/**
 * Fires every task at once: none starts before all of them are prepared, so they truly race.
 * Answers each task's result in the tasks' order (typed per task for a literal list).
 */
export async function race<T extends readonly (() => Promise<unknown>)[]>(tasks: readonly [...T]): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  let go!: () => void;
  const gate = new Promise<void>((resolve) => (go = resolve));
  const pending = tasks.map(async (task) => {
    await gate;
    return task();
  });
  go();
  return Promise.all(pending) as Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }>;
}

/** Starts the app on a free local port, for requests over real sockets; answers its base URL. */
export async function listenLocally(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening on a TCP port');
  return `http://127.0.0.1:${address.port}`;
}

/**
 * How many statements of this database wait for a lock now (PostgreSQL): what a race test waits
 * for before it lets the lock go, so the racers are queued behind it, not merely started.
 */
export async function lockWaiters(db: Executor): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
     WHERE NOT l.granted AND a.datname = current_database()`.execute(db);
  return rows[0]!.n;
}

/** Requests to a listening app as `who`, over real sockets; answers the status and the parsed body. */
export function httpTo(base: string) {
  return async <Body = { code?: string; data?: { _id?: string } }>(who: Actor, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...who.auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as Body };
  };
}
