import { sql } from 'kysely';
import type { Executor } from '../db/database.ts';

/** Stores a user's one live reset token (its hash), replacing any earlier one. */
export async function saveResetToken(db: Executor, userId: string, tokenHash: string, expiresAt: Date, now: Date): Promise<void> {
  await db
    .insertInto('password_reset_tokens')
    .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt, used_at: null, created_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ token_hash: tokenHash, expires_at: expiresAt, used_at: null }))
    .execute();
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
