import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.

/**
 * The wallet: credit a customer holds at the venue (domain/src/wallet.ts).
 *
 * - `wallet_entries`: the append-only ledger in integer cents; each kind has its sign (CHECK), and
 *   every entry that answers for something says what (the order, the refund, the voucher, the
 *   bonus an expiry ends), each at most once (unique indexes), so a retried event credits once.
 *   sql/courtside_wallet_ledger.sql refuses UPDATE, DELETE and TRUNCATE.
 * - `wallets`: one row per customer with a ledger, its balance kept by the ledger's insert trigger
 *   in the same statement; `wallets_never_negative` makes an overspend fail in PostgreSQL, and
 *   the row lock it takes serializes two tabs spending at once.
 * - `credit_packs`: what the venue sells (price, credit; the difference is bonus, which may expire).
 * - `vouchers`: gift credit with a code shown once (only its SHA-256 is kept, and the last four
 *   characters for staff to recognise it); redeemed once, by one account.
 * - `orders.wallet_cents`: credit an order spends besides what the provider charges (`amount_cents`);
 *   `wallet_refunded_cents`, what of it went back (sql/courtside_order_wallet_return.sql returns
 *   all of it when a pending order is cancelled). New kinds: 'top_up' (credit bought, from a pack
 *   or at the desk) and 'voucher' (a gift voucher bought); `credit_cents`, `bonus_expires_days`
 *   and `credit_pack_id` say what a top-up buys, `gift_recipient_email` who a voucher is for.
 * - `refunds.to_wallet`: this refund lands in the wallet; `from_wallet`: it gives back credit the
 *   order spent (not card money).
 * - `wallet_expiry_notices`: bonus credit whose customer was told it runs out soon (once each).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE credit_packs (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
    price_cents integer NOT NULL CHECK (price_cents > 0),
    credit_cents integer NOT NULL,
    bonus_expires_days integer CHECK (bonus_expires_days BETWEEN 1 AND 3650),
    active boolean NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT credit_packs_credit_covers_price CHECK (credit_cents >= price_cents),
    CONSTRAINT credit_packs_only_bonus_expires CHECK (bonus_expires_days IS NULL OR credit_cents > price_cents)
  )`.execute(db);

  await sql`ALTER TABLE orders
    ADD COLUMN wallet_cents integer NOT NULL DEFAULT 0 CONSTRAINT orders_wallet_cents_positive CHECK (wallet_cents >= 0),
    ADD COLUMN wallet_refunded_cents integer NOT NULL DEFAULT 0,
    ADD COLUMN credit_cents integer CHECK (credit_cents > 0),
    ADD COLUMN bonus_expires_days integer CHECK (bonus_expires_days > 0),
    ADD COLUMN credit_pack_id uuid REFERENCES credit_packs (id) ON DELETE SET NULL,
    ADD COLUMN gift_recipient_email text CHECK (length(gift_recipient_email) <= 254),
    ADD CONSTRAINT orders_wallet_refunded_within CHECK (wallet_refunded_cents BETWEEN 0 AND wallet_cents)`.execute(db);
  await sql`ALTER TABLE orders DROP CONSTRAINT orders_kind_known`.execute(db);
  await sql`ALTER TABLE orders ADD CONSTRAINT orders_kind_known CHECK (kind IN ('full', 'split', 'share', 'cover', 'top_up', 'voucher'))`.execute(db);
  await sql`ALTER TABLE orders ADD CONSTRAINT orders_top_up_credit CHECK ((kind = 'top_up') = (credit_cents IS NOT NULL))`.execute(db);

  await sql`ALTER TABLE refunds
    ADD COLUMN to_wallet boolean NOT NULL DEFAULT false,
    ADD COLUMN from_wallet boolean NOT NULL DEFAULT false,
    ADD CONSTRAINT refunds_from_wallet_to_wallet CHECK (to_wallet OR NOT from_wallet)`.execute(db);

  await sql`CREATE TABLE vouchers (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    code_hash text NOT NULL UNIQUE CHECK (code_hash ~ '^[0-9a-f]{64}$'),
    code_hint text NOT NULL CHECK (length(code_hint) = 4),
    value_cents integer NOT NULL CHECK (value_cents > 0),
    expires_at timestamptz,
    created_by uuid REFERENCES users (id) ON DELETE SET NULL,
    order_id uuid UNIQUE REFERENCES orders (id),
    recipient_email text CHECK (length(recipient_email) <= 254),
    redeemed_by uuid REFERENCES users (id),
    redeemed_at timestamptz,
    created_at timestamptz NOT NULL,
    CONSTRAINT vouchers_redeemed_by_someone CHECK ((redeemed_by IS NULL) = (redeemed_at IS NULL))
  )`.execute(db);

  await sql`CREATE TABLE wallets (
    user_id uuid PRIMARY KEY REFERENCES users (id),
    balance_cents integer NOT NULL CONSTRAINT wallets_never_negative CHECK (balance_cents >= 0),
    updated_at timestamptz NOT NULL
  )`.execute(db);

  await sql`CREATE TABLE wallet_entries (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    seq bigint GENERATED ALWAYS AS IDENTITY,
    user_id uuid NOT NULL REFERENCES users (id),
    kind text NOT NULL CONSTRAINT wallet_entries_kind_known CHECK (kind IN ('top_up', 'bonus', 'spend', 'refund', 'voucher', 'adjustment', 'expiry')),
    amount_cents integer NOT NULL,
    reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 300),
    staff_id uuid REFERENCES users (id),
    order_id uuid REFERENCES orders (id),
    refund_id uuid REFERENCES refunds (id),
    voucher_id uuid REFERENCES vouchers (id),
    expires_at timestamptz,
    expires_entry_id uuid REFERENCES wallet_entries (id),
    created_at timestamptz NOT NULL,
    CONSTRAINT wallet_entries_sign CHECK (CASE kind
      WHEN 'spend' THEN amount_cents < 0
      WHEN 'expiry' THEN amount_cents <= 0
      WHEN 'adjustment' THEN amount_cents <> 0
      ELSE amount_cents > 0 END),
    CONSTRAINT wallet_entries_adjusted_by_staff CHECK (kind <> 'adjustment' OR staff_id IS NOT NULL),
    CONSTRAINT wallet_entries_only_bonus_expires CHECK (expires_at IS NULL OR kind = 'bonus'),
    CONSTRAINT wallet_entries_expiry_names_bonus CHECK ((kind = 'expiry') = (expires_entry_id IS NOT NULL))
  )`.execute(db);
  await sql`CREATE INDEX wallet_entries_user_idx ON wallet_entries (user_id, seq)`.execute(db);
  // Each thing credits or debits once: a retried provider event, a resent refund or a double click changes nothing.
  await sql`CREATE UNIQUE INDEX wallet_entries_order_once ON wallet_entries (order_id, kind) WHERE order_id IS NOT NULL AND refund_id IS NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX wallet_entries_refund_once ON wallet_entries (refund_id) WHERE refund_id IS NOT NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX wallet_entries_voucher_once ON wallet_entries (voucher_id) WHERE voucher_id IS NOT NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX wallet_entries_expiry_once ON wallet_entries (expires_entry_id) WHERE expires_entry_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX wallet_entries_bonus_due_idx ON wallet_entries (expires_at) WHERE expires_at IS NOT NULL`.execute(db);

  await sql`CREATE TABLE wallet_expiry_notices (
    entry_id uuid PRIMARY KEY REFERENCES wallet_entries (id),
    sent_at timestamptz NOT NULL
  )`.execute(db);

  await sql`ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check`.execute(db);
  await sql`ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check CHECK (action IN ('refund', 'mark-paid', 'settle-balance', 'price-change', 'policy-change', 'role-change', 'staff-invite', 'delete', 'cash-up', 'check-in', 'check-in-undo', 'no-show-clear', 'block-lift', 'wallet-top-up', 'wallet-adjust', 'voucher-create'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check`.execute(db);
  await sql`ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check CHECK (action IN ('refund', 'mark-paid', 'settle-balance', 'price-change', 'policy-change', 'role-change', 'staff-invite', 'delete', 'cash-up', 'check-in', 'check-in-undo', 'no-show-clear', 'block-lift')) NOT VALID`.execute(db);
  await sql`DROP TABLE wallet_expiry_notices`.execute(db);
  await sql`DROP TABLE wallet_entries`.execute(db);
  await sql`DROP TABLE wallets`.execute(db);
  await sql`DROP TABLE vouchers`.execute(db);
  await sql`DROP FUNCTION IF EXISTS courtside_wallet_ledger() CASCADE`.execute(db);
  await sql`DROP FUNCTION IF EXISTS courtside_wallet_balance() CASCADE`.execute(db);
  await sql`DROP FUNCTION IF EXISTS courtside_order_wallet_return() CASCADE`.execute(db);
  await sql`ALTER TABLE refunds DROP COLUMN to_wallet, DROP COLUMN from_wallet`.execute(db);
  await sql`ALTER TABLE orders DROP CONSTRAINT orders_top_up_credit, DROP CONSTRAINT orders_kind_known`.execute(db);
  await sql`ALTER TABLE orders ADD CONSTRAINT orders_kind_known CHECK (kind IN ('full', 'split', 'share', 'cover')) NOT VALID`.execute(db);
  await sql`ALTER TABLE orders DROP COLUMN wallet_cents, DROP COLUMN wallet_refunded_cents, DROP COLUMN credit_cents, DROP COLUMN bonus_expires_days, DROP COLUMN credit_pack_id, DROP COLUMN gift_recipient_email`.execute(db);
  await sql`DROP TABLE credit_packs`.execute(db);
}
