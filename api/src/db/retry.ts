/**
 * SQLSTATEs after which PostgreSQL has rolled the transaction back and running it again is
 * the documented remedy: deadlock_detected and serialization_failure. Two bookings inserted
 * at the same moment over overlapping times each wait for the other in the exclusion
 * constraint check; PostgreSQL breaks that deadlock by failing one of them with 40P01.
 */
const RETRYABLE = new Set(['40P01', '40001']);

export const isRetryable = (err: unknown) => RETRYABLE.has((err as { code?: string } | null)?.code ?? '');

/**
 * Runs a whole transaction again when the database aborted it for a retryable reason.
 * `run` must start its own transaction and have no side effects outside the database.
 * On the next attempt the conflict usually shows as what it is (23P01, a 409).
 */
export async function retryTransaction<T>(run: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= attempts || !isRetryable(err)) throw err;
      // A little jitter so the same transactions do not collide again in lockstep.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
}

/**
 * Errors that mean the connection to PostgreSQL is gone or not there yet (server restarting,
 * connection terminated, refused) rather than anything about the statement: SQLSTATE class 08,
 * 57P01-57P03, socket errors, and the driver's own words for a dead connection.
 */
export function isConnectionError(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  if (code.startsWith('08') || ['57P01', '57P02', '57P03'].includes(code)) return true;
  if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH'].includes(code)) return true;
  const message = typeof e?.message === 'string' ? e.message : '';
  return /Connection terminated|not queryable|Client was closed|timeout exceeded when trying to connect/i.test(message);
}
