-- Adds a player to a booking (an account, p_user, or a friend by name, p_guest_name) and answers
-- their place's id. Under the booking's row lock, so two players taking the last place one at a
-- time see each other: past the facility's max_players (the organizer counted) it raises CSH06
-- (BOOKING_FULL). A booking no one can join any more (not held or confirmed, or started) raises
-- CSH07 (NOT_JOINABLE). An account already on it keeps its place (its id is answered); the
-- organizer is not a player row (their user id is answered).
CREATE OR REPLACE FUNCTION courtside_add_player(p_booking uuid, p_user uuid, p_guest_name text,
                                                p_added_by uuid, p_now timestamptz) RETURNS uuid
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  b record;
  taken integer;
  place uuid;
BEGIN
  SELECT bk.user_id, bk.status, bk.starts_at, bk.hold_expires_at, f.max_players INTO b
    FROM bookings bk JOIN facilities f ON f.id = bk.facility_id
   WHERE bk.id = p_booking
     FOR UPDATE OF bk;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'booking % not found', p_booking USING ERRCODE = 'CSH07';
  END IF;
  IF p_user IS NOT NULL AND p_user = b.user_id THEN
    RETURN p_user;
  END IF;
  IF NOT courtside_holds_slot(b.status, b.hold_expires_at, b.starts_at, p_now) OR b.starts_at <= p_now THEN
    RAISE EXCEPTION 'booking % cannot be joined now', p_booking USING ERRCODE = 'CSH07';
  END IF;
  IF p_user IS NOT NULL THEN
    SELECT id INTO place FROM booking_players WHERE booking_id = p_booking AND user_id = p_user AND left_at IS NULL;
    IF FOUND THEN
      RETURN place;
    END IF;
  END IF;
  SELECT count(*) INTO taken FROM booking_players WHERE booking_id = p_booking AND left_at IS NULL;
  IF taken + 1 >= b.max_players THEN
    RAISE EXCEPTION 'booking % is full (% players at most)', p_booking, b.max_players
      USING ERRCODE = 'CSH06', DETAIL = b.max_players::text;
  END IF;
  INSERT INTO booking_players (booking_id, user_id, guest_name, joined_at, added_by)
    VALUES (p_booking, p_user, p_guest_name, p_now, p_added_by)
    RETURNING id INTO place;
  RETURN place;
END $$;
