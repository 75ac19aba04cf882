import { sql } from 'kysely';
import type { Executor } from '../db/database.ts';

/** Fixed-window counters kept in the database, so every API process sees the same count. */
export async function hitBucket(db: Executor, key: string, windowMs: number, now: Date) {
  const end = new Date(now.getTime() + windowMs);
  return db
    .insertInto('throttle_buckets')
    .values({ key, hits: 1, window_ends_at: end })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        hits: eb.case().when('throttle_buckets.window_ends_at', '<=', now).then(1).else(eb('throttle_buckets.hits', '+', 1)).end(),
        window_ends_at: eb.case().when('throttle_buckets.window_ends_at', '<=', now).then(end).else(eb.ref('throttle_buckets.window_ends_at')).end(),
      })),
    )
    .returning(['hits', 'window_ends_at'])
    .executeTakeFirstOrThrow();
}

export async function clearBucket(db: Executor, key: string): Promise<void> {
  await db.deleteFrom('throttle_buckets').where('key', '=', key).execute();
}

/** Gives back one reserved hit (the attempt it stood for succeeded). */
export async function releaseHit(db: Executor, key: string): Promise<void> {
  await db.updateTable('throttle_buckets').set((eb) => ({ hits: eb('hits', '-', 1) })).where('key', '=', key).where('hits', '>', 0).execute();
}

/**
 * A gate that lets one attempt through, then stays shut for a delay that doubles with each
 * pass (1 s, 2 s, 4 s ... up to `maxDelayMs`); passes older than `forgetMs` start it afresh.
 * Taken atomically: of concurrent callers exactly one passes. Returns when it opens next if shut.
 */
export async function passGate(db: Executor, key: string, now: Date, maxDelayMs: number, forgetMs: number): Promise<{ passed: true } | { passed: false; opensAt: Date }> {
  const stale = new Date(now.getTime() - forgetMs);
  const passes = sql<number>`CASE WHEN throttle_buckets.window_ends_at <= ${stale} THEN 1 ELSE throttle_buckets.hits + 1 END`;
  const passed = await db
    .insertInto('throttle_buckets')
    .values({ key, hits: 1, window_ends_at: new Date(now.getTime() + 1000) })
    .onConflict((oc) =>
      oc.column('key')
        .doUpdateSet({
          hits: passes,
          window_ends_at: sql`${now}::timestamptz + least(power(2, ${passes} - 1) * 1000, ${maxDelayMs}) * interval '1 millisecond'`,
        })
        .where('throttle_buckets.window_ends_at', '<=', now),
    )
    .returning('hits')
    .executeTakeFirst();
  if (passed) return { passed: true };
  const shut = await db.selectFrom('throttle_buckets').select('window_ends_at').where('key', '=', key).executeTakeFirst();
  return { passed: false, opensAt: shut?.window_ends_at ?? now };
}
