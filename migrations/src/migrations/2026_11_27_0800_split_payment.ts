import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.

/**
 * Split payment: the organizer pays their share and each player theirs.
 *
 * - `orders.kind`: 'full' (the organizer pays for everyone, as before), 'split' (the organizer's
 *   own share of each booking, with their agreement to cover what is unpaid at the due time),
 *   'share' (one player's share), 'cover' (the shares still unpaid at the due time, charged to
 *   the organizer). `orders.share_id` names the share a 'share' order pays.
 * - `orders.cover_agreed_at`: when the organizer agreed (paid their split order) that unpaid
 *   shares are charged to them; `charge_attempted_at`: a cover charge's last attempt, so the
 *   sweeper retries one whose outcome never came back (same idempotency key).
 * - `order_bookings.amount_cents`: what the order charges for that booking (null on orders
 *   before this: their price less their discount share); `order_bookings.shares`: on a split
 *   order, how many shares the booking's price is divided into.
 * - `booking_shares`: the shares of a booking paid split, made when the organizer's share is
 *   paid. A share is 'open' until paid by a player ('paid'), charged to the organizer at the due
 *   time ('covered'; 'owed' if that charge was declined), or given back ('refunded'). `order_id`
 *   is the order whose money it is; `player_id` the place of the player it is reserved for.
 * - `bookings.shares_due_at`: when unpaid shares are charged to the organizer.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE orders
    ADD COLUMN kind text NOT NULL DEFAULT 'full' CONSTRAINT orders_kind_known CHECK (kind IN ('full', 'split', 'share', 'cover')),
    ADD COLUMN cover_agreed_at timestamptz,
    ADD COLUMN charge_attempted_at timestamptz`.execute(db);
  await sql`ALTER TABLE order_bookings
    ADD COLUMN amount_cents integer CONSTRAINT order_bookings_amount_positive CHECK (amount_cents >= 0),
    ADD COLUMN shares integer CONSTRAINT order_bookings_shares_range CHECK (shares BETWEEN 2 AND 30)`.execute(db);
  await sql`ALTER TABLE bookings ADD COLUMN shares_due_at timestamptz`.execute(db);
  await sql`CREATE INDEX bookings_shares_due_idx ON bookings (shares_due_at) WHERE shares_due_at IS NOT NULL`.execute(db);

  await sql`CREATE TABLE booking_shares (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    booking_id uuid NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
    seq integer NOT NULL CHECK (seq >= 0),
    amount_cents integer NOT NULL CHECK (amount_cents >= 0),
    status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'covered', 'owed', 'refunded')),
    player_id uuid REFERENCES booking_players (id) ON DELETE SET NULL,
    order_id uuid REFERENCES orders (id),
    paid_by uuid REFERENCES users (id),
    updated_at timestamptz NOT NULL,
    CONSTRAINT booking_shares_seq_key UNIQUE (booking_id, seq),
    CONSTRAINT booking_shares_paid_has_order CHECK (status IN ('open', 'owed') OR order_id IS NOT NULL)
  )`.execute(db);
  // A player holds at most one share of a booking.
  await sql`CREATE UNIQUE INDEX booking_shares_one_per_player ON booking_shares (player_id) WHERE player_id IS NOT NULL`.execute(db);
  // A share goes only with its booking (tests and a facility's purge delete bookings); its orders stay, as money records.
  await sql`ALTER TABLE orders ADD COLUMN share_id uuid REFERENCES booking_shares (id) ON DELETE SET NULL`.execute(db);
  await sql`CREATE INDEX orders_share_idx ON orders (share_id) WHERE share_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX orders_cover_retry_idx ON orders (charge_attempted_at) WHERE kind = 'cover' AND status = 'pending'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE orders DROP COLUMN share_id`.execute(db);
  await sql`DROP TABLE booking_shares`.execute(db);
  await sql`ALTER TABLE bookings DROP COLUMN shares_due_at`.execute(db);
  await sql`ALTER TABLE order_bookings DROP COLUMN shares, DROP COLUMN amount_cents`.execute(db);
  await sql`ALTER TABLE orders DROP COLUMN charge_attempted_at, DROP COLUMN cover_agreed_at, DROP COLUMN kind`.execute(db);
}
