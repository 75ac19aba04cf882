-- The waitlist's guarantee on the booking path: time that a waiting entry of someone else wants,
-- and could have now (its want is open: courtside_time_open, and not past its offer_by), is not
-- for p_user to take; it goes to the first in line (the hand-over, api/src/services/
-- waitlist-offers.ts). A want on a linked facility counts too: a booking on a part would take
-- the time of someone waiting for the whole (courtside_linked_facilities). Raises CSH05 with the first such entry's id as DETAIL; true otherwise.
-- Called under the facility's schedule lock (every writer of its time and every hand-over takes
-- it first), on a snapshot taken after it, so a slot freed by a transaction that committed while
-- this one waited is seen freed, with its hand-over made.
CREATE OR REPLACE FUNCTION courtside_waitlist_free(p_facility uuid, p_starts timestamptz, p_ends timestamptz,
                                                   p_user uuid, p_now timestamptz) RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  first_waiting uuid;
BEGIN
  SELECT w.entry_id INTO first_waiting
    FROM (SELECT p_facility UNION ALL SELECT courtside_linked_facilities(p_facility)) AS g(id)
    JOIN waitlist_wants w ON w.facility_id = g.id
   WHERE tstzrange(w.starts_at, w.ends_at, '[)') && tstzrange(p_starts, p_ends, '[)')
     AND w.user_id IS DISTINCT FROM p_user AND w.offer_by > p_now
     AND courtside_time_open(w.facility_id, w.starts_at, w.ends_at, p_now)
   ORDER BY w.line_no
   LIMIT 1;
  IF first_waiting IS NOT NULL THEN
    RAISE EXCEPTION 'waitlist entry % waits for that time', first_waiting USING ERRCODE = 'CSH05', DETAIL = first_waiting::text;
  END IF;
  RETURN true;
END $$;
