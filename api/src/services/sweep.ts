import { sweepHolds } from './booking-service.ts';
import { retryDueRefunds } from './payment-refunds.ts';
import type { ServiceContext } from './context.ts';

/** Where a sweep reports what it did (the server's logger). */
export interface SweepLog {
  info(fields: object, message: string): void;
}

/**
 * One pass of the background work: expires lapsed holds, then retries the refunds the
 * provider has not accepted yet. Safe to run in every API process at once (SKIP LOCKED).
 */
export async function runSweep(ctx: ServiceContext, log: SweepLog): Promise<void> {
  const expired = await sweepHolds(ctx);
  if (expired > 0) log.info({ expired }, 'expired lapsed holds');
  const refunds = await retryDueRefunds(ctx);
  if (refunds > 0) log.info({ refunds }, 'retried refunds');
}
