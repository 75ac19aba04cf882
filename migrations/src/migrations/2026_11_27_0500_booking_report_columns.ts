import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.

/**
 * What the back office's reports read from each booking row, so a year of them is one scan with
 * no joins and no time-zone arithmetic per row:
 * - `starts_local`, `ends_local`: the booking's wall-clock times in its facility's zone;
 * - `desk_paid_cents`, `online_paid_cents`, `desk_refunded_cents`, `online_refunded_cents`: the
 *   money its orders paid and its refunds gave back (or owe), desk and online apart.
 * The database keeps them (sql/courtside_stamp_booking.sql, courtside_rezone_bookings.sql, courtside_booking_paid.sql, courtside_booking_refunded.sql); the
 * app never writes them. The changeover stamp moves into the one trigger that reads the facility.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER bookings_changeover_minutes ON bookings`.execute(db);
  await sql`DROP FUNCTION courtside_set_changeover_minutes()`.execute(db);
  await sql`ALTER TABLE bookings
    ADD COLUMN starts_local timestamp, ADD COLUMN ends_local timestamp,
    ADD COLUMN desk_paid_cents integer NOT NULL DEFAULT 0, ADD COLUMN online_paid_cents integer NOT NULL DEFAULT 0,
    ADD COLUMN desk_refunded_cents integer NOT NULL DEFAULT 0, ADD COLUMN online_refunded_cents integer NOT NULL DEFAULT 0`.execute(db);
  await sql`UPDATE bookings b SET starts_local = b.starts_at AT TIME ZONE f.timezone, ends_local = b.ends_at AT TIME ZONE f.timezone
            FROM facilities f WHERE f.id = b.facility_id`.execute(db);
  await sql`ALTER TABLE bookings ALTER COLUMN starts_local SET NOT NULL, ALTER COLUMN ends_local SET NOT NULL`.execute(db);
  // A booking's share of an order: the whole amount of a one-booking order, else its price less its share of the discount.
  await sql`
    WITH paid AS (
      SELECT ob.booking_id, o.provider = 'desk' AS desk,
             CASE WHEN (SELECT count(*) FROM order_bookings x WHERE x.order_id = ob.order_id) = 1 THEN o.amount_cents
                  ELSE b.payable_cents - ob.discount_cents END AS cents
      FROM order_bookings ob JOIN orders o ON o.id = ob.order_id JOIN bookings b ON b.id = ob.booking_id
      WHERE ob.paid_at IS NOT NULL),
    refunded AS (
      SELECT r.booking_id, o.provider = 'desk' AS desk, r.amount_cents AS cents
      FROM refunds r JOIN orders o ON o.id = r.order_id WHERE r.booking_id IS NOT NULL),
    sums AS (
      SELECT booking_id,
             COALESCE(sum(cents) FILTER (WHERE desk AND NOT refund), 0) AS desk_paid, COALESCE(sum(cents) FILTER (WHERE NOT desk AND NOT refund), 0) AS online_paid,
             COALESCE(sum(cents) FILTER (WHERE desk AND refund), 0) AS desk_refunded, COALESCE(sum(cents) FILTER (WHERE NOT desk AND refund), 0) AS online_refunded
      FROM (SELECT booking_id, desk, cents, false AS refund FROM paid UNION ALL SELECT booking_id, desk, cents, true FROM refunded) m
      GROUP BY booking_id)
    UPDATE bookings b SET desk_paid_cents = s.desk_paid, online_paid_cents = s.online_paid, desk_refunded_cents = s.desk_refunded, online_refunded_cents = s.online_refunded
    FROM sums s WHERE s.booking_id = b.id`.execute(db);
  await sql`CREATE INDEX bookings_starts_local_idx ON bookings (starts_local)`.execute(db);
  // The few bookings across a clock change, which occupancy steps hour by hour.
  await sql`CREATE INDEX bookings_shifted_idx ON bookings (starts_local) WHERE ends_local - starts_local <> ends_at - starts_at`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS bookings_stamp ON bookings`.execute(db);
  await sql`DROP TRIGGER IF EXISTS order_bookings_money ON order_bookings`.execute(db);
  await sql`DROP TRIGGER IF EXISTS refunds_money ON refunds`.execute(db);
  await sql`DROP TRIGGER IF EXISTS facilities_rezone_bookings ON facilities`.execute(db);
  await sql`ALTER TABLE bookings DROP COLUMN starts_local, DROP COLUMN ends_local, DROP COLUMN desk_paid_cents, DROP COLUMN online_paid_cents,
            DROP COLUMN desk_refunded_cents, DROP COLUMN online_refunded_cents`.execute(db);
  await sql`CREATE FUNCTION courtside_set_changeover_minutes() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.changeover_minutes := COALESCE((SELECT (policy->>'bufferMinutes')::integer FROM facilities WHERE id = NEW.facility_id), 0);
      RETURN NEW;
    END $$`.execute(db);
  await sql`CREATE TRIGGER bookings_changeover_minutes BEFORE INSERT OR UPDATE OF facility_id, starts_at, ends_at ON bookings
            FOR EACH ROW EXECUTE FUNCTION courtside_set_changeover_minutes()`.execute(db);
}
