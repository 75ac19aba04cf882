-- A webhook delivery that becomes due says `webhooks:queued` on `courtside_changes`, so the
-- sender wakes the moment the transaction that queued it commits: a new event's deliveries, or
-- one staff send again. Only transactions that queued a delivery notify (no endpoint, no NOTIFY).
CREATE OR REPLACE FUNCTION courtside_notify_webhooks_queued() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    IF NOT EXISTS (SELECT 1 FROM added) THEN RETURN NULL; END IF;
  END IF;
  PERFORM pg_notify('courtside_changes', 'webhooks:queued');
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER webhook_deliveries_notify_insert AFTER INSERT ON webhook_deliveries
REFERENCING NEW TABLE AS added
FOR EACH STATEMENT EXECUTE FUNCTION courtside_notify_webhooks_queued();

CREATE OR REPLACE TRIGGER webhook_deliveries_notify_requeue AFTER UPDATE OF state, next_attempt_at ON webhook_deliveries
FOR EACH ROW WHEN (NEW.state = 'pending' AND OLD.state <> 'pending')
EXECUTE FUNCTION courtside_notify_webhooks_queued();
