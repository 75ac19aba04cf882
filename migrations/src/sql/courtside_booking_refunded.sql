-- A refund recorded for a booking (sent or owed) adds to its desk_refunded_cents or
-- online_refunded_cents, by the provider of the order it gives back: see courtside_booking_paid.
CREATE OR REPLACE FUNCTION courtside_booking_refunded() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  desk boolean;
BEGIN
  IF NEW.booking_id IS NULL THEN RETURN NULL; END IF;
  SELECT provider = 'desk' INTO desk FROM orders WHERE id = NEW.order_id;
  UPDATE bookings SET
    desk_refunded_cents = desk_refunded_cents + CASE WHEN desk THEN NEW.amount_cents ELSE 0 END,
    online_refunded_cents = online_refunded_cents + CASE WHEN desk THEN 0 ELSE NEW.amount_cents END
  WHERE id = NEW.booking_id;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER refunds_money AFTER INSERT ON refunds
FOR EACH ROW EXECUTE FUNCTION courtside_booking_refunded();
