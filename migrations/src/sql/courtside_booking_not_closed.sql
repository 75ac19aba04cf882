-- A live booking (pending or confirmed) inserted or moved into closed time fails with CSH02: time
-- its facility is closed, or a linked one (closing a parent closes its parts; closing a part
-- closes its parent's ground for that time: courtside_linked_facilities). DETAIL names the
-- linked facility when the closure is on one. The exclusion constraint works on one table only,
-- so bookings and closures each check the other (courtside_closure_free) under the ground's
-- schedule lock, on a snapshot taken after it: of a closure and a booking racing, the second
-- sees the first and fails.
CREATE OR REPLACE FUNCTION courtside_booking_not_closed() RETURNS trigger
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  closed_id uuid;
BEGIN
  PERFORM courtside_schedule_lock(NEW.facility_id);
  SELECT c.facility_id INTO closed_id
    FROM closure_facilities c
   WHERE (c.facility_id = NEW.facility_id OR c.facility_id IN (SELECT courtside_linked_facilities(NEW.facility_id)))
     AND tstzrange(c.starts_at, c.ends_at, '[)') && tstzrange(NEW.starts_at, NEW.ends_at, '[)')
   ORDER BY c.facility_id = NEW.facility_id DESC
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'the facility is closed at that time' USING ERRCODE = 'CSH02',
      DETAIL = CASE WHEN closed_id = NEW.facility_id THEN '' ELSE (SELECT name FROM facilities WHERE id = closed_id) END;
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
