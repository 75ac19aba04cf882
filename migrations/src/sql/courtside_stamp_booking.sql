-- Stamps a booking made or moved with what it takes from its facility at that moment, in one read
-- of the facility:
-- - its changeover (policy.bufferMinutes), as a price is: a changeover set later applies to
--   bookings made after it. Play ends that many minutes before the booking's end (domain
--   changeover.ts); the check constraint bookings_changeover_leaves_play keeps some play in every booking.
-- - its wall-clock times in the facility's zone (starts_local, ends_local), which the reports
--   group by; courtside_rezone_bookings keeps them when a facility's zone changes.
CREATE OR REPLACE FUNCTION courtside_stamp_booking() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  f record;
BEGIN
  SELECT policy, timezone INTO f FROM facilities WHERE id = NEW.facility_id;
  NEW.changeover_minutes := COALESCE((f.policy->>'bufferMinutes')::integer, 0);
  NEW.starts_local := NEW.starts_at AT TIME ZONE f.timezone;
  NEW.ends_local := NEW.ends_at AT TIME ZONE f.timezone;
  RETURN NEW;
END $$;

CREATE OR REPLACE TRIGGER bookings_stamp BEFORE INSERT OR UPDATE OF facility_id, starts_at, ends_at ON bookings
FOR EACH ROW EXECUTE FUNCTION courtside_stamp_booking();
