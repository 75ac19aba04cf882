import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.

/**
 * The waitlist. An entry is one customer waiting for one facility's slot ('slot') or for any
 * court of a sport, `minutes` long, inside a window of a day ('window'). Its wants are the
 * concrete times it would take (one for a slot; for a window, each slot on each court of the
 * sport that fits), kept only while it waits: they are what the booking path checks (a customer
 * may not take time a waiting entry of someone else wants and could have now) and what the
 * hand-over offers, in the order the entries joined. An offer is a held booking in the entry's
 * name (offer_booking_id, unique: never two entries on one hold); the entry follows its hold to
 * booked, left (declined) or expired (sql/courtside_waitlist_offer_settled.sql).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE waitlist_entries (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind text NOT NULL CHECK (kind IN ('slot', 'window')),
    facility_id uuid REFERENCES facilities (id),
    sport text NOT NULL,
    -- The local date as text (YYYY-MM-DD), as the API reads and writes it.
    date text NOT NULL CHECK (date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
    start_time text NOT NULL,
    end_time text NOT NULL,
    minutes integer NOT NULL CHECK (minutes > 0),
    match_key text NOT NULL,
    status text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'offered', 'booked', 'expired', 'left')),
    joined_at timestamptz NOT NULL,
    -- The order of the line: entries that join in the same instant still queue one after the other.
    line_no bigint GENERATED ALWAYS AS IDENTITY CONSTRAINT waitlist_entries_line_no_key UNIQUE,
    expires_at timestamptz NOT NULL,
    offer_booking_id uuid CONSTRAINT waitlist_entries_offer_key UNIQUE REFERENCES bookings (id),
    offered_at timestamptz,
    settled_at timestamptz,
    removed_by uuid REFERENCES users (id),
    CONSTRAINT waitlist_entries_slot_has_facility CHECK ((kind = 'slot') = (facility_id IS NOT NULL)),
    CONSTRAINT waitlist_entries_offer_has_booking CHECK (status NOT IN ('offered', 'booked') OR offer_booking_id IS NOT NULL)
  )`.execute(db);
  // Joining twice for the same thing is one entry: at most one active entry per customer and wish.
  await sql`CREATE UNIQUE INDEX waitlist_entries_one_active ON waitlist_entries (user_id, match_key) WHERE status IN ('waiting', 'offered')`.execute(db);
  await sql`CREATE INDEX waitlist_entries_user_idx ON waitlist_entries (user_id, joined_at DESC)`.execute(db);
  await sql`CREATE INDEX waitlist_entries_facility_idx ON waitlist_entries (facility_id, date)`.execute(db);
  await sql`CREATE INDEX waitlist_entries_sport_idx ON waitlist_entries (sport, date)`.execute(db);
  await sql`CREATE INDEX waitlist_entries_waiting_idx ON waitlist_entries (expires_at) WHERE status = 'waiting'`.execute(db);
  // The sweeper watches when the next live offer lapses.
  await sql`CREATE INDEX waitlist_entries_offered_idx ON waitlist_entries (offer_booking_id) WHERE status = 'offered'`.execute(db);

  await sql`CREATE TABLE waitlist_wants (
    entry_id uuid NOT NULL REFERENCES waitlist_entries (id) ON DELETE CASCADE,
    facility_id uuid NOT NULL REFERENCES facilities (id) ON DELETE CASCADE,
    user_id uuid NOT NULL,
    line_no bigint NOT NULL,
    starts_at timestamptz NOT NULL,
    ends_at timestamptz NOT NULL,
    offer_by timestamptz NOT NULL,
    PRIMARY KEY (entry_id, facility_id, starts_at),
    CHECK (ends_at > starts_at)
  )`.execute(db);
  // The booking path asks "does a waiting entry want time overlapping this at this facility?".
  await sql`CREATE INDEX waitlist_wants_time_idx ON waitlist_wants USING gist (facility_id, tstzrange(starts_at, ends_at, '[)'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE waitlist_wants`.execute(db);
  await sql`DROP TABLE waitlist_entries`.execute(db);
}
