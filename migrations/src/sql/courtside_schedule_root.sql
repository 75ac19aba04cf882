-- The ground a facility's time is on, for the schedule lock (courtside_schedule_lock): its
-- parent's id for a part of a linked court, else its own. PL/pgSQL: its plan is kept per session
-- (a SQL function with a subquery is planned again on every call, and this runs on every booking).
CREATE OR REPLACE FUNCTION courtside_schedule_root(p_facility uuid) RETURNS uuid
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN coalesce((SELECT parent_id FROM facilities WHERE id = p_facility), p_facility);
END $$;
