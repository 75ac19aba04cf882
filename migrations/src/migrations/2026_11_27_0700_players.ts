import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.

/**
 * Players on a booking. The customer who booked (bookings.user_id) is its organizer and is not
 * a row here; each other player is: someone who joined through the booking's link (user_id),
 * or a friend the organizer added by name (guest_name). A place is active until its player
 * leaves or is removed (left_at); the history stays, for the shares a split payment will owe.
 * How many may play on one booking is the facility's max_players, the organizer counted
 * (sql/courtside_add_player.sql counts under the booking's row lock). The link's token lives on
 * the booking (invite_token), made when first asked for and replaced when renewed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE facilities ADD COLUMN max_players integer NOT NULL DEFAULT 4
    CONSTRAINT facilities_max_players_range CHECK (max_players BETWEEN 1 AND 30)`.execute(db);
  // The sports' usual numbers as this migration shipped (the domain's DEFAULT_MAX_PLAYERS decides for new facilities).
  await sql`UPDATE facilities SET max_players = CASE sport
      WHEN 'squash' THEN 2 WHEN 'basketball' THEN 10 WHEN 'football' THEN 10
      WHEN 'volleyball' THEN 12 WHEN 'swimming' THEN 1 ELSE 4 END`.execute(db);

  await sql`ALTER TABLE bookings ADD COLUMN invite_token text CONSTRAINT bookings_invite_token_key UNIQUE`.execute(db);

  await sql`CREATE TABLE booking_players (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    booking_id uuid NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
    user_id uuid REFERENCES users (id) ON DELETE CASCADE,
    guest_name text,
    joined_at timestamptz NOT NULL,
    added_by uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    left_at timestamptz,
    left_how text CHECK (left_how IN ('left', 'removed')),
    CONSTRAINT booking_players_account_or_name CHECK ((user_id IS NULL) <> (guest_name IS NULL)),
    CONSTRAINT booking_players_left CHECK ((left_at IS NULL) = (left_how IS NULL))
  )`.execute(db);
  // Joining twice is one place.
  await sql`CREATE UNIQUE INDEX booking_players_one_place ON booking_players (booking_id, user_id) WHERE left_at IS NULL AND user_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX booking_players_booking_idx ON booking_players (booking_id) WHERE left_at IS NULL`.execute(db);
  await sql`CREATE INDEX booking_players_user_idx ON booking_players (user_id) WHERE left_at IS NULL`.execute(db);

  // Addresses the organizer invited by email (each once per booking), until they join.
  await sql`CREATE TABLE booking_invitations (
    booking_id uuid NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
    email text NOT NULL,
    invited_at timestamptz NOT NULL,
    invited_by uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    PRIMARY KEY (booking_id, email)
  )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE booking_invitations`.execute(db);
  await sql`DROP TABLE booking_players`.execute(db);
  await sql`ALTER TABLE bookings DROP COLUMN invite_token`.execute(db);
  await sql`ALTER TABLE facilities DROP COLUMN max_players`.execute(db);
}
