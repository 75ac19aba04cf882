-- A committed change to a facility's reviews says `reviews:<facility id>` on
-- `courtside_changes`: API processes drop the facility's cached rating and lists.
CREATE OR REPLACE FUNCTION courtside_notify_review_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('courtside_changes', 'reviews:' || OLD.facility_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.facility_id IS DISTINCT FROM OLD.facility_id) THEN
    PERFORM pg_notify('courtside_changes', 'reviews:' || NEW.facility_id);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER reviews_notify_change AFTER INSERT OR UPDATE OR DELETE ON reviews
FOR EACH ROW EXECUTE FUNCTION courtside_notify_review_change();
