import {
  DomainError,
  chargedForBooking,
  isCheckoutOpen,
  isLateBeforeConfirming,
  isSettled,
  planLateRefunds,
  type LateRefundPlan,
  type SettlingBooking,
} from '@courtside/domain';
import type { OrderRow } from '@courtside/migrations';
import type { Executor } from '../db/database.ts';
import { retryTransaction } from '../db/retry.ts';
import * as bookings from '../repositories/bookings.ts';
import { tryInSavepoint } from '../repositories/transactions.ts';
import type { ServiceContext } from '../shared/context.ts';
import { enqueueBookingConfirmed } from '../mail/booking-mail.ts';
import { enqueuePaymentFlagged } from '../mail/payment-mail.ts';
import { recordRefund, sendRefunds } from './refunds.ts';
import * as promoCodes from '../repositories/promo-codes.ts';
import * as orders from './repositories/orders.ts';
import { openShares, settleSharePayment } from './split/settle.ts';
import { settleCreditOrder } from './credit-orders.ts';

/** 'refunded': a player's share payment that came too late (the share was paid meanwhile) and goes back whole. */
export type PaymentOutcome = 'duplicate' | 'already-settled' | 'confirmed' | 'flagged' | 'refunded';

export const orderNotFound = () => new DomainError('not_found', 'ORDER_NOT_FOUND', 'Order not found.');

/**
 * An order as the hosted page of `provider` may see it: an order another provider serves does
 * not exist there, so no page can take money (or cancel) for an order it does not own.
 */
export async function orderServedBy(db: Executor, orderId: string, provider: string, lock = false): Promise<OrderRow> {
  const order = lock ? await orders.lockOrder(db, orderId) : await orders.findOrder(db, orderId);
  if (!order || order.provider !== provider) throw orderNotFound();
  return order;
}

const checkoutClosed = () =>
  new DomainError('conflict', 'CHECKOUT_CLOSED', 'This payment page has expired or was closed, and nothing was charged. Please book again.');

/**
 * Applies a provider's "paid" event exactly once; refunds it decides go out after commit.
 * `beforeCharging`: the event comes from a page that has not taken the money yet (the
 * sandbox's Pay button), so a checkout that has closed refuses it instead of refunding it.
 */
export async function applyPayment(
  ctx: ServiceContext,
  e: { provider: string; eventId: string; orderId: string; beforeCharging?: boolean },
): Promise<PaymentOutcome> {
  const now = ctx.clock();
  // A customer cancelling a booking of this order at the same moment can deadlock with it (40P01): run again.
  const { outcome, refundIds } = await retryTransaction(() => ctx.db.transaction().execute(async (trx) => {
    const order = await orderServedBy(trx, e.orderId, e.provider, true);
    if (e.beforeCharging && !isSettled(order) && !isCheckoutOpen(await orders.checkoutWindow(trx, order), now)) throw checkoutClosed();
    if (!(await orders.recordPaymentEvent(trx, { provider: e.provider, eventId: e.eventId, type: 'payment.succeeded', orderId: order.id }))) {
      return { outcome: 'duplicate' as const, refundIds: [] };
    }
    return settlePayment(ctx, trx, order, { provider: e.provider }, now);
  }));
  await sendRefunds(ctx, refundIds);
  return outcome;
}

/**
 * Books a payment on a locked order whose event was just recorded. Only the provider that
 * serves the order can pay it (checked here, once, for every provider). The domain says which
 * bookings the money is too late for; each other booking is confirmed if its slot is free of
 * live bookings (lapsed holds are expired first), else it is late too — the exclusion
 * constraint makes a double booking impossible. Late bookings are refunded and the order
 * flagged for staff. The customer's confirmations and the staff notice are queued in the same
 * transaction. Returns the refunds to send once the transaction commits.
 */
