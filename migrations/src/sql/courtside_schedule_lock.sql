-- The facility's schedule lock, until the transaction ends: every writer of a facility's time
-- (a booking inserted or moved, a closure placed, the facility deleted or linked) takes it first,
-- so they queue behind each other instead of deadlocking inside the exclusion-constraint check.
-- The one place the key is spelled: the triggers, the functions and the API
-- (repositories/occupancy.ts) all call this.
--
-- Linked courts share one ground, so they share one lock: the key is the ground's
-- (courtside_schedule_root.sql). A part may be linked while a writer waits for the lock of its
-- old ground: the booking trigger (courtside_booking_ground_free) reads the links again once it
-- holds a lock and, finding any, calls this again to take the ground's lock as it now is.
CREATE OR REPLACE FUNCTION courtside_schedule_lock(p_facility uuid) RETURNS void
LANGUAGE sql VOLATILE AS $$
  SELECT pg_advisory_xact_lock(hashtextextended('booking-schedule:' || courtside_schedule_root(p_facility)::text, 0))
$$;
