import type Stripe from 'stripe';
import { formatCents, paymentMismatch } from '@courtside/domain';
import type { OrderRow } from '@courtside/migrations';
import type { Executor } from '../db/database.ts';
import { retryTransaction } from '../db/retry.ts';
import * as bookings from '../repositories/bookings.ts';
import { enqueuePaymentFlagged } from '../mail/payment-mail.ts';
import type { ServiceContext } from '../shared/context.ts';
import { sendRefunds } from './refunds.ts';
import * as orders from './repositories/orders.ts';
import * as refunds from './repositories/refunds.ts';
import { settlePayment } from './settlement.ts';

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored' | 'refused';

export interface WebhookResult {
  outcome: WebhookOutcome;
  /** Why a session naming one of our orders did not settle it: for the log (and, when it took money, the order's flag). */
  refusal?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === 'string' ? ref : ref?.id);

/**
 * The orders a Checkout Session event is about. `own`: the order this session was opened for
 * (its provider reference), the only one the session may settle or release. `named`: an order
 * the session merely names (metadata, or `client_reference_id`, which a Payment Link's buyer
 * writes), when it is not its own: such a session is someone else's checkout.
 */
async function sessionOrders(trx: Executor, session: Stripe.Checkout.Session): Promise<{ own?: OrderRow; named?: OrderRow }> {
  const own = await orders.lockOrderByCheckout(trx, 'stripe', session.id);
  if (own) return { own };
  const namedId = session.metadata?.order_id ?? session.client_reference_id ?? undefined;
  const named = namedId && UUID.test(namedId) ? await orders.lockOrder(trx, namedId) : undefined;
  return { named: named?.provider === 'stripe' ? named : undefined };
}

/** The order whose payment a charge event is about: only the PaymentIntent an order's own session paid. */
async function chargeOrder(trx: Executor, charge: Stripe.Charge): Promise<OrderRow | undefined> {
  const intent = idOf(charge.payment_intent);
  const order = intent ? await orders.findOrderByPaymentRef(trx, 'stripe', intent) : undefined;
  return order ? orders.lockOrder(trx, order.id) : undefined;
}

const isSessionEvent = (event: Stripe.Event): event is Stripe.Event & { data: { object: Stripe.Checkout.Session } } => event.type.startsWith('checkout.session.');

/**
 * Applies one verified Stripe event exactly once: it is stored by event id in the same
 * transaction that applies it, so a redelivery (or a concurrent duplicate, which waits on the
 * first one's row) changes nothing. Stripe sends every event of the account, so events about
 * orders we do not know, and event types we do not use, are recorded and acknowledged so Stripe
 * stops resending them; a session that names an order it was not opened for, or reports another
 * amount or currency, settles nothing and is refused (flagged for staff when it took money).
 */
export async function applyStripeEvent(ctx: ServiceContext, event: Stripe.Event): Promise<WebhookResult> {
  const now = ctx.clock();
  // Rolled back whole and run again after a deadlock (40P01) with a concurrent cancellation.
  const { result, refundIds } = await retryTransaction(() => ctx.db.transaction().execute(async (trx) => {
    const { own, named } = isSessionEvent(event) ? await sessionOrders(trx, event.data.object) : { own: event.type === 'charge.refunded' ? await chargeOrder(trx, event.data.object as Stripe.Charge) : undefined };
    if (!(await orders.recordPaymentEvent(trx, { provider: 'stripe', eventId: event.id, type: event.type, orderId: own?.id ?? null }))) {
      return { result: { outcome: 'duplicate' as const }, refundIds: [] };
    }
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object;
        const order = own ?? named;
        // A delayed method (bank debit) completes unpaid; its async_payment_succeeded event pays.
        if (!order || session.payment_status !== 'paid') return { result: { outcome: 'ignored' as const }, refundIds: [] };
        const refusal = paymentMismatch(
          { checkoutRef: order.provider_ref, amountCents: order.amount_cents },
          { checkoutRef: session.id, amountCents: session.amount_total ?? 0, currency: session.currency ?? '' },
          ctx.config.money,
        );
        if (refusal) {
          if ((session.amount_total ?? 0) > 0) await flagOrder(ctx, trx, order, refusal, now);
          return { result: { outcome: 'refused' as const, refusal: `Stripe ${event.type} ${event.id} for order ${order.id}: ${refusal}` }, refundIds: [] };
        }
        const settled = await settlePayment(ctx, trx, order, { provider: 'stripe', paymentRef: idOf(session.payment_intent) }, now);
        return { result: { outcome: 'applied' as const }, refundIds: settled.refundIds };
      }
      case 'checkout.session.expired':
        if (!own) return { result: { outcome: 'ignored' as const }, refundIds: [] };
        await releaseCheckout(trx, own, now);
        return { result: { outcome: 'applied' as const }, refundIds: [] };
      case 'charge.refunded':
        if (!own) return { result: { outcome: 'ignored' as const }, refundIds: [] };
        await markChargeRefunded(ctx, trx, own, event.data.object, now);
        return { result: { outcome: 'applied' as const }, refundIds: [] };
      default:
        return { result: { outcome: 'ignored' as const }, refundIds: [] };
    }
  }));
  await sendRefunds(ctx, refundIds);
  return result;
}

/** Adds `note` to the order's flag (reopening it for staff) and tells staff, in the same transaction. */
async function flagOrder(ctx: ServiceContext, trx: Executor, order: OrderRow, note: string, now: Date): Promise<void> {
  await orders.markOrder(trx, order.id, { flagReason: order.flag_reason ? `${order.flag_reason} ${note}` : note }, now);
  await enqueuePaymentFlagged(ctx, trx, order.id, note);
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
  await flagOrder(ctx, trx, order, `Refunded ${formatCents(outside, ctx.config.money)} in the Stripe dashboard; its bookings were left as they were.`, now);
}