export async function settlePayment(
  ctx: Pick<ServiceContext, 'config' | 'clock'>,
  trx: Executor,
  order: OrderRow,
  payment: { provider: string; paymentRef?: string },
  now: Date,
): Promise<{ outcome: PaymentOutcome; refundIds: string[] }> {
  if (order.provider !== payment.provider) throw orderNotFound();
  if (isSettled(order)) return { outcome: 'already-settled', refundIds: [] };
  if (order.kind === 'share') return settleSharePayment(ctx, trx, order, payment, now);
  if (order.kind === 'top_up' || order.kind === 'voucher') return settleCreditOrder(ctx, trx, order, payment, now);
  // What the order holds: the card's money and the credit it spent that has not gone back (a cancelled order returned it).
  const paid = { status: order.status, amountCents: order.amount_cents + order.wallet_cents - order.wallet_refunded_cents };
  await orders.markOrder(trx, order.id, { status: 'paid', paidAt: now, paymentRef: payment.paymentRef }, now);
  const rows = await settlingBookings(trx, order.id);
  const code = order.promo_code_id ? await promoCodes.codeOf(trx, order.promo_code_id) : undefined;
  const late = new Set<string>();
  for (const row of rows) {
    if (isLateBeforeConfirming(paid, row, now) || !(await confirmIfFree(trx, order.id, row, now))) {
      late.add(row.id);
      continue;
    }
    if (row.shares) await openShares(ctx, trx, order, row, now);
    await enqueueBookingConfirmed(ctx, trx, row.id, row.payableCents, 0, code && row.discountCents > 0 ? { code, cents: row.discountCents } : undefined);
  }
  const plan = planLateRefunds(paid, rows, late, now);
  if (!plan) return { outcome: 'confirmed', refundIds: [] };
  const refundIds = await recordLateRefunds(ctx, trx, order, plan, now);
  await orders.markOrder(trx, order.id, { flagReason: plan.flagReason }, now);
  await enqueuePaymentFlagged(ctx, trx, order.id, plan.flagReason);
  return { outcome: 'flagged', refundIds };
}

/**
 * The order's bookings, locked, as the domain's settlement rules see them: each costs what this
 * order charges for it (its price less its share of a promo code's discount, or on a split order
 * the organizer's share of that, one of `shares`).
 */
export type SettlingRow = SettlingBooking & { facilityId: string; endsAt: Date; discountCents: number; priceCents: number; shares: number | null; createdAt: Date };

async function settlingBookings(trx: Executor, orderId: string): Promise<SettlingRow[]> {
  const charges = await orders.chargesOfOrder(trx, orderId);
  const ids = [...charges.keys()];
  const rows = await bookings.lockBookings(trx, ids);
  const closedFacility = new Set((await bookings.findBookingsViews(trx, ids)).filter((v) => v.facility_deleted).map((v) => v.id));
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    paymentStatus: r.payment_status,
    startsAt: r.starts_at,
    endsAt: r.ends_at,
    facilityId: r.facility_id,
    payableCents: charges.get(r.id)!.amountCents ?? chargedForBooking(r.payable_cents, charges.get(r.id)!.discountCents),
    discountCents: charges.get(r.id)!.discountCents,
    priceCents: chargedForBooking(r.payable_cents, charges.get(r.id)!.discountCents),
    shares: charges.get(r.id)!.shares,
    createdAt: r.created_at,
    facilityDeleted: closedFacility.has(r.id),
  }));
}

/**
 * Confirms a paid booking unless its slot went to someone else meanwhile (23P01) or was closed
 * after its hold lapsed (CSH02: a closure on its facility or a linked one): false then, so the
 * money goes back like any late payment's instead of failing the provider's event.
 */
async function confirmIfFree(trx: Executor, orderId: string, b: { id: string; facilityId: string; startsAt: Date; endsAt: Date }, now: Date): Promise<boolean> {
  // A lapsed hold no longer owns its slot, swept or not: the paid booking takes precedence over it.
  await bookings.expireLapsedOverlapping(trx, b.facilityId, { startsAt: b.startsAt, endsAt: b.endsAt }, now, { exceptId: b.id });
  const failure = await tryInSavepoint(trx, 'confirm_booking', () => bookings.confirmPaid(trx, b.id, now));
  if (failure === undefined) {
    await orders.markBookingPaidBy(trx, orderId, b.id, now);
    return true;
  }
  if (!['23P01', 'CSH02'].includes((failure as { code?: string }).code ?? '')) throw failure;
  return false;
}

/** Records the planned refunds; money for a booking it did not buy is recorded on the booking, which then reads refunded. */
async function recordLateRefunds(ctx: Pick<ServiceContext, 'config' | 'clock'>, trx: Executor, order: OrderRow, plan: LateRefundPlan, now: Date): Promise<string[]> {
  const refundIds: string[] = [];
  for (const { bookingId, amountCents } of plan.refunds) {
    refundIds.push(...(await recordRefund(ctx, trx, { orderId: order.id, provider: order.provider, bookingId, amountCents, reason: plan.reason }, now)));
    if (bookingId !== null) await bookings.markRefundedWithoutConfirming(trx, bookingId, now);
  }
  return refundIds;
}
