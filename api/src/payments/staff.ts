import { DomainError, ORDER_STATUSES, assertMayRefund, centsToDollars, formatCents, chargedForBooking, localTimes, parseDate, type BookingStatus } from '@courtside/domain';
import { recordAudit } from '../repositories/audit-log.ts';
import type { DeskRefundDto, PaymentDto } from '@courtside/contracts';
import type { Executor } from '../db/database.ts';
import { retryTransaction } from '../db/retry.ts';
import * as bookings from '../repositories/bookings.ts';
import { enumFilter, parseListParams, stringFilter, uuidFilter, type ListParams } from '../shared/admin-query.ts';
import type { CurrentUser, ServiceContext } from '../shared/context.ts';
import { refundStateOf, toBookingDto } from '../shared/presenters.ts';
import { markHandedBack, recordRefund, sendRefunds } from './refunds.ts';
import * as orders from './repositories/orders.ts';
import * as refunds from './repositories/refunds.ts';

/** The back office's payments: every order with its bookings and refunds. */

// 'desk': money staff took at the front desk (paid at desk, mark paid); 'free': a promo code made the order free.
const PROVIDERS = ['sandbox', 'stripe', 'desk', 'free'] as const;

const paymentNotFound = () => new DomainError('not_found', 'PAYMENT_NOT_FOUND', 'Payment not found.');

/** Builds the records of some orders with two more queries in all, whatever their number. */
async function toPaymentDtos(ctx: ServiceContext, db: Executor, rows: orders.PaymentView[]): Promise<PaymentDto[]> {
  const orderIds = rows.map((r) => r.id);
  const [pairs, refundRows] = await Promise.all([orders.bookingsOfOrders(db, orderIds), refunds.refundsOfOrders(db, orderIds)]);
  const views = await bookings.findBookingsViews(db, [...new Set(pairs.map((p) => p.booking_id))]);
  const now = ctx.clock();
  const byId = new Map(views.map((v) => [v.id, toBookingDto(v, now, ctx.config.cancellationHours)]));
  const priceOf = new Map(views.map((v) => [v.id, v.payable_cents]));
  return rows.map((o) => {
    const own = refundRows.filter((r) => r.order_id === o.id);
    const refundedCents = own.filter((r) => r.status === 'succeeded').reduce((sum, r) => sum + r.amount_cents, 0);
    const lines = pairs
      .filter((p) => p.order_id === o.id)
      .map((p) => ({ b: byId.get(p.booking_id)!, chargedCents: p.amount_cents ?? chargedForBooking(priceOf.get(p.booking_id)!, p.discount_cents) }))
      .sort(({ b: a }, { b }) => a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime));
    return {
      id: o.id,
      user: { id: o.user_id, name: o.user_name, email: o.user_email },
      provider: o.provider,
      kind: o.kind,
      status: o.status,
      amount: centsToDollars(o.amount_cents),
      discount: centsToDollars(o.discount_cents),
      promoCode: o.promo_code,
      description: o.description,
      takenByName: o.taken_by_name,
      paymentMethod: o.payment_method,
      refundedAmount: centsToDollars(refundedCents),
      refundState: refundStateOf(own.map((r) => r.status), refundedCents, o.amount_cents),
      flagReason: o.flag_reason,
      flagResolvedAt: o.flag_resolved_at?.toISOString() ?? null,
      flagResolvedBy: o.flag_resolved_by ? { id: o.flag_resolved_by, name: o.flag_resolved_by_name ?? '' } : null,
      providerRef: o.provider_ref,
      createdAt: o.created_at.toISOString(),
      paidAt: o.paid_at?.toISOString() ?? null,
      bookings: lines.map(({ b, chargedCents }) => ({
        id: b._id,
        facilityName: b.facility.name,
        date: b.date,
        startTime: b.startTime,
        endTime: b.endTime,
        payableAmount: b.payableAmount,
        charged: centsToDollars(chargedCents),
        status: b.status,
        paymentStatus: b.paymentStatus,
      })),
      refunds: own.map((r) => ({
        id: r.id,
        amount: centsToDollars(r.amount_cents),
        status: r.status,
        createdAt: r.created_at.toISOString(),
        handedBackAt: r.handed_back_at?.toISOString() ?? null,
        handedBackBy: r.handed_back_by ? { id: r.handed_back_by, name: r.handed_back_by_name ?? '' } : null,
      })),
    };
  });
}

export async function pagePayments(ctx: ServiceContext, params: ListParams) {
  const { page, filter, ids } = parseListParams(
    params,
    { createdAt: 'o.created_at', amount: 'o.amount_cents', status: 'o.status', paidAt: 'o.paid_at', provider: 'o.provider', id: 'o.id' },
    ['createdAt', 'DESC'],
  );
  const flag = (value: unknown) => (value === undefined || value === null || value === '' ? undefined : value === true || value === 'true');
  const flagged = flag(filter.flagged);
  const { rows, total } = await orders.pagePayments(
    ctx.db,
    {
      ids,
      status: enumFilter(filter, 'status', ORDER_STATUSES),
      provider: enumFilter(filter, 'provider', PROVIDERS),
      flagged,
      toCollect: flag(filter.toCollect),
      userId: uuidFilter(filter, 'userId'),
      q: stringFilter(filter, 'q'),
    },
    page,
  );
  return { records: await toPaymentDtos(ctx, ctx.db, rows), total, page };
}

export async function getPayment(ctx: ServiceContext, id: string): Promise<PaymentDto> {
  const row = await orders.findPayment(ctx.db, id);
  if (!row) throw paymentNotFound();
  return (await toPaymentDtos(ctx, ctx.db, [row]))[0]!;
}

