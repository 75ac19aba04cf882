-- A pending hold past its expiry or its slot's start: it no longer holds its slot, swept or not
-- (the domain's isHoldLapsed). Not simply NOT courtside_live_hold: a pending row without an
-- expiry (the bookings_pending_has_hold constraint forbids it) would be neither.
CREATE OR REPLACE FUNCTION courtside_lapsed_hold(p_status text, p_hold_expires_at timestamptz, p_starts_at timestamptz, p_now timestamptz)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT p_status = 'pending' AND (p_hold_expires_at <= p_now OR p_starts_at <= p_now)
$$;
