import { DomainError, centsToDollars, dollarsToCents, isHoldLapsed } from '@courtside/domain';
import * as bookings from '../repositories/bookings.ts';
import * as orders from '../repositories/orders.ts';
import { tryInSavepoint } from '../repositories/transactions.ts';
import type { CurrentUser } from '../plugins/auth.ts';
import type { ServiceContext } from './context.ts';
import { toBookingDto } from './presenters.ts';

export interface CheckoutRequest {
  totalPayableAmount: number;
  bookingIds: { bookingId: string }[];
}

const orderNotFound = () => new DomainError('not_found', 'ORDER_NOT_FOUND', 'Order not found.');

/**
 * Opens a checkout for the caller's own unpaid holds. The client's total must equal ours:
 * a disagreement means the client shows a stale or tampered price, so nothing is charged.
 */
export async function createOrder(ctx: ServiceContext, user: CurrentUser, req: CheckoutRequest) {
  const ids = [...new Set(req.bookingIds.map((b) => b.bookingId))];
  if (ids.length === 0) throw new DomainError('invalid', 'NO_BOOKINGS', 'bookingIds must list at least one booking.', 'bookingIds');
  const totalCents = dollarsToCents(req.totalPayableAmount, 'totalPayableAmount');
  const now = ctx.clock();
  return ctx.db.transaction().execute(async (trx) => {
    const rows = await bookings.lockBookings(trx, ids);
    for (const id of ids) {
      const row = rows.find((r) => r.id === id);
      if (!row || row.user_id !== user.id) {
        throw new DomainError('not_found', 'BOOKING_NOT_FOUND', `Booking ${id} not found.`, 'bookingIds');
      }
      const state = { status: row.status, paymentStatus: row.payment_status, startsAt: row.starts_at, holdExpiresAt: row.hold_expires_at };
      if (row.status !== 'pending' || isHoldLapsed(state, now)) {
        const why = row.status === 'confirmed' ? 'is already paid' : 'is no longer held for you (its hold expired or it was cancelled); please book again';
        throw new DomainError('conflict', 'NOT_PAYABLE', `Booking ${id} ${why}.`, 'bookingIds');
      }
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
    const order = await orders.insertOrder(trx, { userId: user.id, amountCents, provider: ctx.payments.name, bookingIds: ids });
    const views = await bookings.findBookingsViews(trx, ids);
    const checkout = await ctx.payments.createCheckout({
      orderId: order.id,
      amountCents,
      customerEmail: user.email,
      lines: views.map((v) => {
        const dto = toBookingDto(v, now);
        return { description: `${dto.facility.name}, ${dto.date} ${dto.startTime}-${dto.endTime}`, amountCents: v.payable_cents };
      }),
    });
    await orders.setCheckout(trx, order.id, checkout.providerRef, checkout.paymentUrl, now);
    return { orderId: order.id, payment_url: checkout.paymentUrl, totalPayableAmount: centsToDollars(amountCents) };
  });
}

/** What the hosted payment page shows. */
export async function orderSummary(ctx: ServiceContext, orderId: string) {
  const order = await orders.findOrder(ctx.db, orderId);
  if (!order) throw orderNotFound();
  const ids = await orders.bookingIdsOfOrder(ctx.db, orderId);
  const now = ctx.clock();
  const lines = (await bookings.findBookingsViews(ctx.db, ids)).map((v) => toBookingDto(v, now));
  return { id: order.id, status: order.status, amount: centsToDollars(order.amount_cents), lines };
}

export type PaymentOutcome = 'duplicate' | 'already-settled' | 'confirmed' | 'flagged';

/**
 * Applies a provider's "paid" event exactly once. Each booking is confirmed if its slot is
 * still ours; one whose slot went to someone else after its hold lapsed is refunded and the
 * order flagged for staff — the exclusion constraint makes a double booking impossible.
 */
export async function applyPayment(ctx: ServiceContext, e: { provider: string; eventId: string; orderId: string }): Promise<PaymentOutcome> {
  const now = ctx.clock();
  return ctx.db.transaction().execute(async (trx) => {
    const order = await orders.lockOrder(trx, e.orderId);
    if (!order) throw orderNotFound();
    if (!(await orders.recordPaymentEvent(trx, { provider: e.provider, eventId: e.eventId, type: 'payment.succeeded', orderId: order.id }))) {
      return 'duplicate';
    }
    if (order.status === 'paid' || order.status === 'refunded') return 'already-settled';
    // A checkout we cancelled (its booking moved, was cancelled, or the customer left) buys nothing: all its money goes back.
    const stale = order.status === 'cancelled';
    await orders.markOrder(trx, order.id, { status: 'paid', paidAt: now }, now);
    const rows = await bookings.lockBookings(trx, await orders.bookingIdsOfOrder(trx, order.id));
    const late: typeof rows = [];
    for (const row of rows) {
      if (stale || row.payment_status !== 'unpaid' || row.status === 'cancelled') {
        late.push(row);
        continue;
      }
      const failure = await tryInSavepoint(trx, 'confirm_booking', () => bookings.confirmPaid(trx, row.id, now));
      if (failure === undefined) continue;
      if ((failure as { code?: string }).code !== '23P01') throw failure;
      late.push(row);
    }
    if (late.length === 0) return 'confirmed';
    const lateCents = stale ? order.amount_cents : late.reduce((sum, r) => sum + r.payable_cents, 0);
    await ctx.payments.refund({ id: order.id, providerRef: order.provider_ref }, lateCents);
    await orders.addRefund(trx, order.id, lateCents, now);
    for (const row of late) {
      if (!stale && row.payment_status === 'unpaid') await bookings.markRefundedWithoutConfirming(trx, row.id, now);
    }
    const why = stale ? 'Paid a checkout that had been cancelled' : 'Paid after the slot was released';
    await orders.markOrder(trx, order.id, { flagReason: `${why}; refunded $${centsToDollars(lateCents).toFixed(2)} for ${late.length} booking(s).` }, now);
    return 'flagged';
  });
}

/** The customer left the hosted page without paying: the holds stay until they lapse. */
export async function abandonCheckout(ctx: ServiceContext, orderId: string): Promise<void> {
  const order = await orders.findOrder(ctx.db, orderId);
  if (!order) throw orderNotFound();
  if (order.status === 'pending') await orders.markOrder(ctx.db, orderId, { status: 'cancelled' }, ctx.clock());
}
