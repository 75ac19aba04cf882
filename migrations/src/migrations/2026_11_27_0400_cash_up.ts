import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.

/**
 * The desk's end-of-day cash-up. A desk order records how it was paid (cash or card; only desk
 * orders carry one, and those taken before stay NULL: not recorded). A day is closed once
 * (cash_ups.business_date is unique): who closed it, when, what the server expected in the till,
 * what the desk counted, and exactly which payments and hand-backs the close counted, so a
 * payment taken after it is shown apart, never lost. A close is never edited:
 * sql/courtside_cash_up_append_only.sql refuses any UPDATE, DELETE or TRUNCATE.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE orders
    ADD COLUMN payment_method text CONSTRAINT orders_payment_method_check CHECK (payment_method IN ('cash', 'card')),
    ADD CONSTRAINT orders_payment_method_desk_only CHECK (payment_method IS NULL OR provider = 'desk')`.execute(db);
  // The cash-up reads the desk's payments of one day, and the desk refunds handed back that day.
  await sql`CREATE INDEX orders_desk_paid_at_idx ON orders (paid_at) WHERE provider = 'desk'`.execute(db);
  await sql`CREATE INDEX refunds_handed_back_at_idx ON refunds (handed_back_at) WHERE handed_back_at IS NOT NULL`.execute(db);

  await sql`CREATE TABLE cash_ups (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    business_date date NOT NULL CONSTRAINT cash_ups_business_date_key UNIQUE,
    closed_by uuid NOT NULL REFERENCES users (id),
    closed_at timestamptz NOT NULL,
    cash_cents integer NOT NULL CHECK (cash_cents >= 0),
    card_cents integer NOT NULL CHECK (card_cents >= 0),
    not_recorded_cents integer NOT NULL CHECK (not_recorded_cents >= 0),
    refunds_cash_cents integer NOT NULL CHECK (refunds_cash_cents >= 0),
    refunds_card_cents integer NOT NULL CHECK (refunds_card_cents >= 0),
    expected_cash_cents integer NOT NULL,
    counted_cash_cents integer NOT NULL CHECK (counted_cash_cents >= 0),
    order_ids uuid[] NOT NULL,
    refund_ids uuid[] NOT NULL,
    note text,
    CONSTRAINT cash_ups_expected_cash CHECK (expected_cash_cents = cash_cents - refunds_cash_cents)
  )`.execute(db);

  await sql`ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check`.execute(db);
  await sql`ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check CHECK (action IN ('refund', 'mark-paid', 'settle-balance', 'price-change', 'policy-change', 'role-change', 'staff-invite', 'delete', 'cash-up'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check`.execute(db);
  await sql`ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check CHECK (action IN ('refund', 'mark-paid', 'settle-balance', 'price-change', 'policy-change', 'role-change', 'staff-invite', 'delete')) NOT VALID`.execute(db);
  await sql`DROP TABLE cash_ups`.execute(db);
  await sql`DROP FUNCTION IF EXISTS courtside_cash_up_append_only()`.execute(db);
  await sql`DROP INDEX refunds_handed_back_at_idx`.execute(db);
  await sql`DROP INDEX orders_desk_paid_at_idx`.execute(db);
  await sql`ALTER TABLE orders DROP CONSTRAINT orders_payment_method_desk_only, DROP COLUMN payment_method`.execute(db);
}
