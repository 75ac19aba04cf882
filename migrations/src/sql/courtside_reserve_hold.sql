-- The cap on a customer's live unpaid holds (p_max; NULL: no cap), raising CSH01 with the count
-- as DETAIL. Counted under the customer's lock, on a snapshot taken after it (see
-- courtside_customer_lock), so it sees every hold a concurrent request of the same customer
-- committed while it waited.
-- One plan for every call: PL/pgSQL would otherwise plan the count again on each call (its
-- generic plan looks ten times dearer than one planned for the values, so it is never kept),
-- and that planning cost more than the count (measured on the booking path: about 18% of
-- PostgreSQL's throughput). The generic plan reads bookings_user_idx like the custom one.
CREATE OR REPLACE FUNCTION courtside_reserve_hold(p_user uuid, p_max integer, p_now timestamptz) RETURNS boolean
LANGUAGE plpgsql VOLATILE SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  held integer;
BEGIN
  IF p_max IS NULL THEN
    RETURN true;
  END IF;
  PERFORM courtside_customer_lock(p_user);
  -- Through bookings_user_idx (this customer's bookings that have not started: a live hold's
  -- slot is still ahead), stopping at the cap. "status || ''" keeps the planner off
  -- bookings_holds_idx, every customer's pending holds, which it would otherwise scan.
  SELECT count(*) INTO held FROM (
    SELECT 1 FROM bookings
     WHERE user_id = p_user AND starts_at > p_now AND payment_status = 'unpaid'
       AND courtside_live_hold(status || '', hold_expires_at, starts_at, p_now)
     LIMIT p_max) live;
  IF held >= p_max THEN
    RAISE EXCEPTION 'customer % already holds % unpaid bookings', p_user, held
      USING ERRCODE = 'CSH01', DETAIL = held::text;
  END IF;
  RETURN true;
END $$;
