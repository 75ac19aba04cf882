import type Stripe from 'stripe';
import { formatCents } from '@courtside/domain';
import type { OrderRow } from '@courtside/migrations';
import type { Executor } from '../db/database.ts';
import { retryTransaction } from '../db/retry.ts';
import * as bookings from '../repositories/bookings.ts';
import { enqueuePaymentFlagged } from '../mail/payment-mail.ts';
import type { ServiceContext } from '../services/context.ts';
import { sendRefunds } from './refunds.ts';
import * as orders from './repositories/orders.ts';
import * as refunds from './repositories/refunds.ts';
import { settlePayment } from './settlement.ts';

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === 'string' ? ref : ref?.id);

/** Which of our orders an event is about: the metadata we put on the session, else the PaymentIntent it paid. */
async function findEventOrder(trx: Executor, event: Stripe.Event): Promise<OrderRow | undefined> {
  const object = event.data.object as { metadata?: Record<string, string> | null; client_reference_id?: string | null; payment_intent?: string | { id: string } | null };
  const orderId = object.metadata?.order_id ?? object.client_reference_id ?? undefined;
  if (orderId && UUID.test(orderId)) return orders.lockOrder(trx, orderId);
  const intent = idOf(object.payment_intent);
  const order = intent ? await orders.findOrderByPaymentRef(trx, 'stripe', intent) : undefined;
  return order ? orders.lockOrder(trx, order.id) : undefined;
}

/**
 * Applies one verified Stripe event exactly once: it is stored by event id in the same
 * transaction that applies it, so a redelivery (or a concurrent duplicate, which waits on the
 * first one's row) changes nothing. Events about orders we do not know, and event types we do
 * not use, are recorded and acknowledged so Stripe stops resending them.
 */
export async function applyStripeEvent(ctx: ServiceContext, event: Stripe.Event): Promise<WebhookOutcome> {
  const now = ctx.clock();
  // Rolled back whole and run again after a deadlock (40P01) with a concurrent cancellation.
  const { outcome, refundIds } = await retryTransaction(() => ctx.db.transaction().execute(async (trx) => {
    const found = await findEventOrder(trx, event);
    const order = found?.provider === 'stripe' ? found : undefined;
    if (!(await orders.recordPaymentEvent(trx, { provider: 'stripe', eventId: event.id, type: event.type, orderId: order?.id ?? null }))) {
      return { outcome: 'duplicate' as const, refundIds: [] };
    }
    if (!order) return { outcome: 'ignored' as const, refundIds: [] };
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object;
        // A delayed method (bank debit) completes unpaid; its async_payment_succeeded event pays.
        if (session.payment_status !== 'paid') return { outcome: 'ignored' as const, refundIds: [] };
        const settled = await settlePayment(ctx, trx, order, { provider: 'stripe', paymentRef: idOf(session.payment_intent) }, now);
        return { outcome: 'applied' as const, refundIds: settled.refundIds };
      }
      case 'checkout.session.expired':
        await releaseCheckout(trx, order, now);
        return { outcome: 'applied' as const, refundIds: [] };
      case 'charge.refunded':
        await markChargeRefunded(ctx, trx, order, event.data.object, now);
        return { outcome: 'applied' as const, refundIds: [] };
      default:
        return { outcome: 'ignored' as const, refundIds: [] };
    }
  }));
  await sendRefunds(ctx, refundIds);
  return outcome;
}

/** The hosted page closed unpaid: the order is cancelled and its holds released. A paid order stays paid. */
async function releaseCheckout(trx: Executor, order: OrderRow, now: Date): Promise<void> {
  if (order.status !== 'pending') return;
  await orders.markOrder(trx, order.id, { status: 'cancelled' }, now);
  await bookings.releaseHolds(trx, order.id, now);
}

/**
 * Stripe reports money back on the charge. Refunds we asked for are ours already (pending
 * ones may be reported before we stored their outcome); any amount beyond them was refunded
 * in the Stripe dashboard, so it is recorded and the order flagged for staff.
 */
async function markChargeRefunded(ctx: ServiceContext, trx: Executor, order: OrderRow, charge: Stripe.Charge, now: Date): Promise<void> {
  if (charge.amount_refunded >= order.amount_cents) await refunds.markOrderRefundsSucceeded(trx, order.id, now);
  const outside = Math.min(charge.amount_refunded, order.amount_cents) - order.refunded_cents;
  if (outside <= 0) return;
  await refunds.insertRefund(trx, { orderId: order.id, bookingId: null, amountCents: outside, reason: 'refunded in the Stripe dashboard', status: 'succeeded', nextAttemptAt: now, now });
  await orders.addRefund(trx, order.id, outside, now);
  if (order.refunded_cents + outside >= order.amount_cents) {
    for (const id of await orders.bookingIdsPaidBy(trx, order.id)) await bookings.markRefundedWithoutConfirming(trx, id, now);
  }
  const note = `Refunded ${formatCents(outside, ctx.config.money)} in the Stripe dashboard; its bookings were left as they were.`;
  await orders.markOrder(trx, order.id, { flagReason: order.flag_reason ? `${order.flag_reason} ${note}` : note }, now);
  await enqueuePaymentFlagged(ctx, trx, order.id, note);
}
