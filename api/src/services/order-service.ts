import { DomainError, centsToDollars, dollarsToCents, hasStarted, isCheckoutOpen, isHoldLapsed, type OrderStatusDto } from '@courtside/domain';
import type { OrderRow } from '@courtside/migrations';
import type { Executor } from '../db/database.ts';
import { retryTransaction } from '../db/retry.ts';
import * as bookings from '../repositories/bookings.ts';
import * as orders from '../repositories/orders.ts';
import { tryInSavepoint } from '../repositories/transactions.ts';
import type { Checkout } from '../payments/provider.ts';
import type { CurrentUser, ServiceContext } from './context.ts';
import { getPayment } from './payment-admin.ts';
import { recordRefund, sendRefunds } from './payment-refunds.ts';
import { toBookingDto } from './presenters.ts';

export interface CheckoutRequest {
  totalPayableAmount: number;
  bookingIds: { bookingId: string }[];
}

const orderNotFound = () => new DomainError('not_found', 'ORDER_NOT_FOUND', 'Order not found.');

/**
 * Opens a checkout for the caller's own unpaid holds. The client's total must equal ours:
 * a disagreement means the client shows a stale or tampered price, so nothing is charged.
 * The provider is called between two short transactions, never inside one.
 */
export async function createOrder(ctx: ServiceContext, user: CurrentUser, req: CheckoutRequest) {
  const ids = [...new Set(req.bookingIds.map((b) => b.bookingId))];
  if (ids.length === 0) throw new DomainError('invalid', 'NO_BOOKINGS', 'bookingIds must list at least one booking.', 'bookingIds');
  const totalCents = dollarsToCents(req.totalPayableAmount, 'totalPayableAmount');
  const now = ctx.clock();
  const provider = ctx.payments.checkout;
  const { order, lines, holdExpiresAt } = await ctx.db.transaction().execute(async (trx) => {
    const rows = await bookings.lockBookings(trx, ids);
    for (const id of ids) {
      const row = rows.find((r) => r.id === id);
      if (!row || row.user_id !== user.id) {
        throw new DomainError('not_found', 'BOOKING_NOT_FOUND', `Booking ${id} not found.`, 'bookingIds');
      }
      const state = { status: row.status, paymentStatus: row.payment_status, startsAt: row.starts_at, holdExpiresAt: row.hold_expires_at };
      if (row.status !== 'pending' || isHoldLapsed(state, now) || hasStarted(row.starts_at, now)) {
        const why = row.status === 'confirmed' ? 'is already paid' : 'is no longer held for you (its hold expired, it started or it was cancelled); please book again';
        throw new DomainError('conflict', 'NOT_PAYABLE', `Booking ${id} ${why}.`, 'bookingIds');
      }
    }
    const views = await bookings.findBookingsViews(trx, ids);
    const closed = views.find((v) => v.facility_deleted);
    if (closed) {
      throw new DomainError('conflict', 'NOT_PAYABLE', `Booking ${closed.id} is at a facility that no longer takes bookings; please book another.`, 'bookingIds');
    }
    const amountCents = rows.reduce((sum, r) => sum + r.payable_cents, 0);
    if (amountCents !== totalCents) {
      throw new DomainError(
        'invalid',
        'PRICE_MISMATCH',
        `totalPayableAmount does not match the price of the selected bookings ($${centsToDollars(amountCents).toFixed(2)}).`,
        'totalPayableAmount',
      );
    }
    const order = await orders.insertOrder(trx, { userId: user.id, amountCents, provider: provider.name, bookingIds: ids });
    const lines = views.map((v) => {
      const dto = toBookingDto(v, now, ctx.config.cancellationHours);
      return { description: `${dto.facility.name}, ${dto.date} ${dto.startTime}-${dto.endTime}`, amountCents: v.payable_cents };
    });
    const holdExpiresAt = new Date(Math.min(...rows.map((r) => r.hold_expires_at!.getTime())));
    return { order, lines, holdExpiresAt };
  });

  let checkout: Checkout;
  try {
    checkout = await provider.createCheckout({ orderId: order.id, amountCents: order.amount_cents, customerEmail: user.email, lines, now, holdExpiresAt });
  } catch (err) {
    await orders.markOrder(ctx.db, order.id, { status: 'cancelled' }, ctx.clock());
    throw err;
  }

  const stillOpen = await ctx.db.transaction().execute(async (trx) => {
    const current = await orders.lockOrder(trx, order.id);
    await orders.setCheckout(trx, order.id, { ...checkout, expiresAt: checkout.expiresAt ?? holdExpiresAt }, now);
    if (current?.status !== 'pending') return false;
    // Holds and hosted page agree: the slot stays the customer's while the provider may still take money.
    if (checkout.expiresAt) await orders.extendHolds(trx, order.id, checkout.expiresAt, now);
    return true;
  });
  if (!stillOpen) {
    await closeCheckouts(ctx, [{ provider: provider.name, provider_ref: checkout.providerRef }]);
    throw new DomainError('conflict', 'CHECKOUT_CANCELLED', 'A booking of this checkout changed while it opened. Please check out again.', 'bookingIds');
  }
  return { orderId: order.id, payment_url: checkout.paymentUrl, totalPayableAmount: centsToDollars(order.amount_cents) };
}

