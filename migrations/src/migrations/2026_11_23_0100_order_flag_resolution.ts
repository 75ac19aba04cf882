import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.

/**
 * Staff can mark a flagged order resolved: when and by whom. The flag's reason stays as
 * history; "flagged" in the back office means flagged and not resolved yet, which the partial
 * index keeps cheap for the dashboard's count.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('flag_resolved_at', 'timestamptz')
    .addColumn('flag_resolved_by', 'uuid', (c) => c.references('users.id'))
    .execute();
  await sql`CREATE INDEX orders_open_flags_idx ON orders (created_at DESC) WHERE flag_reason IS NOT NULL AND flag_resolved_at IS NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_open_flags_idx').execute();
  await db.schema.alterTable('orders').dropColumn('flag_resolved_by').dropColumn('flag_resolved_at').execute();
}
