-- A booking that holds its slot now: confirmed, or a live hold (courtside_live_hold). What a
-- customer's quotas count and what keeps a slot off sale.
CREATE OR REPLACE FUNCTION courtside_holds_slot(p_status text, p_hold_expires_at timestamptz, p_starts_at timestamptz, p_now timestamptz)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT p_status = 'confirmed' OR courtside_live_hold(p_status, p_hold_expires_at, p_starts_at, p_now)
$$;
