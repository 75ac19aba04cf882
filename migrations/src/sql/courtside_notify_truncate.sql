-- TRUNCATE has no rows to name: an empty payload on `courtside_changes` means "everything may
-- have changed".
CREATE OR REPLACE FUNCTION courtside_notify_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('courtside_changes', '');
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER bookings_notify_truncate AFTER TRUNCATE ON bookings
FOR EACH STATEMENT EXECUTE FUNCTION courtside_notify_truncate();

CREATE OR REPLACE TRIGGER facilities_notify_truncate AFTER TRUNCATE ON facilities
FOR EACH STATEMENT EXECUTE FUNCTION courtside_notify_truncate();

CREATE OR REPLACE TRIGGER users_notify_truncate AFTER TRUNCATE ON users
FOR EACH STATEMENT EXECUTE FUNCTION courtside_notify_truncate();

CREATE OR REPLACE TRIGGER reviews_notify_truncate AFTER TRUNCATE ON reviews
FOR EACH STATEMENT EXECUTE FUNCTION courtside_notify_truncate();
