import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.

/**
 * Three staff roles replace the single admin (domain/src/roles.ts): every admin becomes an
 * owner, who may do everything an admin could.
 *
 * The audit log: who did what to money, roles, prices and policies. Rows are only ever added, in
 * the transaction of the change they record; sql/courtside_audit_append_only.sql refuses any
 * UPDATE, DELETE or TRUNCATE of them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE users DROP CONSTRAINT IF EXISTS users_role_check`.execute(db);
  await sql`UPDATE users SET role = 'owner' WHERE role = 'admin'`.execute(db);
  await sql`ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('user', 'desk', 'manager', 'owner'))`.execute(db);

  await sql`CREATE TABLE audit_log (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    at timestamptz NOT NULL,
    actor_id uuid NOT NULL REFERENCES users (id),
    actor_name text NOT NULL,
    action text NOT NULL CHECK (action IN ('refund', 'mark-paid', 'settle-balance', 'price-change', 'policy-change', 'role-change', 'staff-invite', 'delete')),
    subject_type text NOT NULL,
    subject_id text NOT NULL,
    summary text NOT NULL,
    detail jsonb NOT NULL DEFAULT '{}'
  )`.execute(db);
  await sql`CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX audit_log_subject_idx ON audit_log (subject_type, subject_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE audit_log`.execute(db);
  await sql`DROP FUNCTION IF EXISTS courtside_audit_append_only()`.execute(db);
  await sql`ALTER TABLE users DROP CONSTRAINT users_role_check`.execute(db);
  await sql`UPDATE users SET role = 'admin' WHERE role <> 'user'`.execute(db);
  await sql`ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('user', 'admin'))`.execute(db);
}
