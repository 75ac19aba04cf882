-- Linked courts: a live booking (pending or confirmed) on a parent occupies each of its parts,
-- and one on a part occupies its parent, for its booked range (its changeover comes out of it,
-- as bookings_no_overlap compares them). The exclusion constraint works within one facility, so
-- this trigger checks the linked ones under the ground's schedule lock (shared by the parent and
-- its parts: courtside_schedule_lock), on a snapshot taken after it: of two racing writers the
-- second sees the first and fails. It fails as the constraint does (23P01, constraint
-- bookings_linked), with the name of the facility holding the time as DETAIL. Lapsed holds are
-- counted as bookings_no_overlap counts them: the writers expire those in their way first.
CREATE OR REPLACE FUNCTION courtside_booking_linked_free() RETURNS trigger
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  holder text;
BEGIN
  PERFORM courtside_schedule_lock(NEW.facility_id);
  SELECT f.name INTO holder
    FROM courtside_linked_facilities(NEW.facility_id) AS l(id)
    JOIN bookings b ON b.facility_id = l.id
    JOIN facilities f ON f.id = l.id
   WHERE b.status IN ('pending', 'confirmed')
     AND tstzrange(b.starts_at, b.ends_at, '[)') && tstzrange(NEW.starts_at, NEW.ends_at, '[)')
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION '% is booked then', holder
      USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'bookings_linked', DETAIL = holder;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER bookings_linked_free_insert AFTER INSERT ON bookings
FOR EACH ROW WHEN (NEW.status IN ('pending', 'confirmed'))
EXECUTE FUNCTION courtside_booking_linked_free();

CREATE OR REPLACE TRIGGER bookings_linked_free_update AFTER UPDATE OF facility_id, starts_at, ends_at, status ON bookings
FOR EACH ROW WHEN (NEW.status IN ('pending', 'confirmed') AND (
  OLD.status NOT IN ('pending', 'confirmed') OR OLD.facility_id <> NEW.facility_id
  OR OLD.starts_at <> NEW.starts_at OR OLD.ends_at <> NEW.ends_at))
EXECUTE FUNCTION courtside_booking_linked_free();
