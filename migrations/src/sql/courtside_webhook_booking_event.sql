-- A booking's changes that the venue's other systems hear of (README "Webhooks"):
-- confirmed (made or paid), cancelled (a confirmed one), moved (a confirmed one's times or court
-- changed: `previous` says where it was), checked_in and no_show. The triggers' WHEN clauses let
-- every other change pass untouched, and one EXISTS returns early when no endpoint listens.
CREATE OR REPLACE FUNCTION courtside_webhook_booking_event() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  types text[] := ARRAY[]::text[];
  t text;
  data jsonb;
  previous jsonb;
BEGIN
  IF NEW.status = 'confirmed' AND (TG_OP = 'INSERT' OR OLD.status <> 'confirmed') THEN
    types := array_append(types, 'booking.confirmed');
  ELSIF TG_OP = 'UPDATE' AND OLD.status = 'confirmed' AND NEW.status = 'cancelled' THEN
    types := array_append(types, 'booking.cancelled');
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.status = 'confirmed' AND NEW.status = 'confirmed'
     AND (NEW.starts_at, NEW.ends_at, NEW.facility_id) IS DISTINCT FROM (OLD.starts_at, OLD.ends_at, OLD.facility_id) THEN
    types := array_append(types, 'booking.moved');
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.attendance IS DISTINCT FROM OLD.attendance AND NEW.attendance IN ('checked_in', 'no_show') THEN
    types := array_append(types, 'booking.' || NEW.attendance);
  END IF;
  IF cardinality(types) = 0 OR NOT EXISTS (
    SELECT 1 FROM webhook_endpoints WHERE disabled_at IS NULL AND events && types
  ) THEN
    RETURN NULL;
  END IF;
  data := courtside_webhook_booking_data(NEW.id);
  FOREACH t IN ARRAY types LOOP
    IF t = 'booking.moved' THEN
      SELECT jsonb_build_object(
        'facility', jsonb_build_object('id', f.id, 'name', f.name),
        'date', to_char(OLD.starts_local, 'YYYY-MM-DD'),
        'startTime', to_char(OLD.starts_local, 'HH24:MI'),
        'endTime', to_char(OLD.ends_local, 'HH24:MI'),
        'startsAt', to_char(OLD.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
        'endsAt', to_char(OLD.ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))
      INTO previous FROM facilities f WHERE f.id = OLD.facility_id;
      PERFORM courtside_webhook_emit(t, NEW.id, data || jsonb_build_object('previous', previous), coalesce(NEW.updated_at, now()));
    ELSE
      PERFORM courtside_webhook_emit(t, NEW.id, data, coalesce(NEW.updated_at, now()));
    END IF;
  END LOOP;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER bookings_webhook_insert AFTER INSERT ON bookings
FOR EACH ROW WHEN (NEW.status = 'confirmed')
EXECUTE FUNCTION courtside_webhook_booking_event();

CREATE OR REPLACE TRIGGER bookings_webhook_update AFTER UPDATE OF status, starts_at, ends_at, facility_id, attendance ON bookings
FOR EACH ROW WHEN (
  NEW.status IS DISTINCT FROM OLD.status
  OR (NEW.status = 'confirmed' AND (NEW.starts_at, NEW.ends_at, NEW.facility_id) IS DISTINCT FROM (OLD.starts_at, OLD.ends_at, OLD.facility_id))
  OR NEW.attendance IS DISTINCT FROM OLD.attendance)
EXECUTE FUNCTION courtside_webhook_booking_event();
