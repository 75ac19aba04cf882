import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { runSweep } from '../services/sweep.ts';
import { isConnectionError } from '../db/retry.ts';

/** Runs the sweep (services/sweep.ts) every few seconds, one pass at a time. */
export default fp(async function holdSweeper(app: FastifyInstance, opts: { intervalSeconds: number }) {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = runSweep(app.ctx, app.log)
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
