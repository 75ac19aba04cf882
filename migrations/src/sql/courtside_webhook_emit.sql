-- Writes a webhook event and one delivery per enabled endpoint subscribed to its type, in the
-- transaction of the change that caused it: a rollback sends nothing. The callers check first
-- (one EXISTS) that some endpoint wants the type, so a venue without webhooks pays nothing more.
-- `at` is the change's own time (the row's updated_at, which the API sets from its clock).
CREATE OR REPLACE FUNCTION courtside_webhook_emit(event_type text, booking uuid, payload jsonb, at timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  event_id uuid;
  event_seq bigint;
BEGIN
  INSERT INTO webhook_events (type, booking_id, data, created_at)
  VALUES (event_type, booking, payload, at)
  RETURNING id, seq INTO event_id, event_seq;
  INSERT INTO webhook_deliveries (event_id, endpoint_id, booking_id, seq, next_attempt_at, give_up_at, created_at)
  SELECT event_id, e.id, booking, event_seq, at, at + interval '24 hours', at
  FROM webhook_endpoints e
  WHERE e.disabled_at IS NULL AND event_type = ANY (e.events);
END $$;
