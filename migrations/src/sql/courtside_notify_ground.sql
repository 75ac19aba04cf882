-- Says `bookings:<id>` on `courtside_changes` for a facility and each facility sharing its ground
-- (courtside_linked_facilities): their free time changed together.
CREATE OR REPLACE FUNCTION courtside_notify_ground(p_facility uuid) RETURNS void
LANGUAGE sql VOLATILE AS $$
  SELECT pg_notify('courtside_changes', 'bookings:' || g.id)
    FROM (SELECT p_facility UNION ALL SELECT courtside_linked_facilities(p_facility)) AS g(id)
$$;
