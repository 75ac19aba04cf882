-- A committed change to a user (role, token version, deactivation, tier) says `user:<id>` on
-- `courtside_changes`: API processes drop the auth state they keep for that user.
CREATE OR REPLACE FUNCTION courtside_notify_user_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('courtside_changes', 'user:' || OLD.id);
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER users_notify_change AFTER UPDATE OR DELETE ON users
FOR EACH ROW EXECUTE FUNCTION courtside_notify_user_change();
