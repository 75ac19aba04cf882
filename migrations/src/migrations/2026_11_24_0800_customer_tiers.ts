import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.

/**
 * Customer tiers (Member, Junior, Coach...):
 * - `tiers`: a name (unique whatever its case) and exactly one of `discount_percent` (1-100) or
 *   `facility_prices` (the domain's stored `Record<facilityId, TierFacilityPrices>`, in cents).
 * - `users.tier_id` / `users.tier_expires_at`: the customer's tier and when it stops counting
 *   (null: never). The foreign key refuses deleting a tier someone still holds (SQLSTATE 23503),
 *   whatever path deletes it.
 * - A tier's prices are part of what the API keeps in memory per signed-in customer (their
 *   auth state), so a change to a tier says `user:<ids>` for the customers holding it, in
 *   batches of 100 ids (a NOTIFY payload stays under 8,000 bytes).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tiers')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('discount_percent', 'integer')
    .addColumn('facility_prices', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('tiers_one_kind', sql`(discount_percent IS NULL) <> (facility_prices IS NULL)`)
    .addCheckConstraint('tiers_discount_range', sql`discount_percent BETWEEN 1 AND 100`)
    .addCheckConstraint('tiers_facility_prices_object', sql`jsonb_typeof(facility_prices) = 'object'`)
    .execute();
  await sql`CREATE UNIQUE INDEX tiers_name_unique ON tiers (lower(name))`.execute(db);

  await db.schema
    .alterTable('users')
    .addColumn('tier_id', 'uuid', (c) => c.references('tiers.id').onDelete('restrict'))
    .addColumn('tier_expires_at', 'timestamptz')
    .execute();
  await sql`CREATE INDEX users_tier_idx ON users (tier_id) WHERE tier_id IS NOT NULL`.execute(db);

  await sql`
    CREATE FUNCTION courtside_notify_tier_change() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      ids text;
    BEGIN
      FOR ids IN
        SELECT string_agg(h.id::text, ',')
          FROM (SELECT id, (row_number() OVER (ORDER BY id) - 1) / 100 AS batch FROM users WHERE tier_id = OLD.id) h
         GROUP BY h.batch
      LOOP
        PERFORM pg_notify('courtside_changes', 'user:' || ids);
      END LOOP;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER tiers_notify_change AFTER UPDATE OR DELETE ON tiers
    FOR EACH ROW EXECUTE FUNCTION courtside_notify_tier_change()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER tiers_notify_change ON tiers`.execute(db);
  await sql`DROP FUNCTION courtside_notify_tier_change()`.execute(db);
  await db.schema.alterTable('users').dropColumn('tier_expires_at').dropColumn('tier_id').execute();
  await db.schema.dropTable('tiers').execute();
}
