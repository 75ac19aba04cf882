-- A day's close is written once, in the transaction that closes the day, and never edited: a
-- payment taken after it is shown beside it, not folded into it.
CREATE OR REPLACE FUNCTION courtside_cash_up_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a day''s cash-up is never edited (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;

CREATE OR REPLACE TRIGGER cash_ups_no_update BEFORE UPDATE OR DELETE ON cash_ups
FOR EACH ROW EXECUTE FUNCTION courtside_cash_up_append_only();

CREATE OR REPLACE TRIGGER cash_ups_no_truncate BEFORE TRUNCATE ON cash_ups
FOR EACH STATEMENT EXECUTE FUNCTION courtside_cash_up_append_only();
