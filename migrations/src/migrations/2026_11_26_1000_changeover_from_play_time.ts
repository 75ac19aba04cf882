import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.

/**
 * A facility's changeover comes out of the end of each booking's play instead of being kept free
 * after it: a booking holds exactly its booked range, so the slots either side stay on sale and
 * a customer can book the slot straight after their own. bookings_no_overlap, over exactly
 * [starts_at, ends_at), is the one guarantee again; the widened bookings_changeover goes, and so
 * does blocked_until with the trigger that stamped it.
 *
 * `bookings.changeover_minutes` is what play gives up at the end of the booking: the facility's
 * `policy.bufferMinutes` when the booking was made or moved (a trigger stamps it, as it stamped
 * blocked_until, so a changeover set later applies to bookings made after it, as a price does),
 * and always shorter than the booking (some play is left). Bookings made before this were sold
 * their whole booked time with the changeover after it: they keep 0, play to their end.
 * A facility whose changeover does not fit in one of its slots (no play left) has it removed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE bookings DROP CONSTRAINT bookings_changeover`.execute(db);
  await sql`DROP TRIGGER bookings_blocked_until ON bookings`.execute(db);
  await sql`DROP FUNCTION courtside_set_blocked_until()`.execute(db);
  await sql`ALTER TABLE bookings DROP COLUMN blocked_until`.execute(db);

  await sql`UPDATE facilities SET policy = policy - 'bufferMinutes'
    WHERE (policy->>'bufferMinutes')::integer >= slot_minutes`.execute(db);

  await sql`ALTER TABLE bookings ADD COLUMN changeover_minutes integer NOT NULL DEFAULT 0`.execute(db);
  await sql`ALTER TABLE bookings ADD CONSTRAINT bookings_changeover_leaves_play
    CHECK (changeover_minutes >= 0 AND starts_at + make_interval(mins => changeover_minutes) < ends_at)`.execute(db);
  await sql`
    CREATE FUNCTION courtside_set_changeover_minutes() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      NEW.changeover_minutes := COALESCE(
        (SELECT (policy->>'bufferMinutes')::integer FROM facilities WHERE id = NEW.facility_id), 0);
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER bookings_changeover_minutes BEFORE INSERT OR UPDATE OF facility_id, starts_at, ends_at ON bookings
    FOR EACH ROW EXECUTE FUNCTION courtside_set_changeover_minutes()`.execute(db);
}

/** Back to the buffer kept after each booking: each booking's changeover becomes its blocked time again. */
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER bookings_changeover_minutes ON bookings`.execute(db);
  await sql`DROP FUNCTION courtside_set_changeover_minutes()`.execute(db);
  await sql`ALTER TABLE bookings ADD COLUMN blocked_until timestamptz`.execute(db);
  await sql`UPDATE bookings SET blocked_until = ends_at + make_interval(mins => changeover_minutes)`.execute(db);
  await sql`ALTER TABLE bookings ALTER COLUMN blocked_until SET NOT NULL`.execute(db);
  await sql`ALTER TABLE bookings DROP COLUMN changeover_minutes`.execute(db);
  await sql`
    CREATE FUNCTION courtside_set_blocked_until() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      NEW.blocked_until := NEW.ends_at + make_interval(mins => COALESCE(
        (SELECT (policy->>'bufferMinutes')::integer FROM facilities WHERE id = NEW.facility_id), 0));
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER bookings_blocked_until BEFORE INSERT OR UPDATE OF facility_id, starts_at, ends_at ON bookings
    FOR EACH ROW EXECUTE FUNCTION courtside_set_blocked_until()`.execute(db);
  await sql`
    ALTER TABLE bookings ADD CONSTRAINT bookings_changeover
    EXCLUDE USING gist (facility_id WITH =, tstzrange(starts_at, blocked_until, '[)') WITH &&)
    WHERE (status IN ('pending', 'confirmed'))`.execute(db);
}
