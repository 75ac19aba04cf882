import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.

/**
 * Changeover buffers and booking quotas, both enforced by the database:
 * - `bookings.blocked_until`: when the facility is free again after a booking, its end plus the
 *   facility's `policy.bufferMinutes` at the moment the booking was made or moved (a trigger sets
 *   it from the facility row, so no writer can forget it). A buffer changed later applies to
 *   bookings made after the change, as a price change does.
 * - `bookings_changeover`: a second exclusion constraint over `[starts_at, blocked_until)`. Two
 *   bookings closer than the first one's buffer cannot both exist. `bookings_no_overlap` stays:
 *   it is older, so PostgreSQL checks it first (indexes are checked in creation order) and a
 *   true overlap still reports as the slot being taken; only a booking that the buffer alone
 *   keeps out fails on `bookings_changeover` (mapped to BUFFER).
 * - `courtside_reserve_booking(user, max holds, facility, max here, max at the venue, now)`: the
 *   hold cap, then the quotas on a customer's active upcoming bookings (held or confirmed, not yet
 *   ended) at one facility and at the whole venue, counted under the customer's transaction lock
 *   (the hold cap's lock: one per customer) on a snapshot taken after it, so one customer booking
 *   from twenty tabs at once never gets past the quota. SQLSTATE CSH04, DETAIL 'facility <count>'
 *   or 'venue <count>'.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE bookings ADD COLUMN blocked_until timestamptz`.execute(db);
  await sql`UPDATE bookings SET blocked_until = ends_at`.execute(db);
  await sql`ALTER TABLE bookings ALTER COLUMN blocked_until SET NOT NULL`.execute(db);
  await sql`ALTER TABLE bookings ADD CONSTRAINT bookings_blocked_after_end CHECK (blocked_until >= ends_at)`.execute(db);
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

  await sql`
    CREATE FUNCTION courtside_reserve_booking(p_user uuid, p_max_holds integer, p_facility uuid,
                                              p_max_here integer, p_max_venue integer, p_now timestamptz) RETURNS boolean
    LANGUAGE plpgsql VOLATILE AS $$
    DECLARE
      at_venue integer;
      here integer;
    BEGIN
      PERFORM courtside_reserve_hold(p_user, p_max_holds, p_now);
      IF p_max_here IS NULL AND p_max_venue IS NULL THEN
        RETURN true;
      END IF;
      -- The hold cap's lock (taking it twice in one transaction is fine): one lock per customer.
      PERFORM pg_advisory_xact_lock(hashtextextended('customer-holds:' || p_user::text, 0));
      -- A booking that has not ended started at most two days ago (no booking lasts longer).
      SELECT count(*), count(*) FILTER (WHERE facility_id = p_facility) INTO at_venue, here
        FROM bookings
       WHERE user_id = p_user AND starts_at > p_now - interval '2 days' AND ends_at > p_now
         AND (status = 'confirmed' OR (status = 'pending' AND hold_expires_at > p_now));
      IF at_venue >= p_max_venue THEN
        RAISE EXCEPTION 'customer % has % active bookings at the venue', p_user, at_venue
          USING ERRCODE = 'CSH04', DETAIL = 'venue ' || at_venue;
      END IF;
      IF here >= p_max_here THEN
        RAISE EXCEPTION 'customer % has % active bookings at facility %', p_user, here, p_facility
          USING ERRCODE = 'CSH04', DETAIL = 'facility ' || here;
      END IF;
      RETURN true;
    END $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP FUNCTION courtside_reserve_booking(uuid, integer, uuid, integer, integer, timestamptz)`.execute(db);
  await sql`ALTER TABLE bookings DROP CONSTRAINT bookings_changeover`.execute(db);
  await sql`DROP TRIGGER bookings_blocked_until ON bookings`.execute(db);
  await sql`DROP FUNCTION courtside_set_blocked_until()`.execute(db);
  await sql`ALTER TABLE bookings DROP COLUMN blocked_until`.execute(db);
}
