import type { CreditPackRow } from '@courtside/migrations';
import type { Executor } from '../db/database.ts';
import { fetchPage, type PageQuery, idsOrNone } from './listing.ts';
import { escapeLike } from './users.ts';

/** What the venue sells as credit (migration 2026_11_29_0100_wallet). */

export interface CreditPackWrite {
  name: string;
  price_cents: number;
  credit_cents: number;
  bonus_expires_days: number | null;
  active: boolean;
}

export function insertCreditPack(db: Executor, p: CreditPackWrite, now: Date): Promise<CreditPackRow> {
  return db.insertInto('credit_packs').values({ ...p, created_at: now, updated_at: now }).returningAll().executeTakeFirstOrThrow();
}

export function updateCreditPack(db: Executor, id: string, p: CreditPackWrite, now: Date): Promise<CreditPackRow | undefined> {
  return db.updateTable('credit_packs').set({ ...p, updated_at: now }).where('id', '=', id).returningAll().executeTakeFirst();
}

export function findCreditPack(db: Executor, id: string): Promise<CreditPackRow | undefined> {
  return db.selectFrom('credit_packs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The pack, locked until the transaction ends. */
export function lockCreditPackForUpdate(db: Executor, id: string): Promise<CreditPackRow | undefined> {
  return db.selectFrom('credit_packs').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Packs on sale, cheapest first (then the most credit). */
export function activeCreditPacks(db: Executor): Promise<CreditPackRow[]> {
  return db.selectFrom('credit_packs').selectAll().where('active', '=', true).orderBy('price_cents').orderBy('credit_cents', 'desc').orderBy('name').execute();
}

/** Whether any order ever bought the pack (it is then withdrawn, never deleted: its orders keep naming it). */
export async function wasEverOrdered(db: Executor, id: string): Promise<boolean> {
  const row = await db.selectFrom('orders').select('id').where('credit_pack_id', '=', id).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function deleteCreditPack(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('credit_packs').where('id', '=', id).execute();
}

export interface CreditPackFilter {
  ids?: string[];
  q?: string;
  active?: boolean;
}

export function pageCreditPacks(db: Executor, filter: CreditPackFilter, page: PageQuery) {
  let query = db.selectFrom('credit_packs as c').selectAll('c');
  if (filter.ids) query = query.where('c.id', 'in', idsOrNone(filter.ids));
  if (filter.q) query = query.where('c.name', 'ilike', `%${escapeLike(filter.q)}%`);
  if (filter.active !== undefined) query = query.where('c.active', '=', filter.active);
  return fetchPage(query, page, 'c.id');
}
