import { RateLimited } from '@courtside/domain';
import type { Executor } from '../db/database.ts';
import { clearBucket, hitBucket, passGate, releaseHit } from '../repositories/throttle.ts';

export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

const tooMany = (retryAfterMs: number, message: string) => new RateLimited(message, Math.max(1, Math.ceil(retryAfterMs / 1000)));

/** Counts a hit and answers whether it is still within the limit (the caller decides what being over means). */
export async function reserve(db: Executor, limit: Limit, now: Date): Promise<boolean> {
  const b = await hitBucket(db, limit.key, limit.windowMs, now);
  return b.hits <= limit.max;
}

/** Counts a hit and refuses once over the limit (for actions that are limited whether they succeed or not). */
export async function consume(db: Executor, limit: Limit, now: Date, message: string): Promise<void> {
  const b = await hitBucket(db, limit.key, limit.windowMs, now);
  if (b.hits > limit.max) throw tooMany(b.window_ends_at.getTime() - now.getTime(), message);
}

/**
 * One attempt through a progressive gate (see passGate), or 429 with the time it opens next.
 * For a resource under attack that must stay reachable: slowed, never locked.
 */
export async function throughGate(db: Executor, key: string, now: Date, opts: { maxDelayMs: number; forgetMs: number }, message: string): Promise<void> {
  const gate = await passGate(db, key, now, opts.maxDelayMs, opts.forgetMs);
  if (!gate.passed) throw tooMany(gate.opensAt.getTime() - now.getTime(), message);
}

export { clearBucket, releaseHit };
