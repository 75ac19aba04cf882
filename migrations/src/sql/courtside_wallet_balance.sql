-- Each ledger entry moves its customer's balance in the same statement: the balance is always the
-- ledger's sum. `wallets_never_negative` refuses an entry that would take it below zero (23514),
-- and the update's row lock makes two spends of one wallet queue, so a balance cannot be spent
-- twice however many tabs try at once.
CREATE OR REPLACE FUNCTION courtside_wallet_balance() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- A customer's first entry opens their wallet at zero; the entry then moves it like any other
  -- (a CHECK is tested on an upsert's proposed row too, so a first debit cannot go in as one).
  INSERT INTO wallets (user_id, balance_cents, updated_at) VALUES (NEW.user_id, 0, NEW.created_at)
  ON CONFLICT (user_id) DO NOTHING;
  UPDATE wallets SET balance_cents = balance_cents + NEW.amount_cents, updated_at = NEW.created_at
  WHERE user_id = NEW.user_id;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER wallet_entries_move_balance AFTER INSERT ON wallet_entries
FOR EACH ROW EXECUTE FUNCTION courtside_wallet_balance();
