import type { OrderRow } from '@courtside/migrations';
import type { ShareStatus } from '@courtside/domain';
import type { Executor } from '../../db/database.ts';

/**
 * The shares of bookings paid split (booking_shares), and the orders that pay them. Every
 * change of a share runs under its booking's row lock (the callers take it first), so a share is
 * paid, covered or given back once.
 */

export interface ShareRow {
  id: string;
  booking_id: string;
  seq: number;
  amount_cents: number;
  status: ShareStatus;
  player_id: string | null;
  order_id: string | null;
  paid_by: string | null;
}

const COLUMNS = ['id', 'booking_id', 'seq', 'amount_cents', 'status', 'player_id', 'order_id', 'paid_by'] as const;

/** The shares of a booking just confirmed by its organizer's split order: theirs (seq 0) paid by it, the others open. */
export async function insertShares(db: Executor, s: { bookingId: string; amountsCents: number[]; orderId: string; organizerId: string; now: Date }): Promise<void> {
  await db
    .insertInto('booking_shares')
    .values(s.amountsCents.map((amount_cents, seq) => ({
      booking_id: s.bookingId,
      seq,
      amount_cents,
      status: seq === 0 ? ('paid' as const) : ('open' as const),
      order_id: seq === 0 ? s.orderId : null,
      paid_by: seq === 0 ? s.organizerId : null,
      updated_at: s.now,
    })))
    .execute();
}

export function sharesOf(db: Executor, bookingId: string): Promise<ShareRow[]> {
  return db.selectFrom('booking_shares').select(COLUMNS).where('booking_id', '=', bookingId).orderBy('seq').execute();
}

/** The shares of several bookings at once, by booking. */
export async function sharesOfBookings(db: Executor, bookingIds: string[]): Promise<Map<string, ShareRow[]>> {
  const out = new Map<string, ShareRow[]>();
  if (bookingIds.length === 0) return out;
  const rows = await db.selectFrom('booking_shares').select(COLUMNS).where('booking_id', 'in', bookingIds).orderBy('seq').execute();
  for (const r of rows) out.set(r.booking_id, [...(out.get(r.booking_id) ?? []), r]);
  return out;
}

