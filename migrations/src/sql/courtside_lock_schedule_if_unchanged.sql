-- The facility's schedule lock, then whether the facility is still live and at the row version
-- the caller priced and checked its booking against. The booking insert calls it: the insert's
-- own snapshot predates its wait for the lock, and this function's read runs on a fresh one, so
-- a facility deleted or changed while the booking waited is seen as it now is (no row lock, so
-- concurrent bookings never contend on the facility's row).
CREATE OR REPLACE FUNCTION courtside_lock_schedule_if_unchanged(p_facility uuid, p_version text) RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM courtside_schedule_lock(p_facility);
  RETURN EXISTS (SELECT 1 FROM facilities WHERE id = p_facility AND NOT is_deleted AND xmin::text = p_version);
END $$;
