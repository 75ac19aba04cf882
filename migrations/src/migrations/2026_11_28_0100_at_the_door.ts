import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.

/**
 * At the door: access codes, devices and attendance.
 *
 * - `bookings.access_code`: six digits while the booking is confirmed, set and cleared by the
 *   database (sql/courtside_access_code.sql), never written by the app. The exclusion constraint
 *   says no two bookings share a code while their `access_window`s overlap. That window opens 60
 *   minutes before the start, the most ACCESS_OPENS_MINUTES may be: whatever that setting is, a
 *   code names one booking at any moment. (A column, because an index expression must be
 *   immutable and timestamptz arithmetic is not.)
 * - `bookings.attendance`: 'pending' until someone checks in ('checked_in', with when and by which
 *   staff member or device) or nobody did by the grace time of a facility that checks in ('no_show').
 * - `access_devices`: a keypad, gate or kiosk that asks whether a code opens a door. Its key is
 *   kept only as a SHA-256 hash; `facility_ids` null means every facility.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE access_devices (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
    key_hash text NOT NULL CONSTRAINT access_devices_key_hash_key UNIQUE,
    facility_ids uuid[],
    created_by uuid REFERENCES users (id),
    created_at timestamptz NOT NULL DEFAULT now(),
    revoked_at timestamptz,
    last_seen_at timestamptz
  )`.execute(db);

  await sql`ALTER TABLE bookings
    ADD COLUMN access_code text CONSTRAINT bookings_access_code_digits CHECK (access_code ~ '^[0-9]{6}$'),
    ADD COLUMN access_window tstzrange,
    ADD COLUMN attendance text NOT NULL DEFAULT 'pending'
      CONSTRAINT bookings_attendance_known CHECK (attendance IN ('pending', 'checked_in', 'no_show')),
    ADD COLUMN checked_in_at timestamptz,
    ADD COLUMN checked_in_by uuid REFERENCES users (id),
    ADD COLUMN checked_in_device uuid REFERENCES access_devices (id) ON DELETE SET NULL,
    ADD CONSTRAINT bookings_checked_in_when CHECK ((attendance = 'checked_in') = (checked_in_at IS NOT NULL))`.execute(db);
  await sql`ALTER TABLE bookings ADD CONSTRAINT bookings_access_code_once
    EXCLUDE USING gist (access_code WITH =, access_window WITH &&)
    WHERE (access_code IS NOT NULL)`.execute(db);
  await sql`ALTER TABLE bookings ADD CONSTRAINT bookings_access_code_has_window CHECK ((access_code IS NULL) = (access_window IS NULL))`.execute(db);
  // Bookings confirmed before codes existed get theirs now, the ones still to come only; from here
  // on the database gives each its code as it is confirmed (sql/courtside_access_code.sql).
  await sql`DO $$
    DECLARE r record; c text;
    BEGIN
      FOR r IN SELECT id, starts_at, ends_at FROM bookings WHERE status = 'confirmed' AND ends_at > now() ORDER BY starts_at LOOP
        LOOP
          c := lpad((('x' || left(replace(gen_random_uuid()::text, '-', ''), 8))::bit(32)::bigint % 1000000)::text, 6, '0');
          EXIT WHEN NOT EXISTS (SELECT 1 FROM bookings b WHERE b.access_code = c
            AND b.access_window && tstzrange(r.starts_at - interval '60 minutes', r.ends_at, '[)'));
        END LOOP;
        UPDATE bookings SET access_code = c, access_window = tstzrange(r.starts_at - interval '60 minutes', r.ends_at, '[)') WHERE id = r.id;
      END LOOP;
    END $$`.execute(db);
  // The no-show sweep's read: confirmed bookings still pending, by start.
  await sql`CREATE INDEX bookings_attendance_pending_idx ON bookings (starts_at)
    WHERE attendance = 'pending' AND status = 'confirmed'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS bookings_access_code ON bookings`.execute(db);
  await sql`DROP FUNCTION IF EXISTS courtside_access_code()`.execute(db);
  await sql`ALTER TABLE bookings DROP CONSTRAINT bookings_access_code_once,
    DROP COLUMN checked_in_device, DROP COLUMN checked_in_by, DROP COLUMN checked_in_at,
    DROP COLUMN attendance, DROP COLUMN access_window, DROP COLUMN access_code`.execute(db);
  await sql`DROP TABLE access_devices`.execute(db);
}
