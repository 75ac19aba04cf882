-- An entry that stops waiting (offered, left, expired) wants nothing any more: its wants go, so
-- the booking path (courtside_waitlist_free) and the hand-over see only entries still in line.
CREATE OR REPLACE FUNCTION courtside_waitlist_left_line() RETURNS trigger
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  DELETE FROM waitlist_wants WHERE entry_id = NEW.id;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER waitlist_entries_left_line AFTER UPDATE OF status ON waitlist_entries
FOR EACH ROW WHEN (OLD.status = 'waiting' AND NEW.status <> 'waiting')
EXECUTE FUNCTION courtside_waitlist_left_line();
