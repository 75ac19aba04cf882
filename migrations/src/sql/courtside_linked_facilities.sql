-- The facilities that share p_facility's ground, itself left out: a part's parent, a parent's
-- parts. Two parts of one parent are not linked to each other (they do not block each other).
-- Every rule of linked courts reads its links here: the booking and closure triggers, the free
-- time of the waitlist, and the API's reads of busy time. PL/pgSQL, not SQL: a set-returning SQL
-- function is planned again on every call, and this one is called on every booking.
CREATE OR REPLACE FUNCTION courtside_linked_facilities(p_facility uuid) RETURNS SETOF uuid
LANGUAGE plpgsql STABLE ROWS 2 AS $$
BEGIN
  RETURN QUERY
    SELECT parent_id FROM facilities WHERE id = p_facility AND parent_id IS NOT NULL
    UNION ALL
    SELECT id FROM facilities WHERE parent_id = p_facility;
END $$;
