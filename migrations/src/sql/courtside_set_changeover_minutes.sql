-- Stamps a booking made or moved with its facility's changeover (policy.bufferMinutes) at that
-- moment, as a price is: a changeover set later applies to bookings made after it. Play ends
-- that many minutes before the booking's end (domain changeover.ts); the check constraint
-- bookings_changeover_leaves_play keeps some play in every booking.
CREATE OR REPLACE FUNCTION courtside_set_changeover_minutes() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.changeover_minutes := COALESCE(
    (SELECT (policy->>'bufferMinutes')::integer FROM facilities WHERE id = NEW.facility_id), 0);
  RETURN NEW;
END $$;

CREATE OR REPLACE TRIGGER bookings_changeover_minutes BEFORE INSERT OR UPDATE OF facility_id, starts_at, ends_at ON bookings
FOR EACH ROW EXECUTE FUNCTION courtside_set_changeover_minutes();
