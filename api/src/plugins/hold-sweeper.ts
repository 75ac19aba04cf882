import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { sweepHolds } from '../services/booking-service.ts';
import { retryDueRefunds } from '../services/payment-refunds.ts';
import { isConnectionError } from '../db/retry.ts';

/**
 * Expires lapsed holds and retries refunds the provider has not accepted yet, every few
 * seconds; safe to run in every API process (SKIP LOCKED).
 */
export default fp(async function holdSweeper(app: FastifyInstance, opts: { intervalSeconds: number }) {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = sweepHolds(app.ctx)
      .then((n) => n > 0 && app.log.info({ expired: n }, 'expired lapsed holds'))
      .then(() => retryDueRefunds(app.ctx))
      .then((n) => n > 0 && app.log.info({ refunds: n }, 'retried refunds'))
      // A database outage only postpones the sweep: lapsed holds already count as free to readers.
      .catch((err) =>
        isConnectionError(err)
          ? app.log.warn(`hold sweep postponed: database unavailable (${(err as Error).message})`)
          : app.log.warn({ err }, 'hold sweep failed; will retry'),
      )
      .finally(() => (running = undefined));
  }, opts.intervalSeconds * 1000);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
});
