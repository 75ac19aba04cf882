import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.

/**
 * The front desk: staff book for customers who phone or walk in, take payment at the desk, and
 * set up weekly series.
 * - `users.password_hash` may be null: a customer staff booked without an account has no password
 *   until they claim it through password reset.
 * - `bookings.booked_by` (the staff member who made it), `bookings.note` (what the desk wrote),
 *   `bookings.series_id` (the weekly series it is an occurrence of).
 * - `orders.taken_by`: the staff member who took a desk payment (provider 'desk').
 * - `booking_series`: what staff asked for (local first date, times, every 1 or 2 weeks, until);
 *   its occurrences are ordinary bookings under the same guarantees.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE users ALTER COLUMN password_hash DROP NOT NULL`.execute(db);
  await db.schema
    .createTable('booking_series')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('facility_id', 'uuid', (c) => c.notNull().references('facilities.id'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('first_date', 'text', (c) => c.notNull())
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text', (c) => c.notNull())
    .addColumn('every_weeks', 'integer', (c) => c.notNull().check(sql`every_weeks IN (1, 2)`))
    .addColumn('last_date', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('created_by', 'uuid', (c) => c.references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .alterTable('bookings')
    .addColumn('booked_by', 'uuid', (c) => c.references('users.id'))
    .addColumn('note', 'text')
    .addColumn('series_id', 'uuid', (c) => c.references('booking_series.id'))
    .execute();
  await sql`CREATE INDEX bookings_series_idx ON bookings (series_id, starts_at) WHERE series_id IS NOT NULL`.execute(db);
  await db.schema.alterTable('orders').addColumn('taken_by', 'uuid', (c) => c.references('users.id')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('taken_by').execute();
  await db.schema.alterTable('bookings').dropColumn('series_id').dropColumn('note').dropColumn('booked_by').execute();
  await db.schema.dropTable('booking_series').execute();
  await sql`ALTER TABLE users ALTER COLUMN password_hash SET NOT NULL`.execute(db);
}
