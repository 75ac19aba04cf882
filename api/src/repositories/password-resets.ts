import { sql } from 'kysely';
import type { Executor } from '../db/database.ts';

/**
 * How many reset links the account was sent since `since`, counted under a lock on the account's
 * row: until the caller's transaction ends, no other request (in any process) counts for it.
 */
export async function lockAndCountResetTokens(db: Executor, userId: string, since: Date): Promise<number> {
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  const row = await db
    .selectFrom('password_reset_tokens')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Stores a new reset token (its hash) beside the account's earlier ones, which stay valid until
 * they expire or are used; rows from before `keepSince` (long expired, past the count) go.
 */
export async function addResetToken(db: Executor, userId: string, tokenHash: string, expiresAt: Date, now: Date, keepSince: Date): Promise<void> {
  await db.deleteFrom('password_reset_tokens').where('user_id', '=', userId).where('created_at', '<=', keepSince).execute();
  await db.insertInto('password_reset_tokens').values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt, used_at: null, created_at: now }).execute();
}

/** Ends every unused reset token of the account now (its password changed, or it signed out everywhere). */
export async function endResetTokens(db: Executor, userId: string, now: Date): Promise<void> {
  await db.updateTable('password_reset_tokens').set({ expires_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).where('expires_at', '>', now).execute();
}

/** The token's state as a reset sees it: whose, whether used or expired, whether the account is active. */
export function findResetToken(db: Executor, tokenHash: string) {
  return db
    .selectFrom('password_reset_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.user_id', 't.expires_at', 't.used_at', 'u.deleted_at'])
    .where('t.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Uses the token, once: of concurrent resets with it, one gets the user id. */
export async function useResetToken(db: Executor, tokenHash: string, now: Date): Promise<string | undefined> {
  const row = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where(({ exists, selectFrom }) => exists(selectFrom('users').select(sql`1`.as('x')).whereRef('users.id', '=', 'password_reset_tokens.user_id').where('users.deleted_at', 'is', null)))
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}
