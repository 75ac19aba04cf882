import { sql } from 'kysely';
import type { OrderRow } from '@courtside/migrations';
import type { Executor } from '../db/database.ts';

export async function insertOrder(
  db: Executor,
  order: { userId: string; amountCents: number; provider: string; bookingIds: string[] },
): Promise<OrderRow> {
  const row = await db
    .insertInto('orders')
    .values({ user_id: order.userId, amount_cents: order.amountCents, provider: order.provider, status: 'pending' })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_bookings')
    .values(order.bookingIds.map((booking_id) => ({ order_id: row.id, booking_id })))
    .execute();
  return row;
}

export async function setCheckout(db: Executor, id: string, providerRef: string, paymentUrl: string, now: Date): Promise<void> {
  await db.updateTable('orders').set({ provider_ref: providerRef, payment_url: paymentUrl, updated_at: now }).where('id', '=', id).execute();
}

export function findOrder(db: Executor, id: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export function lockOrder(db: Executor, id: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function bookingIdsOfOrder(db: Executor, orderId: string): Promise<string[]> {
  const rows = await db.selectFrom('order_bookings').select('booking_id').where('order_id', '=', orderId).execute();
  return rows.map((r) => r.booking_id);
}

/** The paid order a booking's money came from, if any. */
export function paidOrderOfBooking(db: Executor, bookingId: string): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders as o')
    .innerJoin('order_bookings as ob', 'ob.order_id', 'o.id')
    .selectAll('o')
    .where('ob.booking_id', '=', bookingId)
    .where('o.status', 'in', ['paid', 'refunded'])
    .orderBy('o.paid_at', 'desc')
    .executeTakeFirst();
}

export async function markOrder(
  db: Executor,
  id: string,
  changes: { status?: OrderRow['status']; paidAt?: Date; flagReason?: string },
  now: Date,
): Promise<void> {
  await db
    .updateTable('orders')
    .set({
      updated_at: now,
      ...(changes.status ? { status: changes.status } : {}),
      ...(changes.paidAt ? { paid_at: changes.paidAt } : {}),
      ...(changes.flagReason ? { flag_reason: changes.flagReason } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** Adds a refund to an order; the order reads 'refunded' once all of it went back. */
export async function addRefund(db: Executor, id: string, cents: number, now: Date): Promise<void> {
  await db
    .updateTable('orders')
    .set({
      refunded_cents: sql`refunded_cents + ${cents}`,
      status: sql`CASE WHEN refunded_cents + ${cents} >= amount_cents THEN 'refunded' ELSE status END`,
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

/** Unpaid checkouts that include a booking become stale when it changes. */
export async function cancelPendingOrdersOf(db: Executor, bookingId: string, now: Date): Promise<void> {
  await db
    .updateTable('orders')
    .set({ status: 'cancelled', updated_at: now })
    .where('status', '=', 'pending')
    .where('id', 'in', (eb) => eb.selectFrom('order_bookings').select('order_id').where('booking_id', '=', bookingId))
    .execute();
}

/** Records a provider event; false when it was seen before (events apply exactly once). */
export async function recordPaymentEvent(db: Executor, e: { provider: string; eventId: string; type: string; orderId: string | null }): Promise<boolean> {
  const row = await db
    .insertInto('payment_events')
    .values({ provider: e.provider, event_id: e.eventId, type: e.type, order_id: e.orderId })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return row !== undefined;
}
