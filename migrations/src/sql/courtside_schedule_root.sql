-- The ground a facility's time is on, for the schedule lock (courtside_schedule_lock): its
-- parent's id for a part of a linked court, else its own.
CREATE OR REPLACE FUNCTION courtside_schedule_root(p_facility uuid) RETURNS uuid
LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT parent_id FROM facilities WHERE id = p_facility), p_facility)
$$;
