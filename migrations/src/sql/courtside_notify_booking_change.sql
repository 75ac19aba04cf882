-- A committed change to a facility's bookings or closed time says `bookings:<facility id>` on
-- `courtside_changes`, for the facility and those sharing its ground (linked courts: a booking on
-- a part changes its parent's free time), so every API process drops what it cached of their
-- free slots, whichever process or tool made the change. NOTIFY is transactional: nothing is
-- sent for a rollback. New bookings are announced by the API after their commit instead (a
-- NOTIFY in the inserting transaction serializes commits), so the bookings trigger leaves out INSERT.
CREATE OR REPLACE FUNCTION courtside_notify_booking_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM courtside_notify_ground(OLD.facility_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.facility_id IS DISTINCT FROM OLD.facility_id) THEN
    PERFORM courtside_notify_ground(NEW.facility_id);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER bookings_notify_change AFTER UPDATE OR DELETE ON bookings
FOR EACH ROW EXECUTE FUNCTION courtside_notify_booking_change();

CREATE OR REPLACE TRIGGER closure_facilities_notify_change AFTER INSERT OR UPDATE OR DELETE ON closure_facilities
FOR EACH ROW EXECUTE FUNCTION courtside_notify_booking_change();
