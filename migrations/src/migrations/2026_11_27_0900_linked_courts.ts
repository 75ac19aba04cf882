import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.

/**
 * Linked courts: a facility may be part of another (a pitch's halves, a hall's courts), one
 * level only. A parent and its parts are one ground: a live booking or closure on one occupies
 * the other for its time (two parts of the same parent do not block each other). The rules live
 * in sql/: courtside_schedule_lock keys the lock on the ground (the parent), and
 * courtside_booking_ground_free (which replaces courtside_booking_not_closed) and
 * courtside_closure_free check the linked facilities under it. Deleting a parent row while parts point at it is refused
 * (RESTRICT); the API refuses a soft delete the same way.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE facilities ADD COLUMN parent_id uuid
    CONSTRAINT facilities_parent_fk REFERENCES facilities (id) ON DELETE RESTRICT
    CONSTRAINT facilities_not_own_part CHECK (parent_id <> id)`.execute(db);
  await sql`CREATE INDEX facilities_parent_idx ON facilities (parent_id) WHERE parent_id IS NOT NULL`.execute(db);
  // One trigger checks a booking's whole ground now (closures and linked bookings, one lock call):
  // sql/courtside_booking_ground_free.sql replaces courtside_booking_not_closed and its triggers.
  await sql`DROP TRIGGER bookings_not_closed_insert ON bookings`.execute(db);
  await sql`DROP TRIGGER bookings_not_closed_update ON bookings`.execute(db);
  await sql`DROP FUNCTION courtside_booking_not_closed()`.execute(db);
  await sql`DELETE FROM courtside_sql_files WHERE name = 'courtside_booking_not_closed.sql'`.execute(db);
}

/** Unlinks every facility. Every file of sql/ is applied again on the next migrateToLatest (the closure check included). */
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS bookings_ground_free_insert ON bookings`.execute(db);
  await sql`DROP TRIGGER IF EXISTS bookings_ground_free_update ON bookings`.execute(db);
  await sql`DROP TRIGGER IF EXISTS facilities_one_level ON facilities`.execute(db);
  await sql`DELETE FROM courtside_sql_files`.execute(db);
  await sql`ALTER TABLE facilities DROP COLUMN parent_id`.execute(db);
}
