-- The wallet's ledger is append-only: an entry is never changed or removed (add another instead),
-- and the balance moves only with an entry (sql/courtside_wallet_balance.sql, one trigger level down).
CREATE OR REPLACE FUNCTION courtside_wallet_ledger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- The balance moves only with an entry (the trigger above, one level down); the ledger never changes.
  IF TG_TABLE_NAME = 'wallets' AND TG_OP = 'UPDATE' AND pg_trigger_depth() > 1 THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'the wallet ledger is append-only (% on % refused): add an entry instead', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END $$;

CREATE OR REPLACE TRIGGER wallet_entries_append_only BEFORE UPDATE OR DELETE ON wallet_entries
FOR EACH ROW EXECUTE FUNCTION courtside_wallet_ledger();

CREATE OR REPLACE TRIGGER wallet_entries_no_truncate BEFORE TRUNCATE ON wallet_entries
FOR EACH STATEMENT EXECUTE FUNCTION courtside_wallet_ledger();

CREATE OR REPLACE TRIGGER wallets_follow_ledger BEFORE UPDATE OR DELETE ON wallets
FOR EACH ROW EXECUTE FUNCTION courtside_wallet_ledger();

CREATE OR REPLACE TRIGGER wallets_no_truncate BEFORE TRUNCATE ON wallets
FOR EACH STATEMENT EXECUTE FUNCTION courtside_wallet_ledger();