export function findShare(db: Executor, id: string): Promise<ShareRow | undefined> {
  return db.selectFrom('booking_shares').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** The share reserved for (or paid by) a player's place. */
export function shareOfPlace(db: Executor, placeId: string): Promise<ShareRow | undefined> {
  return db.selectFrom('booking_shares').select(COLUMNS).where('player_id', '=', placeId).executeTakeFirst();
}

/** The first open share nobody has taken, for a player about to pay. */
export function firstFreeShare(db: Executor, bookingId: string): Promise<ShareRow | undefined> {
  return db
    .selectFrom('booking_shares')
    .select(COLUMNS)
    .where('booking_id', '=', bookingId)
    .where('status', '=', 'open')
    .where('player_id', 'is', null)
    .where('seq', '>', 0)
    .orderBy('seq')
    .limit(1)
    .executeTakeFirst();
}

export async function reserveShare(db: Executor, shareId: string, placeId: string | null, now: Date): Promise<void> {
  await db.updateTable('booking_shares').set({ player_id: placeId, updated_at: now }).where('id', '=', shareId).execute();
}

/** A share paid by `orderId` (a player's share order). */
export async function markSharePaid(db: Executor, shareId: string, orderId: string, payerId: string, now: Date): Promise<void> {
  await db.updateTable('booking_shares').set({ status: 'paid', order_id: orderId, paid_by: payerId, updated_at: now }).where('id', '=', shareId).execute();
}

/** A share open again (its player left, and what they paid went back): no player, no money. */
export async function reopenShare(db: Executor, shareId: string, now: Date): Promise<void> {
  await db.updateTable('booking_shares').set({ status: 'open', player_id: null, order_id: null, paid_by: null, updated_at: now }).where('id', '=', shareId).execute();
}

/** Sets what became of some shares, and the order whose money they are. */
export async function setShares(db: Executor, ids: string[], to: { status: ShareStatus; orderId?: string; paidBy?: string }, now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('booking_shares')
    .set({ status: to.status, updated_at: now, ...(to.orderId ? { order_id: to.orderId } : {}), ...(to.paidBy ? { paid_by: to.paidBy } : {}) })
    .where('id', 'in', ids)
    .execute();
}

/** The shares an order's money is (a cover order's). */
export function sharesOfOrder(db: Executor, orderId: string): Promise<ShareRow[]> {
  return db.selectFrom('booking_shares').select(COLUMNS).where('order_id', '=', orderId).orderBy('seq').execute();
}

/** Confirmed bookings whose due time has come with shares still open (the oldest due first). */
export async function bookingsWithDueShares(db: Executor, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('bookings as b')
    .select('b.id')
    .where('b.shares_due_at', '<=', now)
    .where('b.status', '=', 'confirmed')
    .where((eb) => eb.exists(eb.selectFrom('booking_shares as s').select('s.id').whereRef('s.booking_id', '=', 'b.id').where('s.status', '=', 'open')))
    .orderBy('b.shares_due_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** The organizer's paid split order of a booking: its provider (and saved card) covers the shares unpaid at the due time. */
export function splitOrderOf(db: Executor, bookingId: string): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders as o')
    .innerJoin('order_bookings as ob', 'ob.order_id', 'o.id')
    .selectAll('o')
    .where('ob.booking_id', '=', bookingId)
    .where('o.kind', '=', 'split')
    .where('ob.paid_at', 'is not', null)
    .executeTakeFirst();
}

/** A player's share order: pending, paying one share of one booking. */
export async function insertShareOrder(
  db: Executor,
  o: { userId: string; provider: string; bookingId: string; share: ShareRow },
): Promise<OrderRow> {
  const row = await db
    .insertInto('orders')
    .values({ user_id: o.userId, amount_cents: o.share.amount_cents, provider: o.provider, status: 'pending', kind: 'share', share_id: o.share.id })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db.insertInto('order_bookings').values({ order_id: row.id, booking_id: o.bookingId, amount_cents: o.share.amount_cents }).execute();
  return row;
}

/** The organizer's cover order for shares unpaid at the due time: pending until its off-session charge answers. */
export async function insertCoverOrder(db: Executor, o: { userId: string; provider: string; bookingId: string; amountCents: number; now: Date }): Promise<OrderRow> {
  const row = await db
    .insertInto('orders')
    .values({ user_id: o.userId, amount_cents: o.amountCents, provider: o.provider, status: 'pending', kind: 'cover', charge_attempted_at: o.now, created_at: o.now, updated_at: o.now })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db.insertInto('order_bookings').values({ order_id: row.id, booking_id: o.bookingId, amount_cents: o.amountCents }).execute();
  return row;
}

/**
 * Claims cover orders whose charge never answered (the process stopped, the provider was
 * unreachable), for one more try with the same idempotency key; SKIP LOCKED lets several
 * processes sweep side by side without both trying one.
 */
export async function claimStaleCovers(db: Executor, now: Date, olderThanMs: number, limit: number): Promise<OrderRow[]> {
  const before = new Date(now.getTime() - olderThanMs);
  return db
    .updateTable('orders')
    .set({ charge_attempted_at: now, updated_at: now })
    .where('id', 'in', (eb) =>
      eb.selectFrom('orders').select('id').where('kind', '=', 'cover').where('status', '=', 'pending').where('charge_attempted_at', '<', before)
        .orderBy('charge_attempted_at').limit(limit).forUpdate().skipLocked())
    .returningAll()
    .execute();
}

/** Pending share orders of some shares (a player's open checkout), cancelled because the share was taken or given up. */
export function cancelPendingShareOrders(db: Executor, shareIds: string[], now: Date): Promise<Pick<OrderRow, 'id' | 'provider' | 'provider_ref'>[]> {
  if (shareIds.length === 0) return Promise.resolve([]);
  return db
    .updateTable('orders')
    .set({ status: 'cancelled', closed_because: 'replaced', updated_at: now })
    .where('status', '=', 'pending')
    .where('kind', '=', 'share')
    .where('share_id', 'in', shareIds)
    .returning(['id', 'provider', 'provider_ref'])
    .execute();
}

/** Marks the organizer's agreement to cover unpaid shares, on their paid split order. */
export async function markCoverAgreed(db: Executor, orderId: string, now: Date): Promise<void> {
  await db.updateTable('orders').set({ cover_agreed_at: now }).where('id', '=', orderId).where('cover_agreed_at', 'is', null).execute();
}

/** Marks a cover order paid (its charge succeeded) and the money as its booking's. */
export async function markCoverPaid(db: Executor, orderId: string, paymentRef: string, now: Date): Promise<void> {
  await db.updateTable('orders').set({ status: 'paid', paid_at: now, payment_ref: paymentRef, updated_at: now }).where('id', '=', orderId).execute();
  await db.updateTable('order_bookings').set({ paid_at: now }).where('order_id', '=', orderId).execute();
}

/** A booking's shares, locked (callers hold the booking's row lock first, as every change of a share does). */
export async function lockShares(db: Executor, bookingId: string): Promise<ShareRow[]> {
  return db.selectFrom('booking_shares').select(COLUMNS).where('booking_id', '=', bookingId).orderBy('seq').forUpdate().execute();
}

