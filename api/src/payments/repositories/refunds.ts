import { sql } from 'kysely';
import type { RefundRow } from '@courtside/migrations';
import type { Executor } from '../../db/database.ts';

/** A refund with what its provider call needs from the order. */
export interface RefundToSend extends RefundRow {
  provider: string;
  order_provider_ref: string | null;
  payment_ref: string | null;
}

export function insertRefund(
  db: Executor,
  r: { orderId: string; bookingId: string | null; amountCents: number; reason: string; status?: RefundRow['status']; nextAttemptAt: Date; now: Date },
): Promise<RefundRow> {
  return db
    .insertInto('refunds')
    .values({
      order_id: r.orderId,
      booking_id: r.bookingId,
      amount_cents: r.amountCents,
      reason: r.reason,
      status: r.status ?? 'pending',
      provider_ref: null,
      last_error: null,
      next_attempt_at: r.nextAttemptAt,
      created_at: r.now,
      updated_at: r.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

// Retries back off 30 s, 1 min, 2 min ... up to an hour, and never stop: money is not kept silently.
const claim = (now: Date) => sql`
  attempts = r.attempts + 1,
  next_attempt_at = ${now}::timestamptz + least(make_interval(secs => 30 * power(2, least(r.attempts, 10))), interval '1 hour'),
  updated_at = ${now}`;

/** Takes one unsettled refund for a provider call (pushing its next retry back); undefined when it is settled already. */
export async function claimRefund(db: Executor, id: string, now: Date): Promise<RefundToSend | undefined> {
  const result = await sql<RefundToSend>`
    UPDATE refunds r SET ${claim(now)}
    FROM orders o
    WHERE o.id = r.order_id AND r.id = ${id} AND r.status IN ('pending', 'failed')
    RETURNING r.*, o.provider, o.provider_ref AS order_provider_ref, o.payment_ref`.execute(db);
  return result.rows[0];
}

/** Takes the unsettled refunds whose retry is due; SKIP LOCKED lets several processes share the work. */
export async function claimDueRefunds(db: Executor, now: Date, limit: number): Promise<RefundToSend[]> {
  const result = await sql<RefundToSend>`
    UPDATE refunds r SET ${claim(now)}
    FROM orders o
    WHERE o.id = r.order_id AND r.id IN (
      SELECT id FROM refunds
      WHERE status IN ('pending', 'failed') AND next_attempt_at <= ${now}
      ORDER BY next_attempt_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING r.*, o.provider, o.provider_ref AS order_provider_ref, o.payment_ref`.execute(db);
  return result.rows;
}

/** Records the provider's acceptance; true when this call moved the refund to succeeded. */
export async function markRefundSucceeded(db: Executor, id: string, providerRef: string | null, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('refunds')
    .set({ status: 'succeeded', ...(providerRef ? { provider_ref: providerRef } : {}), last_error: null, updated_at: now })
    .where('id', '=', id)
    .where('status', '<>', 'succeeded')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Records a failed attempt (unless it succeeded meanwhile); true when this call recorded it. */
export async function markRefundFailed(db: Executor, id: string, error: string, refused: boolean, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('refunds')
    .set({ status: 'failed', last_error: error.slice(0, 1000), updated_at: now, ...(refused ? { refusals: sql`refusals + 1` } : {}) })
    .where('id', '=', id)
    .where('status', '<>', 'succeeded')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A desk refund handed back by `staffId`: the row it changed, or undefined when it was not waiting at the desk. */
export function markHandedBack(db: Executor, id: string, staffId: string, now: Date): Promise<{ order_id: string } | undefined> {
  return db
    .updateTable('refunds')
    .set({ status: 'succeeded', handed_back_at: now, handed_back_by: staffId, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'to_collect')
    .returning('order_id')
    .executeTakeFirst();
}

export async function markOrderRefundsSucceeded(db: Executor, orderId: string, now: Date): Promise<void> {
  await db
    .updateTable('refunds')
    .set({ status: 'succeeded', last_error: null, updated_at: now })
    .where('order_id', '=', orderId)
    .where('status', '<>', 'succeeded')
    .execute();
}

/** The refunds of some orders, with the name of whoever handed desk money back. */
export function refundsOfOrders(db: Executor, orderIds: string[]): Promise<(RefundRow & { handed_back_by_name: string | null })[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('refunds as r')
    .leftJoin('users as u', 'u.id', 'r.handed_back_by')
    .selectAll('r')
    .select('u.name as handed_back_by_name')
    .where('r.order_id', 'in', orderIds)
    .orderBy('r.created_at')
    .orderBy('r.id')
    .execute();
}
