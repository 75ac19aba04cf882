-- A confirmed booking's access code: six digits that no other booking holds while their access
-- access_windows overlap (the exclusion constraint bookings_access_code_once); the window opens
-- 60 minutes before the start, the most ACCESS_OPENS_MINUTES may be. Set when a booking is
-- confirmed; kept when it moves, unless another booking holds it in the new window (then a new
-- one); cleared the moment the booking stops being confirmed. The app never writes it.
--
-- Two bookings choosing at once never settle on the same code: each takes the code's lock and
-- looks, on a snapshot taken after the lock (PL/pgSQL), for a holder. The digits come from
-- gen_random_uuid (a strong random source), not random(): a code must not be predictable.
CREATE OR REPLACE FUNCTION courtside_access_code() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  candidate text := NEW.access_code;
BEGIN
  IF NEW.status <> 'confirmed' THEN
    NEW.access_code := NULL;
    NEW.access_window := NULL;
    RETURN NEW;
  END IF;
  -- Still confirmed, at the same times: the code stands as it is, and no lock is taken (each lock
  -- is held to the end of the transaction, in a lock table of limited size).
  IF TG_OP = 'UPDATE' AND OLD.status = 'confirmed' AND OLD.access_code IS NOT NULL
     AND OLD.starts_at = NEW.starts_at AND OLD.ends_at = NEW.ends_at THEN
    NEW.access_code := OLD.access_code;
    NEW.access_window := OLD.access_window;
    RETURN NEW;
  END IF;
  NEW.access_window := tstzrange(NEW.starts_at - interval '60 minutes', NEW.ends_at, '[)');
  LOOP
    IF candidate IS NOT NULL THEN
      PERFORM pg_advisory_xact_lock(hashtextextended('access-code:' || candidate, 0));
      IF NOT EXISTS (
        SELECT 1 FROM bookings b
        WHERE b.access_code = candidate AND b.id <> NEW.id AND b.access_window && NEW.access_window
      ) THEN
        NEW.access_code := candidate;
        RETURN NEW;
      END IF;
    END IF;
    candidate := lpad((('x' || left(replace(gen_random_uuid()::text, '-', ''), 8))::bit(32)::bigint % 1000000)::text, 6, '0');
  END LOOP;
END $$;

CREATE OR REPLACE TRIGGER bookings_access_code BEFORE INSERT OR UPDATE OF status, starts_at, ends_at ON bookings
FOR EACH ROW WHEN (NEW.status = 'confirmed' OR NEW.access_code IS NOT NULL)
EXECUTE FUNCTION courtside_access_code();
