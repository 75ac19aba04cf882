import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.

/**
 * A hold never outlives its slot's start (domain holdLapsesAt): a pending booking holds its slot
 * while `hold_expires_at > now AND starts_at > now`. A payment link made an hour before a game
 * used to hold it (and count against the customer's cap and quotas) for a day.
 * - `courtside_reserve_hold` and the seven-argument `courtside_reserve_booking` (2026_11_26_0400)
 *   are replaced with the same bodies, their live-hold test now also asking that the slot has
 *   not started. Neither has changeover logic.
 * - `orders.closed_because`: why a checkout that was open stopped taking money, when the order
 *   cannot tell by itself: 'booking_moved' (staff moved a held booking: the page priced the old
 *   time), 'booking_cancelled', 'replaced' (a newer checkout of the same bookings). The payment
 *   page says it to the customer.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION courtside_reserve_hold(p_user uuid, p_max integer, p_now timestamptz) RETURNS boolean
    LANGUAGE plpgsql VOLATILE AS $$
    DECLARE
      held integer;
    BEGIN
      IF p_max IS NULL THEN
        RETURN true;
      END IF;
      PERFORM pg_advisory_xact_lock(hashtextextended('customer-holds:' || p_user::text, 0));
      -- Through bookings_user_idx (this customer's bookings that have not started: a live hold's
      -- slot is still ahead), stopping at the cap. "status || ''" keeps the planner off
      -- bookings_holds_idx, every customer's pending holds, which it would otherwise scan.
      SELECT count(*) INTO held FROM (
        SELECT 1 FROM bookings
         WHERE user_id = p_user AND starts_at > p_now
           AND status || '' = 'pending' AND payment_status = 'unpaid' AND hold_expires_at > p_now
         LIMIT p_max) live;
      IF held >= p_max THEN
        RAISE EXCEPTION 'customer % already holds % unpaid bookings', p_user, held
          USING ERRCODE = 'CSH01', DETAIL = held::text;
      END IF;
      RETURN true;
    END $$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION courtside_reserve_booking(p_user uuid, p_max_holds integer, p_facility uuid,
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
      -- A hold counts while it holds its slot: not expired, and its slot not started.
      SELECT count(*), count(*) FILTER (WHERE facility_id = p_facility) INTO at_venue, here
        FROM bookings
       WHERE user_id = p_user AND starts_at > p_now - interval '2 days' AND ends_at > p_now
         AND (status = 'confirmed' OR (status = 'pending' AND hold_expires_at > p_now AND starts_at > p_now))
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
  await sql`ALTER TABLE orders ADD COLUMN closed_because text
    CONSTRAINT orders_closed_because_check CHECK (closed_because IN ('booking_moved', 'booking_cancelled', 'replaced'))`.execute(db);
}

/** Back to the bodies of 2026_11_24_0100 and 2026_11_26_0400. */
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE orders DROP COLUMN closed_because`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION courtside_reserve_hold(p_user uuid, p_max integer, p_now timestamptz) RETURNS boolean
    LANGUAGE plpgsql VOLATILE AS $$
    DECLARE
      held integer;
    BEGIN
      IF p_max IS NULL THEN
        RETURN true;
      END IF;
      PERFORM pg_advisory_xact_lock(hashtextextended('customer-holds:' || p_user::text, 0));
      SELECT count(*) INTO held FROM (
        SELECT 1 FROM bookings
         WHERE user_id = p_user AND starts_at > p_now - interval '2 days'
           AND status || '' = 'pending' AND payment_status = 'unpaid' AND hold_expires_at > p_now
         LIMIT p_max) live;
      IF held >= p_max THEN
        RAISE EXCEPTION 'customer % already holds % unpaid bookings', p_user, held
          USING ERRCODE = 'CSH01', DETAIL = held::text;
      END IF;
      RETURN true;
    END $$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION courtside_reserve_booking(p_user uuid, p_max_holds integer, p_facility uuid,
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
      PERFORM pg_advisory_xact_lock(hashtextextended('customer-holds:' || p_user::text, 0));
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
}
