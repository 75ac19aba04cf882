-- An offer is a held booking: its entry follows it. Paid (confirmed): booked. Cancelled (the
-- customer declined it, or the venue released it): left. Expired (lapsed, its checkout closed):
-- expired. Whatever path changes the hold, in its transaction.
CREATE OR REPLACE FUNCTION courtside_waitlist_offer_settled() RETURNS trigger
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  UPDATE waitlist_entries
     SET status = CASE NEW.status WHEN 'confirmed' THEN 'booked' WHEN 'cancelled' THEN 'left' ELSE 'expired' END,
         settled_at = NEW.updated_at
   WHERE offer_booking_id = NEW.id AND status = 'offered';
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER bookings_waitlist_offer_settled AFTER UPDATE OF status ON bookings
FOR EACH ROW WHEN (OLD.status = 'pending' AND NEW.status <> 'pending')
EXECUTE FUNCTION courtside_waitlist_offer_settled();
