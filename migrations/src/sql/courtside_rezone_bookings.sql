-- A facility moved to another zone: its bookings' wall-clock times (courtside_stamp_booking)
-- follow in the same change, so the reports keep grouping them by the facility's own clock.
CREATE OR REPLACE FUNCTION courtside_rezone_bookings() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE bookings SET starts_local = starts_at AT TIME ZONE NEW.timezone, ends_local = ends_at AT TIME ZONE NEW.timezone
  WHERE facility_id = NEW.id;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER facilities_rezone_bookings AFTER UPDATE OF timezone ON facilities
FOR EACH ROW WHEN (OLD.timezone IS DISTINCT FROM NEW.timezone) EXECUTE FUNCTION courtside_rezone_bookings();
