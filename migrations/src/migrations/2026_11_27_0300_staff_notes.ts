import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.

/** Staff's notes on a customer ("pays cash, prefers court 2"): read and written only in the back office. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE staff_notes (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users (id),
    author_id uuid NOT NULL REFERENCES users (id),
    author_name text NOT NULL,
    text text NOT NULL,
    created_at timestamptz NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX staff_notes_user_idx ON staff_notes (user_id, created_at DESC)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE staff_notes`.execute(db);
}
