import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.

/**
 * Password reset links: several per account, each valid until it expires or is used (asking
 * again no longer voids the link already in the customer's inbox). The rows of the last day
 * also count the account's reset mail against its daily cap; older ones are deleted as new
 * ones come. The token's hash becomes the key; (user_id, created_at) serves the count.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE password_reset_tokens DROP CONSTRAINT password_reset_tokens_pkey`.execute(db);
  await sql`ALTER TABLE password_reset_tokens DROP CONSTRAINT password_reset_tokens_token_hash_key`.execute(db);
  await sql`ALTER TABLE password_reset_tokens ADD PRIMARY KEY (token_hash)`.execute(db);
  await sql`CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id, created_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // Back to one row per account: its newest.
  await sql`DELETE FROM password_reset_tokens t WHERE EXISTS (
    SELECT 1 FROM password_reset_tokens n WHERE n.user_id = t.user_id AND (n.created_at, n.token_hash) > (t.created_at, t.token_hash))`.execute(db);
  await sql`DROP INDEX password_reset_tokens_user_idx`.execute(db);
  await sql`ALTER TABLE password_reset_tokens DROP CONSTRAINT password_reset_tokens_pkey`.execute(db);
  await sql`ALTER TABLE password_reset_tokens ADD CONSTRAINT password_reset_tokens_token_hash_key UNIQUE (token_hash)`.execute(db);
  await sql`ALTER TABLE password_reset_tokens ADD PRIMARY KEY (user_id)`.execute(db);
}
