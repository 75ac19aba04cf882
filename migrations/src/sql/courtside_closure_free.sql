-- A closure placed over a live booking fails with CSH03: a booking of the closed facility, or of
-- a linked one (courtside_linked_facilities). The other half of courtside_booking_ground_free,
-- under the same schedule lock.
CREATE OR REPLACE FUNCTION courtside_closure_free() RETURNS trigger
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM courtside_schedule_lock(NEW.facility_id);
  IF EXISTS (
    SELECT 1 FROM (SELECT NEW.facility_id UNION ALL SELECT courtside_linked_facilities(NEW.facility_id)) AS g(id)
      JOIN bookings b ON b.facility_id = g.id
     WHERE b.status IN ('pending', 'confirmed')
       AND tstzrange(b.starts_at, b.ends_at, '[)') && tstzrange(NEW.starts_at, NEW.ends_at, '[)')
  ) THEN
    RAISE EXCEPTION 'a live booking is in the way of the closure' USING ERRCODE = 'CSH03';
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER closure_facilities_free AFTER INSERT OR UPDATE ON closure_facilities
FOR EACH ROW EXECUTE FUNCTION courtside_closure_free();
