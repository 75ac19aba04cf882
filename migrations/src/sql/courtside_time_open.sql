-- A facility's time [p_starts, p_ends) is open at p_now: no booking holds it (courtside_holds_slot:
-- a lapsed hold no longer does, swept or not) and no closure covers it, on the facility or on a
-- linked one (courtside_linked_facilities: a part's parent, a parent's parts). What a waiting
-- entry's want must be for the waitlist to keep it (courtside_waitlist_free) and to offer it.
CREATE OR REPLACE FUNCTION courtside_time_open(p_facility uuid, p_starts timestamptz, p_ends timestamptz, p_now timestamptz)
RETURNS boolean LANGUAGE sql STABLE AS $$
  WITH ground(id) AS (SELECT p_facility UNION ALL SELECT courtside_linked_facilities(p_facility))
  SELECT NOT EXISTS (
           SELECT 1 FROM ground g JOIN bookings b ON b.facility_id = g.id
            WHERE b.status IN ('pending', 'confirmed')
              AND tstzrange(b.starts_at, b.ends_at, '[)') && tstzrange(p_starts, p_ends, '[)')
              AND courtside_holds_slot(b.status, b.hold_expires_at, b.starts_at, p_now))
     AND NOT EXISTS (
           SELECT 1 FROM ground g JOIN closure_facilities c ON c.facility_id = g.id
            WHERE tstzrange(c.starts_at, c.ends_at, '[)') && tstzrange(p_starts, p_ends, '[)'))
$$;
