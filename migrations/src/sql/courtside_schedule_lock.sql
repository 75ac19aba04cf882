-- The facility's schedule lock, until the transaction ends: every writer of a facility's time
-- (a booking inserted or moved, a closure placed, the facility deleted) takes it first, so they
-- queue behind each other instead of deadlocking inside the exclusion-constraint check. The one
-- place the key is spelled: the triggers, the functions and the API (repositories/occupancy.ts)
-- all call this.
CREATE OR REPLACE FUNCTION courtside_schedule_lock(p_facility uuid) RETURNS void
LANGUAGE sql VOLATILE AS $$
  SELECT pg_advisory_xact_lock(hashtextextended('booking-schedule:' || p_facility::text, 0))
$$;
