import type { WalletEntryKind } from '@courtside/domain';
import type { WalletEntryRow } from '@courtside/migrations';
import type { Executor } from '../db/database.ts';

/**
 * The wallet's ledger and balance (migration 2026_11_29_0100_wallet). Entries are only ever
 * inserted; the balance follows them in PostgreSQL (sql/courtside_wallet_ledger.sql).
 */

export interface NewEntry {
  userId: string;
  kind: WalletEntryKind;
  amountCents: number;
  reason: string;
  staffId?: string | null;
  orderId?: string | null;
  refundId?: string | null;
  voucherId?: string | null;
  expiresAt?: Date | null;
  expiresEntryId?: string | null;
}

/** Appends one entry; the balance moves with it, and an entry that would take it below zero fails (23514, wallets_never_negative). */
export function addEntry(db: Executor, e: NewEntry, now: Date): Promise<WalletEntryRow> {
  return db
    .insertInto('wallet_entries')
    .values({
      user_id: e.userId,
      kind: e.kind,
      amount_cents: e.amountCents,
      reason: e.reason,
      staff_id: e.staffId ?? null,
      order_id: e.orderId ?? null,
      refund_id: e.refundId ?? null,
      voucher_id: e.voucherId ?? null,
      expires_at: e.expiresAt ?? null,
      expires_entry_id: e.expiresEntryId ?? null,
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The balance, its row locked until the transaction ends: what this transaction spends, no other can. */
export async function lockBalance(db: Executor, userId: string): Promise<number> {
  const row = await db.selectFrom('wallets').select('balance_cents').where('user_id', '=', userId).forUpdate().executeTakeFirst();
  return row?.balance_cents ?? 0;
}

export async function balanceOf(db: Executor, userId: string): Promise<number> {
  const row = await db.selectFrom('wallets').select('balance_cents').where('user_id', '=', userId).executeTakeFirst();
  return row?.balance_cents ?? 0;
}

/** The whole ledger of a customer, oldest first: what the expiry rules replay. */
export function ledgerOf(db: Executor, userId: string): Promise<WalletEntryRow[]> {
  return db.selectFrom('wallet_entries').selectAll().where('user_id', '=', userId).orderBy('seq').execute();
}

/** Bonus credit due to run out by `until` that no expiry entry closed yet, soonest first. */
export function bonusesDueBy(db: Executor, until: Date, limit: number): Promise<WalletEntryRow[]> {
  return db
    .selectFrom('wallet_entries as b')
    .selectAll('b')
    .where('b.expires_at', '<=', until)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('wallet_entries as x').select('x.id').whereRef('x.expires_entry_id', '=', 'b.id'))))
    .orderBy('b.expires_at')
    .limit(limit)
    .execute();
}

/** Bonus credit running out between `from` and `until` whose customer was not told yet. */
export function bonusesToNotice(db: Executor, from: Date, until: Date, limit: number): Promise<WalletEntryRow[]> {
  return db
    .selectFrom('wallet_entries as b')
    .selectAll('b')
    .where('b.expires_at', '>', from)
    .where('b.expires_at', '<=', until)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('wallet_expiry_notices as n').select('n.entry_id').whereRef('n.entry_id', '=', 'b.id'))))
    .orderBy('b.expires_at')
    .limit(limit)
    .execute();
}

/** Records that a bonus's customer was told it runs out; false when another sweep told them already. */
export async function markExpiryNoticed(db: Executor, entryId: string, now: Date): Promise<boolean> {
  const row = await db.insertInto('wallet_expiry_notices').values({ entry_id: entryId, sent_at: now }).onConflict((oc) => oc.column('entry_id').doNothing()).returning('entry_id').executeTakeFirst();
  return row !== undefined;
}

/** A customer's latest entries, newest first, with the name of the staff member behind each (an adjustment, a desk top-up). */
export function recentEntriesWithStaff(db: Executor, userId: string, limit: number): Promise<(WalletEntryRow & { staff_name: string | null })[]> {
  return db
    .selectFrom('wallet_entries as e')
    .leftJoin('users as s', 's.id', 'e.staff_id')
    .selectAll('e')
    .select('s.name as staff_name')
    .where('e.user_id', '=', userId)
    .orderBy('e.seq', 'desc')
    .limit(limit)
    .execute();
}
