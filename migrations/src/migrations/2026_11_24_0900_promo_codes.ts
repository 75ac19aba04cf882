import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.

/**
 * Promo codes, and the code and discount of the orders that used one:
 * - `promo_codes`: percent or amount off (exactly one), optional validity dates (inclusive, the
 *   venue's calendar), facilities (a JSON array of ids; null: every facility), minimum order,
 *   uses in all and per customer. A code used by an order is never deleted, only soft deleted
 *   (`deleted_at`), so its orders keep it; a live code's text is unique (case-insensitive: codes
 *   are stored in capitals).
 * - `orders.promo_code_id`, `orders.discount_cents`: `amount_cents` is what is charged, after the
 *   discount; the bookings' total before it is `amount_cents + discount_cents`.
 * - `order_bookings.discount_cents`: each booking's share of its order's discount, so a refund of
 *   one booking never gives back more than was paid for it.
 * Uses are counted from the orders (paid, or pending with an open checkout) under a lock on the
 * code's row taken in the order's transaction; an index serves that count.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('promo_codes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('code', 'text', (c) => c.notNull().check(sql`code ~ '^[A-Z0-9][A-Z0-9_-]{2,31}$'`))
    .addColumn('percent_off', 'integer', (c) => c.check(sql`percent_off BETWEEN 1 AND 100`))
    .addColumn('amount_off_cents', 'integer', (c) => c.check(sql`amount_off_cents > 0`))
    .addColumn('valid_from', 'date')
    .addColumn('valid_to', 'date')
    .addColumn('facility_ids', 'jsonb', (c) => c.check(sql`jsonb_typeof(facility_ids) = 'array'`))
    .addColumn('min_amount_cents', 'integer', (c) => c.check(sql`min_amount_cents >= 0`))
    .addColumn('max_uses', 'integer', (c) => c.check(sql`max_uses > 0`))
    .addColumn('max_uses_per_customer', 'integer', (c) => c.check(sql`max_uses_per_customer > 0`))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .addCheckConstraint('promo_codes_one_discount', sql`(percent_off IS NULL) <> (amount_off_cents IS NULL)`)
    .addCheckConstraint('promo_codes_dates_in_order', sql`valid_to >= valid_from`)
    .addCheckConstraint('promo_codes_per_customer_within_total', sql`max_uses_per_customer <= max_uses`)
    .execute();
  await sql`CREATE UNIQUE INDEX promo_codes_live_code ON promo_codes (code) WHERE deleted_at IS NULL`.execute(db);

  await db.schema
    .alterTable('orders')
    .addColumn('promo_code_id', 'uuid', (c) => c.references('promo_codes.id'))
    .addColumn('discount_cents', 'integer', (c) => c.notNull().defaultTo(0).check(sql`discount_cents >= 0`))
    .execute();
  await sql`ALTER TABLE orders ADD CONSTRAINT orders_discount_has_code CHECK (discount_cents = 0 OR promo_code_id IS NOT NULL)`.execute(db);
  await sql`CREATE INDEX orders_promo_code_idx ON orders (promo_code_id, user_id) WHERE promo_code_id IS NOT NULL`.execute(db);

  await db.schema
    .alterTable('order_bookings')
    .addColumn('discount_cents', 'integer', (c) => c.notNull().defaultTo(0).check(sql`discount_cents >= 0`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order_bookings').dropColumn('discount_cents').execute();
  await sql`DROP INDEX orders_promo_code_idx`.execute(db);
  await sql`ALTER TABLE orders DROP CONSTRAINT orders_discount_has_code`.execute(db);
  await db.schema.alterTable('orders').dropColumn('discount_cents').dropColumn('promo_code_id').execute();
  await db.schema.dropTable('promo_codes').execute();
}
