import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { runSweep } from '../services/sweep.ts';
import { nextOfferLapse } from '../services/waitlist-offers.ts';
import { cachesOf } from '../services/caches.ts';
import { sendDueMail } from '../mail/sender.ts';
import { sendDueWebhooks } from '../webhooks/sender.ts';
import { isConnectionError } from '../db/retry.ts';

/** One pass at a time; a request for another while one runs is remembered and run after it. */
function singleFlight(pass: () => Promise<unknown>, onError: (err: unknown) => void) {
  let running: Promise<void> | undefined;
  let again = false;
  const run = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = pass()
      .then(() => undefined, onError)
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          run();
        }
      });
  };
  return { run, settled: () => running };
}

/**
 * The API process's background work: two jobs, each one pass at a time.
 * - `sweep` (services/sweep.ts), every SWEEP_INTERVAL_SECONDS: expires lapsed holds, retries the
 *   refunds providers have not accepted yet, and sends due mail (queuing due reminders first).
 * - and, every few seconds, a look at when the next waitlist offer lapses, to sweep at that moment.
 * - `sendQueuedMail` (mail/sender.ts), as soon as a transaction that queued mail commits: the
 *   outbox announces it on the change feed (`mail:queued`), so a customer's reset link does not
 *   wait for the next sweep.
 * - `sendQueuedWebhooks` (webhooks/sender.ts), likewise on `webhooks:queued`: a door controller
 *   hears of a booking right after its commit.
 */
export default fp(async function sweeper(app: FastifyInstance, opts: { intervalSeconds: number }) {
  const postponed = (job: string) => (err: unknown) =>
    // A database outage only postpones the work: lapsed holds already count as free to readers, mail stays queued.
    isConnectionError(err)
      ? app.log.warn(`${job} postponed: database unavailable (${(err as Error).message})`)
      : app.log.warn({ err }, `${job} failed; will retry`);
  const sweep = singleFlight(() => runSweep(app.ctx, app.log), postponed('sweep (holds, refunds, mail)'));
  const sendQueuedMail = singleFlight(() => sendDueMail(app.ctx), postponed('sending queued mail'));
  const sendQueuedWebhooks = singleFlight(() => sendDueWebhooks(app.ctx), postponed('sending queued webhooks'));

  const timer = setInterval(sweep.run, opts.intervalSeconds * 1000);
  timer.unref();
  // A waitlist offer that lapses passes to the next in line then, not at the next round.
  let lapseTimer: NodeJS.Timeout | undefined;
  const watchNextLapse = () =>
    nextOfferLapse(app.ctx).then((at) => {
      clearTimeout(lapseTimer);
      if (!at) return;
      const wait = Math.max(0, at.getTime() - app.ctx.clock().getTime()) + 50;
      if (wait > opts.intervalSeconds * 1000) return;
      lapseTimer = setTimeout(sweep.run, wait);
      lapseTimer.unref();
    }, postponed('watching waitlist offers'));
  const lapseWatch = setInterval(watchNextLapse, Math.min(opts.intervalSeconds, 5) * 1000);
  lapseWatch.unref();
  const unsubscribe = cachesOf(app.ctx).feed?.subscribe({
    changed: (kind) => {
      if (kind === 'mail') sendQueuedMail.run();
      if (kind === 'webhooks') sendQueuedWebhooks.run();
    },
    reset: () => {},
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    clearInterval(lapseWatch);
    clearTimeout(lapseTimer);
    unsubscribe?.();
    await Promise.all([sweep.settled(), sendQueuedMail.settled(), sendQueuedWebhooks.settled()]);
  });
});
