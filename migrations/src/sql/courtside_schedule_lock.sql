-- The facility's schedule lock, until the transaction ends: every writer of a facility's time
-- (a booking inserted or moved, a closure placed, the facility deleted or linked) takes it first,
-- so they queue behind each other instead of deadlocking inside the exclusion-constraint check.
-- The one place the key is spelled: the triggers, the functions and the API
-- (repositories/occupancy.ts) all call this.
--
-- Linked courts share one ground, so they share one lock: the key is the ground's
-- (courtside_schedule_root.sql). A part may be linked or unlinked while a writer waits for the lock
-- of its old ground: once a lock is held the root is read again, on a fresh snapshot, and the new
-- ground's lock taken too, so a writer always ends up holding the lock of the ground its
-- facility is on now.
CREATE OR REPLACE FUNCTION courtside_schedule_lock(p_facility uuid) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  locked uuid;
  root uuid := courtside_schedule_root(p_facility);
BEGIN
  LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended('booking-schedule:' || root::text, 0));
    locked := root;
    root := courtside_schedule_root(p_facility);
    EXIT WHEN root = locked;
  END LOOP;
END $$;
