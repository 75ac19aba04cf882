import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.

/**
 * No-shows and the blocks they bring.
 *
 * - `users.booking_blocked_until`: a customer with NO_SHOW_LIMIT no-shows within the window may
 *   not book online until then (checked where the hold is made, under the customer's lock:
 *   sql/courtside_reserve_booking.sql). A block ends by itself at that moment; staff may lift it.
 * - `bookings.no_show_cleared_at`: staff cleared this booking's no-show; the sweep never marks it again.
 * - `facilities.check_in_since`: when its policy's checkIn was last turned on (null while off). The
 *   sweep marks only bookings that started after it, so turning check-in on never marks history.
 * - The audit log records check-ins, their undoing, cleared no-shows and lifted blocks.
 * - `bookings_no_shows_idx`: a customer's no-shows by start, counted when one more is marked.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN booking_blocked_until timestamptz`.execute(db);
  await sql`ALTER TABLE bookings ADD COLUMN no_show_cleared_at timestamptz`.execute(db);
  await sql`ALTER TABLE facilities ADD COLUMN check_in_since timestamptz`.execute(db);
  await sql`UPDATE facilities SET check_in_since = now() WHERE policy ->> 'checkIn' = 'on'`.execute(db);
  await sql`CREATE INDEX bookings_no_shows_idx ON bookings (user_id, starts_at) WHERE attendance = 'no_show'`.execute(db);
  await sql`ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check`.execute(db);
  await sql`ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check CHECK (action IN ('refund', 'mark-paid', 'settle-balance', 'price-change', 'policy-change', 'role-change', 'staff-invite', 'delete', 'cash-up', 'check-in', 'check-in-undo', 'no-show-clear', 'block-lift'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check`.execute(db);
  await sql`ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check CHECK (action IN ('refund', 'mark-paid', 'settle-balance', 'price-change', 'policy-change', 'role-change', 'staff-invite', 'delete', 'cash-up')) NOT VALID`.execute(db);
  await sql`DROP INDEX bookings_no_shows_idx`.execute(db);
  await sql`ALTER TABLE facilities DROP COLUMN check_in_since`.execute(db);
  await sql`ALTER TABLE bookings DROP COLUMN no_show_cleared_at`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN booking_blocked_until`.execute(db);
}
