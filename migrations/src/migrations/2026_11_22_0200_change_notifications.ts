import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.

/**
 * Every committed change to a facility or to the bookings of one says so on the
 * `courtside_changes` channel, with `facility:<id>` or `bookings:<facility id>` as payload. API processes LISTEN to it to
 * drop what they cached about that facility (free slots, the facility row), whichever process
 * or tool made the change. NOTIFY is transactional: nothing is sent for a rolled-back change,
 * and repeated payloads in one transaction are sent once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION courtside_notify_booking_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('courtside_changes', 'bookings:' || OLD.facility_id); END IF;
      IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.facility_id IS DISTINCT FROM OLD.facility_id) THEN
        PERFORM pg_notify('courtside_changes', 'bookings:' || NEW.facility_id);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION courtside_notify_facility_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('courtside_changes', 'facility:' || COALESCE(NEW.id, OLD.id));
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER bookings_notify_change AFTER INSERT OR UPDATE OR DELETE ON bookings
    FOR EACH ROW EXECUTE FUNCTION courtside_notify_booking_change()`.execute(db);
  await sql`
    CREATE TRIGGER facilities_notify_change AFTER INSERT OR UPDATE OR DELETE ON facilities
    FOR EACH ROW EXECUTE FUNCTION courtside_notify_facility_change()`.execute(db);
  // TRUNCATE has no rows to name: an empty payload means "everything may have changed".
  await sql`
    CREATE FUNCTION courtside_notify_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('courtside_changes', '');
      RETURN NULL;
    END $$`.execute(db);
  for (const table of ['bookings', 'facilities']) {
    await sql`CREATE TRIGGER ${sql.raw(`${table}_notify_truncate`)} AFTER TRUNCATE ON ${sql.table(table)}
      FOR EACH STATEMENT EXECUTE FUNCTION courtside_notify_truncate()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['bookings', 'facilities']) {
    await sql`DROP TRIGGER ${sql.raw(`${table}_notify_truncate`)} ON ${sql.table(table)}`.execute(db);
  }
  await sql`DROP TRIGGER facilities_notify_change ON facilities`.execute(db);
  await sql`DROP TRIGGER bookings_notify_change ON bookings`.execute(db);
  await sql`DROP FUNCTION courtside_notify_truncate()`.execute(db);
  await sql`DROP FUNCTION courtside_notify_facility_change()`.execute(db);
  await sql`DROP FUNCTION courtside_notify_booking_change()`.execute(db);
}
