import type { Executor } from '../db/database.ts';

/** Fixed-window counters kept in the database, so every API process sees the same count. */
export async function readBuckets(db: Executor, keys: string[], now: Date) {
  return db
    .selectFrom('throttle_buckets')
    .select(['key', 'hits', 'window_ends_at'])
    .where('key', 'in', keys)
    .where('window_ends_at', '>', now)
    .execute();
}

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
