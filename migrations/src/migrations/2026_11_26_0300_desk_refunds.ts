import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.

/**
 * Desk money is refunded at the desk: such a refund waits as 'to_collect' (a to-do for staff)
 * until a staff member records handing it back, with who and when. Desk refunds recorded
 * before this stay as they were (succeeded).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE refunds DROP CONSTRAINT refunds_status_check`.execute(db);
  await sql`ALTER TABLE refunds ADD CONSTRAINT refunds_status_check CHECK (status IN ('pending', 'succeeded', 'failed', 'to_collect'))`.execute(db);
  await sql`ALTER TABLE refunds
    ADD COLUMN handed_back_at timestamptz,
    ADD COLUMN handed_back_by uuid REFERENCES users (id),
    ADD CONSTRAINT refunds_handed_back_whole CHECK ((handed_back_at IS NULL) = (handed_back_by IS NULL))`.execute(db);
  // The back office's to-do list of money to hand back.
  await sql`CREATE INDEX refunds_to_collect_idx ON refunds (created_at) WHERE status = 'to_collect'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX refunds_to_collect_idx`.execute(db);
  await sql`ALTER TABLE refunds DROP CONSTRAINT refunds_handed_back_whole, DROP COLUMN handed_back_by, DROP COLUMN handed_back_at`.execute(db);
  await sql`UPDATE refunds SET status = 'succeeded' WHERE status = 'to_collect'`.execute(db);
  await sql`ALTER TABLE refunds DROP CONSTRAINT refunds_status_check`.execute(db);
  await sql`ALTER TABLE refunds ADD CONSTRAINT refunds_status_check CHECK (status IN ('pending', 'succeeded', 'failed'))`.execute(db);
}
