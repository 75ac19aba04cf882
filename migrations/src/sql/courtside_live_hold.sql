-- A pending hold that has not lapsed: neither expired nor its slot started (the domain's
-- isHoldLapsed / holdLapsesAt: a hold lapses at the earlier of its expiry and its slot's start).
-- An inlined SQL function: the planner sees the expression itself, so indexes still apply.
-- api/test/occupancy-rules.test.ts holds it to the domain over a table of cases.
CREATE OR REPLACE FUNCTION courtside_live_hold(p_status text, p_hold_expires_at timestamptz, p_starts_at timestamptz, p_now timestamptz)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT p_status = 'pending' AND p_hold_expires_at > p_now AND p_starts_at > p_now
$$;
