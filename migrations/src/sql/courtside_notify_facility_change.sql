-- A committed change to a facility says `facility:<id>` on `courtside_changes`: API processes
-- drop the facility row and everything priced from it.
CREATE OR REPLACE FUNCTION courtside_notify_facility_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('courtside_changes', 'facility:' || COALESCE(NEW.id, OLD.id));
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER facilities_notify_change AFTER INSERT OR UPDATE OR DELETE ON facilities
FOR EACH ROW EXECUTE FUNCTION courtside_notify_facility_change();