/** Closes hosted pages that must no longer take money; best effort, since a late payment is refunded anyway. */
export async function closeCheckouts(ctx: ServiceContext, stale: Pick<OrderRow, 'provider' | 'provider_ref'>[]): Promise<void> {
  for (const order of stale) {
    if (!order.provider_ref) continue;
    try {
      await ctx.payments.get(order.provider).expireCheckout?.(order.provider_ref);
    } catch {
      // Already completed or expired at the provider, or unreachable: nothing to undo here.
    }
  }
}

/**
 * An order as the hosted page of `provider` may see it: an order another provider serves does
 * not exist there, so no page can take money (or cancel) for an order it does not own.
 */
async function orderServedBy(db: Executor, orderId: string, provider: string, lock = false): Promise<OrderRow> {
  const order = lock ? await orders.lockOrder(db, orderId) : await orders.findOrder(db, orderId);
  if (!order || order.provider !== provider) throw orderNotFound();
  return order;
}

/** What the hosted payment page of `provider` shows; `open` is false once it may no longer take money. */
export async function orderSummary(ctx: ServiceContext, provider: string, orderId: string) {
  const order = await orderServedBy(ctx.db, orderId, provider);
  const ids = await orders.bookingIdsOfOrder(ctx.db, orderId);
  const now = ctx.clock();
  const lines = (await bookings.findBookingsViews(ctx.db, ids)).map((v) => toBookingDto(v, now, ctx.config.cancellationHours));
  const open = isCheckoutOpen(await orders.checkoutWindow(ctx.db, order), now);
  return { id: order.id, status: order.status, open, amount: centsToDollars(order.amount_cents), lines };
}

/**
 * Where an order stands, for the customer's payment return page: the back office's record of
 * it, cut down to what the customer needs. Someone else's order does not exist for a customer.
 */
export async function orderStatus(ctx: ServiceContext, actor: CurrentUser, orderId: string): Promise<OrderStatusDto> {
  const order = await orders.findOrder(ctx.db, orderId);
  if (!order || (actor.role !== 'admin' && order.user_id !== actor.id)) throw orderNotFound();
  const { id, status, amount, refundState, flagReason, bookings: lines } = await getPayment(ctx, orderId);
  return { id, status, amount, refundState, flagged: flagReason !== null, bookings: lines.map((b) => ({ id: b.id, status: b.status, paymentStatus: b.paymentStatus })) };
}

export type PaymentOutcome = 'duplicate' | 'already-settled' | 'confirmed' | 'flagged';

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
    const unsettled = order.status === 'pending' || order.status === 'cancelled';
    if (e.beforeCharging && unsettled && !isCheckoutOpen(await orders.checkoutWindow(trx, order), now)) throw checkoutClosed();
    if (!(await orders.recordPaymentEvent(trx, { provider: e.provider, eventId: e.eventId, type: 'payment.succeeded', orderId: order.id }))) {
      return { outcome: 'duplicate' as const, refundIds: [] };
    }
    return settlePayment(trx, order, { provider: e.provider }, now);
  }));
  await sendRefunds(ctx, refundIds);
  return outcome;
}

/**
 * Books a payment on a locked order whose event was just recorded. Only the provider that
 * serves the order can pay it (checked here, once, for every provider). Each booking is
 * confirmed if its slot is free of live bookings (lapsed holds are expired first); one whose
 * slot went to someone else after its hold lapsed, that has already started, or whose
 * facility was deleted is refunded and the order flagged for staff — the exclusion constraint
 * makes a double booking impossible. Returns the refunds to send once the transaction commits.
 */
