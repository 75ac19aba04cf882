import type { Executor } from '../db/database.ts';
import type { ServiceContext } from '../services/context.ts';
import { enqueueRefundCompleted, enqueueRefundFailed } from '../mail/payment-mail.ts';
import { RefundRefusedError } from './providers/provider.ts';
import * as orders from './repositories/orders.ts';
import * as refunds from './repositories/refunds.ts';

/**
 * Refunds in two steps, so no transaction ever waits on a payment provider:
 * `recordRefund` writes a pending refund inside the transaction that decides it; after commit
 * `sendRefunds` asks the provider that took the money, with our refund id as idempotency key
 * (a new one only after the provider definitely refused), and stores the outcome. A refund that is still pending or failed is retried by the sweeper
 * (`retryDueRefunds`) until the provider accepts it: money is never kept silently.
 */

// The caller sends a fresh refund at once; the sweeper leaves it alone for this long.
const SWEEPER_GRACE_MS = 60_000;
const SWEEP_BATCH = 20;

export async function recordRefund(
  trx: Executor,
  r: { orderId: string; bookingId: string | null; amountCents: number; reason: string },
  now: Date,
): Promise<string[]> {
  if (r.amountCents <= 0) return [];
  const row = await refunds.insertRefund(trx, { ...r, nextAttemptAt: new Date(now.getTime() + SWEEPER_GRACE_MS), now });
  await orders.addRefund(trx, r.orderId, r.amountCents, now);
  return [row.id];
}

/** Sends committed refunds to their providers; a failure is stored for the sweeper, not thrown. */
export async function sendRefunds(ctx: ServiceContext, ids: string[]): Promise<void> {
  for (const id of ids) {
    const refund = await refunds.claimRefund(ctx.db, id, ctx.clock());
    if (refund) await attempt(ctx, refund);
  }
}

/** One sweep: retries the refunds whose next attempt is due. Returns how many were tried. */
export async function retryDueRefunds(ctx: ServiceContext): Promise<number> {
  const due = await refunds.claimDueRefunds(ctx.db, ctx.clock(), SWEEP_BATCH);
  for (const refund of due) await attempt(ctx, refund);
  return due.length;
}

async function attempt(ctx: ServiceContext, refund: refunds.RefundToSend): Promise<void> {
  try {
    const { refundRef } = await ctx.payments.get(refund.provider).refund({
      refundId: refund.id,
      idempotencyKey: refund.refusals === 0 ? `refund-${refund.id}` : `refund-${refund.id}-retry${refund.refusals}`,
      orderId: refund.order_id,
      providerRef: refund.order_provider_ref,
      paymentRef: refund.payment_ref,
      amountCents: refund.amount_cents,
    });
    // The customer hears of it in the same transaction that records it: never for a refund not recorded, never twice.
    await ctx.db.transaction().execute(async (trx) => {
      if (await refunds.markRefundSucceeded(trx, refund.id, refundRef, ctx.clock())) await enqueueRefundCompleted(ctx, trx, refund.id);
    });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await ctx.db.transaction().execute(async (trx) => {
      if (await refunds.markRefundFailed(trx, refund.id, message, err instanceof RefundRefusedError, ctx.clock())) await enqueueRefundFailed(ctx, trx, refund.id);
    });
  }
}
