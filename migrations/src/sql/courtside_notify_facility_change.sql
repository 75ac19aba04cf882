-- A committed change to a facility says `facility:<id>` on `courtside_changes`: API processes
-- drop the facility row and everything priced from it. Linking or unlinking a part changes its
-- old and new parent's free time too: they hear `bookings:<parent id>`.
CREATE OR REPLACE FUNCTION courtside_notify_facility_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('courtside_changes', 'facility:' || COALESCE(NEW.id, OLD.id));
  IF TG_OP = 'UPDATE' AND NEW.parent_id IS DISTINCT FROM OLD.parent_id THEN
    IF OLD.parent_id IS NOT NULL THEN PERFORM pg_notify('courtside_changes', 'bookings:' || OLD.parent_id); END IF;
    IF NEW.parent_id IS NOT NULL THEN PERFORM pg_notify('courtside_changes', 'bookings:' || NEW.parent_id); END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER facilities_notify_change AFTER INSERT OR UPDATE OR DELETE ON facilities
FOR EACH ROW EXECUTE FUNCTION courtside_notify_facility_change();
