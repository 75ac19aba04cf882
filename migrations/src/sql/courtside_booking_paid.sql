-- Keeps each booking's money (desk_paid_cents, online_paid_cents, desk_refunded_cents,
-- online_refunded_cents) equal to what its orders paid and its refunds gave back or owe, so the
-- reports read a year of bookings without joining orders. An order pays a booking when its
-- order_bookings row gets paid_at: the whole amount of a one-booking order (a balance collected
-- included), else the booking's price less its share of the discount. Desk money is the desk
-- provider's; the rest was paid online. api/test/reports.test.ts checks the sums against the orders.
CREATE OR REPLACE FUNCTION courtside_booking_paid() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  o record;
  share integer;
BEGIN
  IF NEW.paid_at IS NULL OR (TG_OP = 'UPDATE' AND OLD.paid_at IS NOT NULL) THEN RETURN NULL; END IF;
  SELECT provider, amount_cents INTO o FROM orders WHERE id = NEW.order_id;
  IF (SELECT count(*) FROM order_bookings WHERE order_id = NEW.order_id) = 1 THEN
    share := o.amount_cents;
  ELSE
    share := (SELECT payable_cents FROM bookings WHERE id = NEW.booking_id) - NEW.discount_cents;
  END IF;
  UPDATE bookings SET
    desk_paid_cents = desk_paid_cents + CASE WHEN o.provider = 'desk' THEN share ELSE 0 END,
    online_paid_cents = online_paid_cents + CASE WHEN o.provider = 'desk' THEN 0 ELSE share END
  WHERE id = NEW.booking_id;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER order_bookings_money AFTER INSERT OR UPDATE OF paid_at ON order_bookings
FOR EACH ROW EXECUTE FUNCTION courtside_booking_paid();
