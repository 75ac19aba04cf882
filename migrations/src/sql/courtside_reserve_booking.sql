-- The one check of a customer's hold cap (courtside_reserve_hold) and quotas for a booking at
-- p_facility, new or moved: at most p_max_here bookings holding their slot at this facility and
-- p_max_venue at the venue (NULL: no limit), raising CSH04 with 'venue <n>' or 'facility <n>' as
-- DETAIL. A booking being moved (p_except) is not counted, so a move within a facility is not a
-- second booking there. Counted under the customer's lock, on a snapshot taken after it.
-- A customer booking for themselves (p_max_holds set: staff are never capped) who is blocked for
-- no-shows (users.booking_blocked_until still ahead) is refused a new booking, not a move, with
-- CSH09 and the block's end (epoch milliseconds) as DETAIL: one primary-key read, under the same lock.
CREATE OR REPLACE FUNCTION courtside_reserve_booking(p_user uuid, p_max_holds integer, p_facility uuid,
                                                     p_max_here integer, p_max_venue integer, p_now timestamptz,
                                                     p_except uuid) RETURNS boolean
-- One plan for every call, as courtside_reserve_hold (why there).
LANGUAGE plpgsql VOLATILE SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  blocked timestamptz;
  at_venue integer;
  here integer;
BEGIN
  PERFORM courtside_reserve_hold(p_user, p_max_holds, p_now);
  IF p_max_holds IS NOT NULL AND p_except IS NULL THEN
    SELECT booking_blocked_until INTO blocked FROM users WHERE id = p_user;
    IF blocked > p_now THEN
      RAISE EXCEPTION 'customer % is blocked from booking until %', p_user, blocked
        USING ERRCODE = 'CSH09', DETAIL = floor(extract(epoch FROM blocked) * 1000)::bigint::text;
    END IF;
  END IF;
  IF p_max_here IS NULL AND p_max_venue IS NULL THEN
    RETURN true;
  END IF;
  -- The hold cap's lock (taking it twice in one transaction is fine): one lock per customer.
  PERFORM courtside_customer_lock(p_user);
  -- A booking that has not ended started at most two days ago (no booking lasts longer).
  SELECT count(*), count(*) FILTER (WHERE facility_id = p_facility) INTO at_venue, here
    FROM bookings
   WHERE user_id = p_user AND starts_at > p_now - interval '2 days' AND ends_at > p_now
     AND courtside_holds_slot(status, hold_expires_at, starts_at, p_now)
     AND id IS DISTINCT FROM p_except;
  IF at_venue >= p_max_venue THEN
    RAISE EXCEPTION 'customer % has % active bookings at the venue', p_user, at_venue
      USING ERRCODE = 'CSH04', DETAIL = 'venue ' || at_venue;
  END IF;
  IF here >= p_max_here THEN
    RAISE EXCEPTION 'customer % has % active bookings at facility %', p_user, here, p_facility
      USING ERRCODE = 'CSH04', DETAIL = 'facility ' || here;
  END IF;
  RETURN true;
END $$;