export async function settlePayment(
  trx: Executor,
  order: OrderRow,
  payment: { provider: string; paymentRef?: string },
  now: Date,
): Promise<{ outcome: PaymentOutcome; refundIds: string[] }> {
  if (order.provider !== payment.provider) throw orderNotFound();
  if (order.status === 'paid' || order.status === 'refunded') return { outcome: 'already-settled', refundIds: [] };
  // A checkout we cancelled (its booking moved, was cancelled, or the customer left) buys nothing: all its money goes back.
  const stale = order.status === 'cancelled';
  await orders.markOrder(trx, order.id, { status: 'paid', paidAt: now, paymentRef: payment.paymentRef }, now);
  const ids = await orders.bookingIdsOfOrder(trx, order.id);
  const rows = await bookings.lockBookings(trx, ids);
  const closedFacility = new Set((await bookings.findBookingsViews(trx, ids)).filter((v) => v.facility_deleted).map((v) => v.id));
  const late: typeof rows = [];
  for (const row of rows) {
    if (stale || row.payment_status !== 'unpaid' || row.status === 'cancelled' || hasStarted(row.starts_at, now) || closedFacility.has(row.id)) {
      late.push(row);
      continue;
    }
    // A lapsed hold no longer owns its slot, swept or not: the paid booking takes precedence over it.
    await bookings.expireLapsedOverlapping(trx, row.facility_id, { startsAt: row.starts_at, endsAt: row.ends_at }, now, row.id);
    const failure = await tryInSavepoint(trx, 'confirm_booking', () => bookings.confirmPaid(trx, row.id, now));
    if (failure === undefined) {
      await orders.markBookingPaidBy(trx, order.id, row.id, now);
      continue;
    }
    if ((failure as { code?: string }).code !== '23P01') throw failure;
    late.push(row);
  }
  if (late.length === 0) return { outcome: 'confirmed', refundIds: [] };

  const refundIds: string[] = [];
  const reason = stale
    ? 'paid a checkout that had been cancelled'
    : late.some((r) => hasStarted(r.starts_at, now)) ? 'paid after the booking had started' : 'paid after the slot was released';
  /** Money this payment brought for a booking it did not buy: recorded on the booking, which then reads refunded. */
  const refundOnBooking = async (row: (typeof rows)[number]) => {
    refundIds.push(...(await recordRefund(trx, { orderId: order.id, bookingId: row.id, amountCents: row.payable_cents, reason }, now)));
    await bookings.markRefundedWithoutConfirming(trx, row.id, now);
  };
  if (stale) {
    // A booking of it that is over (cancelled or expired) and that nobody paid for since shows
    // its customer the money went back; the rest of the order is refunded on the order.
    let left = order.amount_cents;
    for (const row of rows) {
      if (row.payment_status !== 'unpaid' || (row.status !== 'cancelled' && row.status !== 'expired') || row.payable_cents > left) continue;
      await refundOnBooking(row);
      left -= row.payable_cents;
    }
    refundIds.push(...(await recordRefund(trx, { orderId: order.id, bookingId: null, amountCents: left, reason }, now)));
  } else {
    for (const row of late) {
      // The refund belongs to the booking only when it was this payment that failed to buy it.
      if (row.payment_status === 'unpaid') await refundOnBooking(row);
      else refundIds.push(...(await recordRefund(trx, { orderId: order.id, bookingId: null, amountCents: row.payable_cents, reason }, now)));
    }
  }
  const lateCents = stale ? order.amount_cents : late.reduce((sum, r) => sum + r.payable_cents, 0);
  const why = reason[0]!.toUpperCase() + reason.slice(1);
  await orders.markOrder(trx, order.id, { flagReason: `${why}; refunded $${centsToDollars(lateCents).toFixed(2)} for ${late.length} booking${late.length === 1 ? '' : 's'}.` }, now);
  return { outcome: 'flagged', refundIds };
}

/** The customer left `provider`'s hosted page without paying: the holds stay until they lapse. */
export async function abandonCheckout(ctx: ServiceContext, provider: string, orderId: string): Promise<void> {
  const order = await orderServedBy(ctx.db, orderId, provider);
  if (order.status === 'pending') await orders.markOrder(ctx.db, orderId, { status: 'cancelled' }, ctx.clock());
}