/**
 * Gives back whatever of a paid order has not gone back yet, once. Bookings it still pays
 * for are cancelled so their slots free up; each booking's refund is its own, and anything
 * left over is refunded on the order.
 */
export async function refundPayment(ctx: ServiceContext, actor: CurrentUser, id: string): Promise<PaymentDto> {
  const now = ctx.clock();
  const refundIds = await retryTransaction(() => ctx.db.transaction().execute(async (trx) => {
    // Bookings before their order, in the same order as a customer's cancellation takes them.
    const paidIds = await orders.bookingIdsPaidBy(trx, id);
    const paidRows = paidIds.length ? await bookings.lockBookings(trx, paidIds) : [];
    const order = await orders.lockOrder(trx, id);
    if (!order) throw paymentNotFound();
    if (order.paid_at === null) {
      throw new DomainError('conflict', 'NOT_PAID', `This order is ${order.status} and was never paid, so there is nothing to refund.`);
    }
    if (order.kind !== 'full') {
      // Its money is one part of a booking several people paid: each part goes back through what it belongs to.
      throw new DomainError(
        'conflict',
        'SPLIT_PAYMENT',
        "This payment is one share of a booking whose cost is split: cancel the booking (every payer is refunded their own part), or remove the player (their share is refunded).",
      );
    }
    if (order.amount_cents === 0) {
      throw new DomainError('conflict', 'NOT_PAID', 'Nothing was charged for this order (a promo code made it free), so there is nothing to refund.');
    }
    let left = order.amount_cents - order.refunded_cents;
    if (left <= 0) throw new DomainError('conflict', 'ALREADY_REFUNDED', 'Order is already refunded.');
    const format = (cents: number) => formatCents(cents, ctx.config.money);
    assertMayRefund(actor.role, left, ctx.config.deskRefundLimitCents, format);
    await recordAudit(trx, actor, now, { action: 'refund', subjectType: 'order', subjectId: order.id, summary: `Refunded ${format(left)} of order ${order.id}`, detail: { amountCents: left } });
    const ids: string[] = [];
    const reason = 'refunded by the venue';
    // What this order charged for each booking: its price less its share of a promo code's discount.
    const shares = await orders.discountSharesOf(trx, order.id);
    for (const row of paidRows) {
      const charged = chargedForBooking(row.payable_cents, shares.get(row.id) ?? 0);
      if (row.payment_status !== 'paid' || charged > left) continue;
      await bookings.cancelBooking(trx, row.id, actor.id, true, now);
      ids.push(...(await recordRefund(ctx, trx, { orderId: order.id, provider: order.provider, bookingId: row.id, amountCents: charged, reason }, now)));
      left -= charged;
    }
    ids.push(...(await recordRefund(ctx, trx, { orderId: order.id, provider: order.provider, bookingId: null, amountCents: left, reason }, now)));
    return ids;
  }));
  await sendRefunds(ctx, refundIds);
  return getPayment(ctx, id);
}

/** Staff handed a desk refund back at the desk: recorded with their name and the time, once. */
export async function refundHandedBack(ctx: ServiceContext, actor: CurrentUser, refundId: string): Promise<PaymentDto> {
  const { orderId } = await markHandedBack(ctx, refundId, actor.id);
  return getPayment(ctx, orderId);
}

/** Staff looked into a flagged order: the flag stops counting as open, its reason stays as history. */
export async function resolvePaymentFlag(ctx: ServiceContext, actor: CurrentUser, id: string): Promise<PaymentDto> {
  if (!(await orders.resolveFlag(ctx.db, id, actor.id, ctx.clock()))) {
    const order = await orders.findOrder(ctx.db, id);
    if (!order) throw paymentNotFound();
    if (order.flag_reason === null) throw new DomainError('conflict', 'NOT_FLAGGED', 'This order is not flagged, so there is nothing to resolve.');
    throw new DomainError('conflict', 'FLAG_ALREADY_RESOLVED', 'This flag is already resolved.');
  }
  return getPayment(ctx, id);
}

/** Desk money still to hand back (staff's to-do): all of it, a booking's, or that of bookings on a local day. */
export async function listDeskRefunds(ctx: ServiceContext, filter: { bookingId?: string; date?: string }): Promise<DeskRefundDto[]> {
  const rows = await refunds.openDeskRefunds(ctx.db, {
    bookingIds: filter.bookingId ? [filter.bookingId] : undefined,
    // parseDate refuses a date that is not one (with the reason) before it reaches SQL.
    localDate: filter.date && (parseDate(filter.date, 'date'), filter.date),
  });
  return rows.map(toDeskRefundDto);
}

export function toDeskRefundDto(r: refunds.OpenDeskRefundRow): DeskRefundDto {
  return {
    id: r.id,
    orderId: r.order_id,
    amount: centsToDollars(r.amount_cents),
    createdAt: r.created_at.toISOString(),
    customer: { id: r.user_id, name: r.user_name, email: r.user_email },
    booking:
      r.booking_id && r.starts_at && r.ends_at && r.facility_id && r.timezone
        ? {
            id: r.booking_id,
            facilityId: r.facility_id,
            facilityName: r.facility_name ?? '',
            ...pick(localTimes(r.starts_at, r.ends_at, r.timezone)),
            status: r.booking_status as BookingStatus,
          }
        : null,
  };
}

const pick = ({ date, startTime, endTime }: { date: string; startTime: string; endTime: string }) => ({ date, startTime, endTime });
