-- One customer's lock, until the transaction ends: their hold cap and quotas are counted under
-- it, on a snapshot taken after it (PL/pgSQL), so two requests of the same customer cannot both
-- pass a count that each alone would pass. Always taken before a schedule lock, never after.
CREATE OR REPLACE FUNCTION courtside_customer_lock(p_user uuid) RETURNS void
LANGUAGE sql VOLATILE AS $$
  SELECT pg_advisory_xact_lock(hashtextextended('customer-holds:' || p_user::text, 0))
$$;
