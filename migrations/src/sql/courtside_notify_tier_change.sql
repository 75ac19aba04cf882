-- A tier's prices are part of the auth state API processes keep per signed-in customer: a change
-- to a tier says `user:<ids>` for the customers holding it, in batches of 100 ids (a NOTIFY
-- payload stays under 8,000 bytes).
CREATE OR REPLACE FUNCTION courtside_notify_tier_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids text;
BEGIN
  FOR ids IN
    SELECT string_agg(h.id::text, ',')
      FROM (SELECT id, (row_number() OVER (ORDER BY id) - 1) / 100 AS batch FROM users WHERE tier_id = OLD.id) h
     GROUP BY h.batch
  LOOP
    PERFORM pg_notify('courtside_changes', 'user:' || ids);
  END LOOP;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER tiers_notify_change AFTER UPDATE OR DELETE ON tiers
FOR EACH ROW EXECUTE FUNCTION courtside_notify_tier_change();
