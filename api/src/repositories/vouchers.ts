import type { Executor } from '../db/database.ts';
import { fetchPage, type PageQuery, idsOrNone } from './listing.ts';
import { escapeLike } from './users.ts';

/**
 * Gift vouchers (migration 2026_11_29_0100_wallet). Only a code's SHA-256 is stored, and its last
 * four characters for staff to recognise it: nothing here can give a code back.
 */

export interface NewVoucher {
  codeHash: string;
  codeHint: string;
  valueCents: number;
  expiresAt: Date | null;
  createdBy: string | null;
  orderId: string | null;
  recipientEmail: string | null;
}

/** A voucher as staff see it: never its hash, with the names of who made and who redeemed it. */
export interface VoucherView {
  id: string;
  code_hint: string;
  value_cents: number;
  expires_at: Date | null;
  created_by_name: string | null;
  order_id: string | null;
  recipient_email: string | null;
  redeemed_by_name: string | null;
  redeemed_at: Date | null;
  created_at: Date;
}

const voucherRow = (v: NewVoucher, now: Date) => ({
  code_hash: v.codeHash,
  code_hint: v.codeHint,
  value_cents: v.valueCents,
  expires_at: v.expiresAt,
  created_by: v.createdBy,
  order_id: v.orderId,
  recipient_email: v.recipientEmail,
  created_at: now,
});

export function insertVoucher(db: Executor, v: NewVoucher, now: Date): Promise<{ id: string }> {
  return db.insertInto('vouchers').values(voucherRow(v, now)).returning('id').executeTakeFirstOrThrow();
}

/**
 * Issues the voucher an order paid for, once: a second call for the same order (a provider's
 * event delivered twice) inserts nothing (order_id is unique) and answers undefined.
 */
export function insertVoucherForOrder(db: Executor, v: NewVoucher & { orderId: string }, now: Date): Promise<{ id: string } | undefined> {
  return db
    .insertInto('vouchers')
    .values(voucherRow({ ...v, createdBy: null }, now))
    .onConflict((oc) => oc.column('order_id').doNothing())
    .returning('id')
    .executeTakeFirst();
}

/**
 * Marks the voucher with this code redeemed by `userId`, if it is still unredeemed and unexpired
 * at `now`. One statement decides: of concurrent redeemers the row lock lets one through, and the
 * others re-read the row redeemed and update nothing.
 */
export function claimVoucher(db: Executor, codeHash: string, userId: string, now: Date): Promise<{ id: string; value_cents: number; code_hint: string } | undefined> {
  return db
    .updateTable('vouchers')
    .set({ redeemed_by: userId, redeemed_at: now })
    .where('code_hash', '=', codeHash)
    .where('redeemed_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .returning(['id', 'value_cents', 'code_hint'])
    .executeTakeFirst();
}

/** Why a code could not be claimed: it is unknown (undefined), or here is its state. */
export function voucherState(db: Executor, codeHash: string): Promise<{ redeemed_at: Date | null; expires_at: Date | null } | undefined> {
  return db.selectFrom('vouchers').select(['redeemed_at', 'expires_at']).where('code_hash', '=', codeHash).executeTakeFirst();
}

function shownVouchers(db: Executor) {
  return db
    .selectFrom('vouchers as v')
    .leftJoin('users as maker', 'maker.id', 'v.created_by')
    .leftJoin('users as redeemer', 'redeemer.id', 'v.redeemed_by')
    .select([
      'v.id', 'v.code_hint', 'v.value_cents', 'v.expires_at', 'v.order_id', 'v.recipient_email', 'v.redeemed_at', 'v.created_at',
      'maker.name as created_by_name', 'redeemer.name as redeemed_by_name',
    ]);
}

export function findVoucher(db: Executor, id: string): Promise<VoucherView | undefined> {
  return shownVouchers(db).where('v.id', '=', id).executeTakeFirst();
}

export interface VoucherFilter {
  ids?: string[];
  /** Part of the code's last four characters. */
  q?: string;
  redeemed?: boolean;
}

export function pageVouchers(db: Executor, filter: VoucherFilter, page: PageQuery): Promise<{ rows: VoucherView[]; total: number }> {
  let query = shownVouchers(db);
  if (filter.ids) query = query.where('v.id', 'in', idsOrNone(filter.ids));
  if (filter.q) query = query.where('v.code_hint', 'like', `%${escapeLike(filter.q)}%`);
  if (filter.redeemed !== undefined) query = query.where('v.redeemed_at', filter.redeemed ? 'is not' : 'is', null);
  return fetchPage(query, page, 'v.id');
}

