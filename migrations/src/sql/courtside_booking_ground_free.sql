-- A live booking (pending or confirmed) inserted or moved must find its time free on its ground:
-- - no closure of its facility, or of a linked one (courtside_linked_facilities: closing a parent
--   closes its parts; closing a part closes its parent's ground for that time): CSH02, with the
--   linked facility's name as DETAIL when the closure is on one;
-- - no live booking of a linked facility (a booking on a parent occupies each of its parts, one on
--   a part occupies its parent; two parts do not block each other), for its booked range (its
--   changeover comes out of it, as bookings_no_overlap compares them): 23P01 as the exclusion
--   constraint fails, constraint bookings_linked, the holder's name as DETAIL. Lapsed holds count
--   as the constraint counts them: the writers expire those in their way first.
-- The exclusion constraint works within one facility and on one table, so this trigger checks the
-- rest, and courtside_closure_free the other way round, under the ground's schedule lock (shared
-- by a parent and its parts: courtside_schedule_lock), on a snapshot taken after it: of two racing
-- writers the second sees the first and fails. One trigger for both checks, in the order of what
-- they cost: a facility without links pays the closure check it always had and one read of its links.
CREATE OR REPLACE FUNCTION courtside_booking_ground_free() RETURNS trigger
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  linked uuid[];
  closed_id uuid;
  holder text;
BEGIN
  PERFORM courtside_schedule_lock(NEW.facility_id);
  IF EXISTS (
    SELECT 1 FROM closure_facilities c
     WHERE c.facility_id = NEW.facility_id
       AND tstzrange(c.starts_at, c.ends_at, '[)') && tstzrange(NEW.starts_at, NEW.ends_at, '[)')
  ) THEN
    RAISE EXCEPTION 'the facility is closed at that time' USING ERRCODE = 'CSH02', DETAIL = '';
  END IF;
  linked := ARRAY(SELECT courtside_linked_facilities(NEW.facility_id));
  IF cardinality(linked) = 0 THEN
    RETURN NULL;
  END IF;
  -- Linked while this writer waited for its old ground's lock: the ground's lock as it now is.
  PERFORM courtside_schedule_lock(NEW.facility_id);
  SELECT c.facility_id INTO closed_id
    FROM unnest(linked) AS g(id)
    JOIN closure_facilities c ON c.facility_id = g.id
   WHERE tstzrange(c.starts_at, c.ends_at, '[)') && tstzrange(NEW.starts_at, NEW.ends_at, '[)')
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'the facility is closed at that time' USING ERRCODE = 'CSH02',
      DETAIL = (SELECT name FROM facilities WHERE id = closed_id);
  END IF;
  SELECT f.name INTO holder
    FROM unnest(linked) AS g(id)
    JOIN bookings b ON b.facility_id = g.id
    JOIN facilities f ON f.id = g.id
   WHERE b.status IN ('pending', 'confirmed')
     AND tstzrange(b.starts_at, b.ends_at, '[)') && tstzrange(NEW.starts_at, NEW.ends_at, '[)')
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION '% is booked then', holder
      USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'bookings_linked', DETAIL = holder;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER bookings_ground_free_insert AFTER INSERT ON bookings
FOR EACH ROW WHEN (NEW.status IN ('pending', 'confirmed'))
EXECUTE FUNCTION courtside_booking_ground_free();

CREATE OR REPLACE TRIGGER bookings_ground_free_update AFTER UPDATE OF facility_id, starts_at, ends_at, status ON bookings
FOR EACH ROW WHEN (NEW.status IN ('pending', 'confirmed') AND (
  OLD.status NOT IN ('pending', 'confirmed') OR OLD.facility_id <> NEW.facility_id
  OR OLD.starts_at <> NEW.starts_at OR OLD.ends_at <> NEW.ends_at))
EXECUTE FUNCTION courtside_booking_ground_free();
