import { sweepHolds } from './booking-service.ts';
import { retryDueRefunds } from '../payments/refunds.ts';
import { coverDueShares } from '../payments/split/cover.ts';
import type { ServiceContext } from '../shared/context.ts';
import { deliverMail } from '../mail/sender.ts';
import { sweepWaitlist } from './waitlist-offers.ts';
import { sweepNoShows } from './attendance-service.ts';
import { deliverWebhooks } from '../webhooks/sender.ts';
import { sweepWallets } from './wallet-sweep.ts';

/** Where a sweep reports what it did (the server's logger). */
export interface SweepLog {
  info(fields: object, message: string): void;
}

/**
 * One pass of the background work: expires lapsed holds, hands time they freed to the waitlist
 * (and expires entries whose time has come), charges shares still unpaid at their due time to the organizers, marks no-shows (and blocks customers who reach the limit), returns the credit of lapsed checkouts and expires bonus credit (telling customers a week ahead), retries the refunds the provider has not accepted yet, then sends the outbox's due mail (queuing due reminders first) and the due webhook deliveries.
 * Safe to run in every API process at once (SKIP LOCKED).
 */
export async function runSweep(ctx: ServiceContext, log: SweepLog): Promise<void> {
  const expired = await sweepHolds(ctx);
  if (expired > 0) log.info({ expired }, 'expired lapsed holds');
  const waitlist = await sweepWaitlist(ctx);
  if (waitlist.expired > 0 || waitlist.offered > 0) log.info(waitlist, 'waitlist: entries expired, freed time offered');
  const cover = await coverDueShares(ctx);
  if (cover.covered > 0 || cover.retried > 0) log.info(cover, 'split payments: unpaid shares charged to organizers');
  const noShows = await sweepNoShows(ctx);
  if (noShows.marked > 0) log.info(noShows, 'no-shows marked, customers blocked');
  const credit = await sweepWallets(ctx);
  if (Object.values(credit).some((n) => n > 0)) log.info(credit, 'wallets: lapsed checkouts returned credit, bonus credit expired, customers told');
  const refunds = await retryDueRefunds(ctx);
  if (refunds > 0) log.info({ refunds }, 'retried refunds');
  const mail = await deliverMail(ctx);
  if (Object.values(mail).some((n) => n > 0)) log.info(mail, 'mail outbox');
  const webhooks = await deliverWebhooks(ctx);
  if (Object.values(webhooks).some((n) => n > 0)) log.info(webhooks, 'webhooks');
}
