-- Credit an order reserved goes back to the wallet when the order is cancelled before it was paid
-- (its checkout lapsed, was left, or was replaced): here, so no path that cancels an order can
-- keep it. Once: the order records it as refunded, and the ledger takes one return per order.
CREATE OR REPLACE FUNCTION courtside_order_wallet_return() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'pending' AND NEW.status = 'cancelled' AND NEW.wallet_cents > NEW.wallet_refunded_cents THEN
    INSERT INTO wallet_entries (user_id, kind, amount_cents, reason, order_id, created_at)
    VALUES (NEW.user_id, 'refund', NEW.wallet_cents - NEW.wallet_refunded_cents,
            'Returned: the checkout was not completed', NEW.id, NEW.updated_at);
    NEW.wallet_refunded_cents := NEW.wallet_cents;
  END IF;
  RETURN NEW;
END $$;

CREATE OR REPLACE TRIGGER orders_wallet_return BEFORE UPDATE OF status ON orders
FOR EACH ROW EXECUTE FUNCTION courtside_order_wallet_return();
