import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.

/**
 * Closures: staff block one or more facilities for a time range (maintenance, an event, the
 * weather). A closure is one row in `closures` (what staff wrote: local start and end, reason,
 * kind) and one row per facility in `closure_facilities` with the instants in that facility's
 * zone.
 *
 * The no-overlap guarantee covers them in PostgreSQL itself, whatever path writes: the exclusion
 * constraint works on one table only, so each side checks the other under the facility's
 * schedule lock (the same `booking-schedule:<id>` transaction lock every booking writer takes),
 * and the check runs in a PL/pgSQL trigger, on a snapshot taken after the lock:
 * - a live booking (pending or confirmed) inserted or moved into a closed range fails with
 *   SQLSTATE CSH02;
 * - a closure placed over a live booking fails with SQLSTATE CSH03.
 * Two transactions racing (a closure and a booking) queue on the lock; the second sees the
 * first's committed row and fails.
 * Changes to `closure_facilities` NOTIFY `bookings:<facility id>`, like bookings, so cached free
 * slots are dropped.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('closures')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN ('maintenance', 'event', 'weather', 'other')`))
    .addColumn('reason', 'text', (c) => c.notNull())
    // As staff wrote them ("2026-12-02T08:00"), local to each facility.
    .addColumn('start_local', 'text', (c) => c.notNull())
    .addColumn('end_local', 'text', (c) => c.notNull())
    .addColumn('created_by', 'uuid', (c) => c.references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('closure_facilities')
    .addColumn('closure_id', 'uuid', (c) => c.notNull().references('closures.id').onDelete('cascade'))
    .addColumn('facility_id', 'uuid', (c) => c.notNull().references('facilities.id'))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('closure_facilities_pkey', ['closure_id', 'facility_id'])
    .addCheckConstraint('closure_facilities_range', sql`ends_at > starts_at`)
    .execute();
  await sql`CREATE INDEX closure_facilities_range_idx ON closure_facilities USING gist (facility_id, tstzrange(starts_at, ends_at, '[)'))`.execute(db);

  await sql`
    CREATE FUNCTION courtside_booking_not_closed() RETURNS trigger LANGUAGE plpgsql VOLATILE AS $$
    BEGIN
      PERFORM pg_advisory_xact_lock(hashtextextended('booking-schedule:' || NEW.facility_id::text, 0));
      IF EXISTS (
        SELECT 1 FROM closure_facilities c
         WHERE c.facility_id = NEW.facility_id
           AND tstzrange(c.starts_at, c.ends_at, '[)') && tstzrange(NEW.starts_at, NEW.ends_at, '[)')
      ) THEN
        RAISE EXCEPTION 'the facility is closed at that time' USING ERRCODE = 'CSH02';
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER bookings_not_closed_insert AFTER INSERT ON bookings
    FOR EACH ROW WHEN (NEW.status IN ('pending', 'confirmed'))
    EXECUTE FUNCTION courtside_booking_not_closed()`.execute(db);
  await sql`
    CREATE TRIGGER bookings_not_closed_update AFTER UPDATE OF facility_id, starts_at, ends_at, status ON bookings
    FOR EACH ROW WHEN (NEW.status IN ('pending', 'confirmed') AND (
      OLD.status NOT IN ('pending', 'confirmed') OR OLD.facility_id <> NEW.facility_id
      OR OLD.starts_at <> NEW.starts_at OR OLD.ends_at <> NEW.ends_at))
    EXECUTE FUNCTION courtside_booking_not_closed()`.execute(db);

  await sql`
    CREATE FUNCTION courtside_closure_free() RETURNS trigger LANGUAGE plpgsql VOLATILE AS $$
    BEGIN
      PERFORM pg_advisory_xact_lock(hashtextextended('booking-schedule:' || NEW.facility_id::text, 0));
      IF EXISTS (
        SELECT 1 FROM bookings b
         WHERE b.facility_id = NEW.facility_id AND b.status IN ('pending', 'confirmed')
           AND tstzrange(b.starts_at, b.ends_at, '[)') && tstzrange(NEW.starts_at, NEW.ends_at, '[)')
      ) THEN
        RAISE EXCEPTION 'a live booking is in the way of the closure' USING ERRCODE = 'CSH03';
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER closure_facilities_free AFTER INSERT OR UPDATE ON closure_facilities
    FOR EACH ROW EXECUTE FUNCTION courtside_closure_free()`.execute(db);
  // The same notice as a booking's: the facility's free slots changed.
  await sql`
    CREATE TRIGGER closure_facilities_notify_change AFTER INSERT OR UPDATE OR DELETE ON closure_facilities
    FOR EACH ROW EXECUTE FUNCTION courtside_notify_booking_change()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER bookings_not_closed_update ON bookings`.execute(db);
  await sql`DROP TRIGGER bookings_not_closed_insert ON bookings`.execute(db);
  await db.schema.dropTable('closure_facilities').execute();
  await db.schema.dropTable('closures').execute();
  await sql`DROP FUNCTION courtside_closure_free()`.execute(db);
  await sql`DROP FUNCTION courtside_booking_not_closed()`.execute(db);
}
