-- A facility's time [p_starts, p_ends) is open at p_now: no booking holds it (courtside_holds_slot:
-- a lapsed hold no longer does, swept or not) and no closure covers it. What a waiting entry's
-- want must be for the waitlist to keep it (courtside_waitlist_free) and to offer it.
CREATE OR REPLACE FUNCTION courtside_time_open(p_facility uuid, p_starts timestamptz, p_ends timestamptz, p_now timestamptz)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT NOT EXISTS (
           SELECT 1 FROM bookings b
            WHERE b.facility_id = p_facility AND b.status IN ('pending', 'confirmed')
              AND tstzrange(b.starts_at, b.ends_at, '[)') && tstzrange(p_starts, p_ends, '[)')
              AND courtside_holds_slot(b.status, b.hold_expires_at, b.starts_at, p_now))
     AND NOT EXISTS (
           SELECT 1 FROM closure_facilities c
            WHERE c.facility_id = p_facility
              AND tstzrange(c.starts_at, c.ends_at, '[)') && tstzrange(p_starts, p_ends, '[)'))
$$;
