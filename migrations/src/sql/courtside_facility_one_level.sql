-- One level only: a part has no parts of its own, and a parent is part of nothing. Checked under
-- the schedule locks of the facility's ground and of its new parent's, so two links made at once
-- (B into A while A goes into C) see each other. A facility is never part of itself (a CHECK).
CREATE OR REPLACE FUNCTION courtside_facility_one_level() RETURNS trigger
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF NEW.parent_id IS NULL THEN
    RETURN NEW;
  END IF;
  PERFORM courtside_schedule_lock(NEW.id);
  PERFORM courtside_schedule_lock(NEW.parent_id);
  IF EXISTS (SELECT 1 FROM facilities WHERE id = NEW.parent_id AND parent_id IS NOT NULL) THEN
    RAISE EXCEPTION 'facility % is itself part of another', NEW.parent_id USING ERRCODE = 'CSH08', DETAIL = 'parent';
  END IF;
  IF EXISTS (SELECT 1 FROM facilities WHERE parent_id = NEW.id) THEN
    RAISE EXCEPTION 'facility % has parts of its own', NEW.id USING ERRCODE = 'CSH08', DETAIL = 'parts';
  END IF;
  RETURN NEW;
END $$;

CREATE OR REPLACE TRIGGER facilities_one_level BEFORE INSERT OR UPDATE OF parent_id ON facilities
FOR EACH ROW WHEN (NEW.parent_id IS NOT NULL)
EXECUTE FUNCTION courtside_facility_one_level();
