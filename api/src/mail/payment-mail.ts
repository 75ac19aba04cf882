import { createHash } from 'node:crypto';
import { refundVia } from '@courtside/domain';
import type { Executor } from '../db/database.ts';
import { findBookingForMail, findOrderCustomer, findRefundForMail, type RefundForMail } from '../repositories/booking-mail.ts';
import type { ServiceContext } from '../shared/context.ts';
import { factsOf } from './booking-mail.ts';
import { enqueueRendered } from './outbox.ts';
import { enqueueStaffNotice } from './staff.ts';

type MailContext = Pick<ServiceContext, 'config' | 'clock'>;

const refundFacts = (r: RefundForMail) => ({ cents: r.amount_cents, via: refundVia(r.provider), facility: { name: r.facility_name, location: r.facility_location } });

/** Queues "refund sent" to the customer, in the transaction that records the provider's success (or staff handing desk money back); once per refund. */
export async function enqueueRefundCompleted(ctx: MailContext, trx: Executor, refundId: string): Promise<void> {
  const r = await findRefundForMail(trx, refundId);
  if (!r) return;
  const booking = r.booking_id ? await findBookingForMail(trx, r.booking_id) : undefined;
  await enqueueRendered(ctx, trx, 'refund_completed', r.user_email, (t, l) => t.refundCompleted(l, r.user_name, refundFacts(r), booking && factsOf(booking)), {
    dedupeKey: `refund-completed:${r.id}`,
  });
}

/**
 * Tells staff a refund was not accepted, in the transaction that records the failure; once per
 * refund (the sweeper keeps retrying it, and a notice per retry would only be noise).
 */
export async function enqueueRefundFailed(ctx: MailContext, trx: Executor, refundId: string): Promise<void> {
  const r = await findRefundForMail(trx, refundId);
  if (!r) return;
  const customer = { name: r.user_name, email: r.user_email };
  await enqueueStaffNotice(ctx, trx, 'refund_failed', (t, l) => t.refundFailed(l, customer, r.amount_cents, r.order_id, r.last_error ?? 'no reason given'), `refund-failed:${r.id}`);
}

/** Tells staff there is desk money to hand back, in the transaction that records the refund; once per refund. */
export async function enqueueRefundToCollect(ctx: MailContext, trx: Executor, refundId: string): Promise<void> {
  const r = await findRefundForMail(trx, refundId);
  if (!r) return;
  const customer = { name: r.user_name, email: r.user_email };
  await enqueueStaffNotice(ctx, trx, 'refund_to_collect', (t, l) => t.refundToCollect(l, customer, refundFacts(r), r.order_id), `refund-to-collect:${r.id}`);
}

/**
 * Tells staff an order was flagged for them, in the transaction that flags it; once per order
 * and reason, however many events flag it for the same thing (the order shows them all).
 */
export async function enqueuePaymentFlagged(ctx: MailContext, trx: Executor, orderId: string, reason: string): Promise<void> {
  const customer = await findOrderCustomer(trx, orderId);
  if (!customer) return;
  const reasonKey = createHash('sha256').update(reason).digest('hex').slice(0, 32);
  await enqueueStaffNotice(ctx, trx, 'payment_flagged', (t, l) => t.paymentFlagged(l, customer, orderId, reason), `payment-flagged:${orderId}:${reasonKey}`);
}

/** Queues "payment received" for a moved booking's balance collected at the desk, in the transaction that records it; once per order. */
export async function enqueueBalanceCollected(ctx: MailContext, trx: Executor, bookingId: string, orderId: string, collectedCents: number): Promise<void> {
  const b = await findBookingForMail(trx, bookingId);
  if (!b) return;
  await enqueueRendered(ctx, trx, 'balance_collected', b.user_email, (t, l) => t.balanceCollected(l, factsOf(b), collectedCents, b.payable_cents), {
    dedupeKey: `balance-collected:${orderId}`,
  });
}
