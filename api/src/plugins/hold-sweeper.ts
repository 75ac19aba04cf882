import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { sweepHolds } from '../services/booking-service.ts';

/** Expires lapsed holds every few seconds; safe to run in every API process (SKIP LOCKED). */
export default fp(async function holdSweeper(app: FastifyInstance, opts: { intervalSeconds: number }) {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = sweepHolds(app.ctx)
      .then((n) => n > 0 && app.log.info({ expired: n }, 'expired lapsed holds'))
      .catch((err) => app.log.warn({ err }, 'hold sweep failed; will retry'))
      .finally(() => (running = undefined));
  }, opts.intervalSeconds * 1000);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
});
