import { DomainError } from '@courtside/domain';
import type { Executor } from '../db/database.ts';
import { clearBucket, hitBucket, readBuckets } from '../repositories/throttle.ts';

export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

function tooMany(retryAfterMs: number, message: string): DomainError {
  const err = new DomainError('rate_limited', 'TOO_MANY_REQUESTS', message) as DomainError & { retryAfter: number };
  err.retryAfter = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return err;
}

/** Refuses when any of the limits is already used up (429 with Retry-After). */
export async function assertUnderLimits(db: Executor, limits: Limit[], now: Date, message: string): Promise<void> {
  const buckets = await readBuckets(db, limits.map((l) => l.key), now);
  for (const b of buckets) {
    const limit = limits.find((l) => l.key === b.key)!;
    if (b.hits >= limit.max) throw tooMany(b.window_ends_at.getTime() - now.getTime(), message);
  }
}

export async function countHit(db: Executor, limits: Limit[], now: Date): Promise<void> {
  for (const l of limits) await hitBucket(db, l.key, l.windowMs, now);
}

/** Counts a hit and refuses once over the limit (for actions that are limited whether they succeed or not). */
export async function consume(db: Executor, limit: Limit, now: Date, message: string): Promise<void> {
  const b = await hitBucket(db, limit.key, limit.windowMs, now);
  if (b.hits > limit.max) throw tooMany(b.window_ends_at.getTime() - now.getTime(), message);
}

export { clearBucket };
