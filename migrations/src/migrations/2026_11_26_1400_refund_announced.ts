import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.

/**
 * A refund the customer was already told of in the message that cancelled its booking ("Your
 * $20.00 will be refunded ...") needs no second "refund sent" message: one cancellation, one
 * email. Refunds recorded before this were never announced that way, so they keep their message.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE refunds ADD COLUMN announced boolean NOT NULL DEFAULT false`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE refunds DROP COLUMN announced`.execute(db);
}
