import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.

/**
 * New bookings are no longer notified by the trigger: a NOTIFY inside a transaction takes a
 * database-wide lock from its commit until the commit is flushed, so every booking insert
 * queued behind the previous one's fsync (measured: about 600 inserts/s with the trigger,
 * 1,400+ without). The API, the only writer of new bookings, announces each one right after
 * its commit instead, in a statement of its own (repositories/changes.ts). Changes to existing
 * bookings (cancel, expire, pay, move) still notify from the trigger.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER bookings_notify_change ON bookings`.execute(db);
  await sql`
    CREATE TRIGGER bookings_notify_change AFTER UPDATE OR DELETE ON bookings
    FOR EACH ROW EXECUTE FUNCTION courtside_notify_booking_change()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER bookings_notify_change ON bookings`.execute(db);
  await sql`
    CREATE TRIGGER bookings_notify_change AFTER INSERT OR UPDATE OR DELETE ON bookings
    FOR EACH ROW EXECUTE FUNCTION courtside_notify_booking_change()`.execute(db);
}
