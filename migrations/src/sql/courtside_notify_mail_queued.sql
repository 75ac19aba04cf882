-- Mail that becomes due says `mail:queued` on `courtside_changes`, so the sender wakes the
-- moment the transaction that queued it commits instead of at the next sweep: a new message, or
-- a failed one staff send back to the queue. SKIP LOCKED lets only one process send each message.
CREATE OR REPLACE FUNCTION courtside_notify_mail_queued() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('courtside_changes', 'mail:queued');
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER outbox_notify_insert AFTER INSERT ON outbox_messages
FOR EACH STATEMENT EXECUTE FUNCTION courtside_notify_mail_queued();

CREATE OR REPLACE TRIGGER outbox_notify_requeue AFTER UPDATE OF state ON outbox_messages
FOR EACH ROW WHEN (OLD.state <> 'pending' AND NEW.state = 'pending')
EXECUTE FUNCTION courtside_notify_mail_queued();
