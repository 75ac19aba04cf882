import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.

/**
 * Moves under the rules of new bookings:
 * - `courtside_reserve_booking(user, max holds, facility, max here, max at the venue, now, except)`:
 *   the one check of a customer's hold cap and quotas, now also for a booking that moves: the
 *   booking being moved (`except`) is not counted, so a move within a facility is not a second
 *   booking there, and a move into another facility counts as one there. Same per-customer lock,
 *   same fresh snapshot after it, same SQLSTATEs (CSH01, CSH04). The booking insert calls this one
 *   too (with no `except`); the six-argument one of 2026_11_24_0700 is no longer called.
 * - `bookings.balance_cents`: what a paid booking that staff moved to a slot at another price
 *   still owes (positive: to collect) or is owed (negative: to give back), against the price it
 *   was paid at (`payable_cents`, which stays what was paid). 0 for every other booking.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION courtside_reserve_booking(p_user uuid, p_max_holds integer, p_facility uuid,
                                              p_max_here integer, p_max_venue integer, p_now timestamptz,
                                              p_except uuid) RETURNS boolean
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
         AND (status = 'confirmed' OR (status = 'pending' AND hold_expires_at > p_now))
         AND id IS DISTINCT FROM p_except;
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
  await sql`ALTER TABLE bookings ADD COLUMN balance_cents integer NOT NULL DEFAULT 0`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE bookings DROP COLUMN balance_cents`.execute(db);
  await sql`DROP FUNCTION courtside_reserve_booking(uuid, integer, uuid, integer, integer, timestamptz, uuid)`.execute(db);
}
