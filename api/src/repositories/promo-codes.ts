import { sql, type ExpressionBuilder } from 'kysely';
import type { Database, PromoCodeRow } from '@courtside/migrations';
import type { Executor } from '../db/database.ts';
import { fetchPage, type PageQuery, idsOrNone } from './listing.ts';
import { escapeLike } from './users.ts';

/** A live promo code as the services read it: dates as text, and its uses when asked for. */
export type PromoCodeView = Omit<PromoCodeRow, 'deleted_at' | 'created_by'>;

/** A promo code as stored (cents, capitals, ids as JSON text). */
export interface PromoCodeWrite {
  code: string;
  percent_off: number | null;
  amount_off_cents: number | null;
  valid_from: string | null;
  valid_to: string | null;
  facility_ids: string | null;
  min_amount_cents: number | null;
  max_uses: number | null;
  max_uses_per_customer: number | null;
}

// The date columns read back as YYYY-MM-DD text, never as a Date at some zone's midnight.
const COLUMNS = [
  'p.id', 'p.code', 'p.percent_off', 'p.amount_off_cents',
  sql<string | null>`p.valid_from::text`.as('valid_from'),
  sql<string | null>`p.valid_to::text`.as('valid_to'),
  'p.facility_ids', 'p.min_amount_cents', 'p.max_uses', 'p.max_uses_per_customer', 'p.created_at', 'p.updated_at',
] as const;

/**
 * Whether order `o` uses its code at `now`: paid, or pending with its checkout still open and
 * something left to pay for. A cancelled or lapsed checkout gives its use back, and so does one
 * whose bookings were all paid through another checkout. Until its page is stored (while the
 * provider opens it, or for ever if the process stopped meanwhile) a checkout lasts as its holds.
 */
const isUse = (now: Date) => sql<boolean>`(o.status = 'paid' OR (
  o.status = 'pending'
  AND (o.checkout_expires_at IS NULL OR o.checkout_expires_at > ${now}::timestamptz)
  AND EXISTS (
    SELECT 1 FROM order_bookings u_ob JOIN bookings u_b ON u_b.id = u_ob.booking_id
    WHERE u_ob.order_id = o.id AND u_b.status = 'pending' AND u_b.payment_status = 'unpaid'
      AND (o.checkout_expires_at IS NOT NULL OR u_b.hold_expires_at > ${now}::timestamptz))))`;

const usesOf = (now: Date) => (eb: ExpressionBuilder<Database & { p: Database['promo_codes'] }, 'p'>) =>
  eb.selectFrom('orders as o').select(sql<number>`count(*)::int`.as('n')).whereRef('o.promo_code_id', '=', 'p.id').where(isUse(now));

function livePromoCodes(db: Executor) {
  return db.selectFrom('promo_codes as p').select(COLUMNS).where('p.deleted_at', 'is', null);
}

export function insertPromoCode(db: Executor, p: PromoCodeWrite, createdBy: string, now: Date): Promise<{ id: string }> {
  return db
    .insertInto('promo_codes')
    .values({ ...p, created_by: createdBy, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function updatePromoCode(db: Executor, id: string, p: PromoCodeWrite, now: Date): Promise<boolean> {
  const result = await db.updateTable('promo_codes').set({ ...p, updated_at: now }).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export function findPromoCode(db: Executor, id: string, now: Date): Promise<(PromoCodeView & { uses: number }) | undefined> {
  return livePromoCodes(db).select((eb) => usesOf(now)(eb).as('uses')).where('p.id', '=', id).executeTakeFirst() as Promise<(PromoCodeView & { uses: number }) | undefined>;
}

export function findLiveCode(db: Executor, code: string): Promise<PromoCodeView | undefined> {
  return livePromoCodes(db).where('p.code', '=', code).executeTakeFirst();
}

/**
 * Locks a live code's row until the transaction ends. Every checkout with the code takes this
 * lock before counting its uses, so concurrent checkouts count one after the other.
 */
export function lockLiveCode(db: Executor, code: string): Promise<PromoCodeView | undefined> {
  return livePromoCodes(db).where('p.code', '=', code).forUpdate().executeTakeFirst();
}

/** Locks a code's row for a change by staff (its uses cannot change meanwhile). */
export function lockPromoCode(db: Executor, id: string): Promise<PromoCodeView | undefined> {
  return livePromoCodes(db).where('p.id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * Uses of a code at `now`, in all and by one customer. Pending orders for any of `bookingIds`
 * are left out: the checkout being made replaces them (createOrder cancels them in its own
 * transaction before counting, so there they are gone already; a preview counts as if it had).
 */
export async function countUses(db: Executor, promoCodeId: string, userId: string, bookingIds: string[], now: Date): Promise<{ total: number; mine: number }> {
  const row = await db
    .selectFrom('orders as o')
    .select([sql<number>`count(*)::int`.as('total'), sql<number>`(count(*) FILTER (WHERE o.user_id = ${userId}))::int`.as('mine')])
    .where('o.promo_code_id', '=', promoCodeId)
    .where(isUse(now))
    .where(({ or, eb, not, exists, selectFrom }) =>
      or([
        eb('o.status', '<>', 'pending'),
        not(exists(selectFrom('order_bookings as ob').select('ob.order_id').whereRef('ob.order_id', '=', 'o.id').where('ob.booking_id', 'in', bookingIds))),
      ]))
    .executeTakeFirstOrThrow();
  return { total: row.total, mine: row.mine };
}

/** Whether any order ever used the code (paid, cancelled or refunded): such a code is kept, soft deleted. */
export async function wasEverUsed(db: Executor, promoCodeId: string): Promise<boolean> {
  const row = await db.selectFrom('orders').select('id').where('promo_code_id', '=', promoCodeId).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function softDeletePromoCode(db: Executor, id: string, now: Date): Promise<void> {
  await db.updateTable('promo_codes').set({ deleted_at: now, updated_at: now }).where('id', '=', id).execute();
}

export async function deletePromoCode(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('promo_codes').where('id', '=', id).execute();
}

/** Which of these ids are facilities (deleted ones included: an old code may name one). */
export async function knownFacilityIds(db: Executor, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('facilities').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

export interface PromoCodeFilter {
  ids?: string[];
  q?: string;
  /** true: usable today or later (not past its last day); false: past it. */
  current?: boolean;
  today: string;
}

export function pagePromoCodes(db: Executor, filter: PromoCodeFilter, page: PageQuery, now: Date) {
  let query = livePromoCodes(db).select((eb) => usesOf(now)(eb).as('uses'));
  if (filter.ids) query = query.where('p.id', 'in', idsOrNone(filter.ids));
  if (filter.q) query = query.where('p.code', 'like', `%${escapeLike(filter.q.toUpperCase())}%`);
  if (filter.current !== undefined) {
    query = filter.current
      ? query.where((eb) => eb.or([eb('p.valid_to', 'is', null), eb('p.valid_to', '>=', filter.today)]))
      : query.where('p.valid_to', '<', filter.today);
  }
  return fetchPage(query, page, 'p.id') as Promise<{ rows: (PromoCodeView & { uses: number })[]; total: number }>;
}

/** A code's text, withdrawn or not (an order keeps the code it used). */
export async function codeOf(db: Executor, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('promo_codes').select('code').where('id', '=', id).executeTakeFirst();
  return row?.code;
}
