-- A live booking (pending or confirmed) inserted or moved into a facility's closed time fails
-- with CSH02. The exclusion constraint works on one table only, so bookings and closures each
-- check the other (courtside_closure_free) under the facility's schedule lock, on a snapshot
-- taken after it: of a closure and a booking racing, the second sees the first and fails.
CREATE OR REPLACE FUNCTION courtside_booking_not_closed() RETURNS trigger
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM courtside_schedule_lock(NEW.facility_id);
  IF EXISTS (
    SELECT 1 FROM closure_facilities c
     WHERE c.facility_id = NEW.facility_id
       AND tstzrange(c.starts_at, c.ends_at, '[)') && tstzrange(NEW.starts_at, NEW.ends_at, '[)')
  ) THEN
    RAISE EXCEPTION 'the facility is closed at that time' USING ERRCODE = 'CSH02';
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER bookings_not_closed_insert AFTER INSERT ON bookings
FOR EACH ROW WHEN (NEW.status IN ('pending', 'confirmed'))
EXECUTE FUNCTION courtside_booking_not_closed();

CREATE OR REPLACE TRIGGER bookings_not_closed_update AFTER UPDATE OF facility_id, starts_at, ends_at, status ON bookings
FOR EACH ROW WHEN (NEW.status IN ('pending', 'confirmed') AND (
  OLD.status NOT IN ('pending', 'confirmed') OR OLD.facility_id <> NEW.facility_id
  OR OLD.starts_at <> NEW.starts_at OR OLD.ends_at <> NEW.ends_at))
EXECUTE FUNCTION courtside_booking_not_closed();
