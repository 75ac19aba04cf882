-- Money given back (README "Webhooks", payment.refunded): a refund whose status becomes
-- 'succeeded', whether the provider accepted it or staff handed desk cash back ('to_collect' ->
-- 'succeeded'), or credit returned to the wallet (succeeded as it is recorded). A refund still
-- owed or refused is not an event: no money moved yet.
CREATE OR REPLACE FUNCTION courtside_webhook_refund_event() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  via text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints WHERE disabled_at IS NULL AND 'payment.refunded' = ANY (events)) THEN
    RETURN NULL;
  END IF;
  SELECT CASE WHEN NEW.to_wallet THEN 'wallet' WHEN provider = 'desk' THEN 'desk' ELSE 'provider' END INTO via FROM orders WHERE id = NEW.order_id;
  PERFORM courtside_webhook_emit('payment.refunded', NEW.booking_id,
    jsonb_build_object('refund', jsonb_build_object(
      'id', NEW.id,
      'bookingId', NEW.booking_id,
      'orderId', NEW.order_id,
      'amountCents', NEW.amount_cents,
      'via', via,
      'reason', NEW.reason,
      'refundedAt', to_char(coalesce(NEW.updated_at, now()) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))),
    coalesce(NEW.updated_at, now()));
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER refunds_webhook_insert AFTER INSERT ON refunds
FOR EACH ROW WHEN (NEW.status = 'succeeded')
EXECUTE FUNCTION courtside_webhook_refund_event();

CREATE OR REPLACE TRIGGER refunds_webhook_update AFTER UPDATE OF status ON refunds
FOR EACH ROW WHEN (NEW.status = 'succeeded' AND OLD.status <> 'succeeded')
EXECUTE FUNCTION courtside_webhook_refund_event();
