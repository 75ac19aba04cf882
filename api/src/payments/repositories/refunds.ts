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
  r: {
    orderId: string;
    bookingId: string | null;
    amountCents: number;
    reason: string;
    announced?: boolean;
    status?: RefundRow['status'];
    nextAttemptAt: Date;
    now: Date;
    /** Lands in the customer's wallet; `fromWallet`: it gives back credit the order spent. */
    toWallet?: boolean;
    fromWallet?: boolean;
  },
): Promise<RefundRow> {
  return db
    .insertInto('refunds')
    .values({
      order_id: r.orderId,
      booking_id: r.bookingId,
      amount_cents: r.amountCents,
      reason: r.reason,
      announced: r.announced ?? false,
      status: r.status ?? 'pending',
      to_wallet: r.toWallet ?? false,
      from_wallet: r.fromWallet ?? false,
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

/** A desk refund waiting to be handed back, with its customer and the booking it was for. */
export interface OpenDeskRefundRow {
  id: string;
  order_id: string;
  amount_cents: number;
  created_at: Date;
  user_id: string;
  user_name: string;
  user_email: string;
  booking_id: string | null;
  booking_status: string | null;
  starts_at: Date | null;
  ends_at: Date | null;
  facility_id: string | null;
  facility_name: string | null;
  timezone: string | null;
}

/**
 * Desk refunds still to hand back ('to_collect'), oldest first: all of them, those of some
 * bookings, or those of bookings on a local day (each facility's own calendar).
 */
export function openDeskRefunds(db: Executor, filter: { bookingIds?: string[]; localDate?: string } = {}, limit = 200): Promise<OpenDeskRefundRow[]> {
  let query = db
    .selectFrom('refunds as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .leftJoin('bookings as b', 'b.id', 'r.booking_id')
    .leftJoin('facilities as f', 'f.id', 'b.facility_id')
    .select([
      'r.id', 'r.order_id', 'r.amount_cents', 'r.created_at', 'u.id as user_id', 'u.name as user_name', 'u.email as user_email',
      'b.id as booking_id', 'b.status as booking_status', 'b.starts_at', 'b.ends_at', 'f.id as facility_id', 'f.name as facility_name', 'f.timezone',
    ])
    .where('r.status', '=', 'to_collect');
  if (filter.bookingIds) {
    if (filter.bookingIds.length === 0) return Promise.resolve([]);
    query = query.where('r.booking_id', 'in', filter.bookingIds);
  }
  if (filter.localDate) query = query.where(sql<boolean>`(b.starts_at AT TIME ZONE f.timezone)::date = ${filter.localDate}::date`);
  return query.orderBy('r.created_at').orderBy('r.id').limit(limit).execute();
}
