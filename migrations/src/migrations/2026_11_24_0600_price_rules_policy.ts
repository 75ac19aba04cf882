import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.

/**
 * Prices and rules per facility:
 * - `facilities.price_rules`: the ordered price rules as stored by the domain (`PriceRule[]`:
 *   days, from, to, validFrom?, validTo?, pricePerHourCents); an empty list prices every minute at
 *   `price_per_hour_cents`, exactly as before.
 * - `facilities.policy`: the facility's booking policy (`FacilityPolicy`); a missing field is the
 *   global default, so `{}` behaves exactly as before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('facilities')
    .addColumn('price_rules', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('policy', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('facilities').dropColumn('policy').dropColumn('price_rules').execute();
}
