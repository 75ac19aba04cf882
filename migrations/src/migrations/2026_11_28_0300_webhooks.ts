import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.

/**
 * Signed webhooks for the venue's other systems (a light controller, an accounting tool).
 *
 * - `webhook_endpoints`: where staff send events, which events, and the secret the body is signed
 *   with (`whsec_` and 32 random bytes in hex; rolled by staff). After a roll the previous secret
 *   may sign alongside until `previous_secret_until`, so a receiver is not cut off while it is
 *   given the new one.
 * - `webhook_events`: the outbox of events. A trigger on bookings or refunds writes one in the
 *   transaction that causes it (sql/courtside_webhook_*.sql), so a rolled-back change sends
 *   nothing. `seq` orders a booking's events: the row lock on the booking serializes its changes,
 *   so their sequence numbers follow the order they committed in.
 * - `webhook_deliveries`: one per event and subscribed endpoint, retried with back-off until
 *   `give_up_at` (a day after the event, or after a resend); `booking_id` and `seq` are the event's,
 *   copied so the sender can hold a delivery back while an earlier one of its booking is pending.
 * - `webhook_attempts`: every HTTP attempt, for staff to read.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE webhook_endpoints (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    url text NOT NULL CHECK (length(url) BETWEEN 8 AND 2000),
    description text NOT NULL DEFAULT '' CHECK (length(description) <= 200),
    events text[] NOT NULL CONSTRAINT webhook_endpoints_events_known CHECK (
      cardinality(events) > 0 AND events <@ ARRAY['booking.confirmed', 'booking.cancelled', 'booking.moved',
        'booking.checked_in', 'booking.no_show', 'payment.refunded']::text[]),
    secret text NOT NULL CHECK (secret ~ '^whsec_[0-9a-f]{64}$'),
    previous_secret text CHECK (previous_secret ~ '^whsec_[0-9a-f]{64}$'),
    previous_secret_until timestamptz,
    created_by uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    disabled_at timestamptz
  )`.execute(db);

  await sql`CREATE TABLE webhook_events (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    seq bigint GENERATED ALWAYS AS IDENTITY,
    type text NOT NULL,
    booking_id uuid REFERENCES bookings (id) ON DELETE SET NULL,
    data jsonb NOT NULL,
    created_at timestamptz NOT NULL
  )`.execute(db);

  await sql`CREATE TABLE webhook_deliveries (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    event_id uuid NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
    endpoint_id uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    booking_id uuid,
    seq bigint NOT NULL,
    state text NOT NULL DEFAULT 'pending' CONSTRAINT webhook_deliveries_state_known CHECK (state IN ('pending', 'delivered', 'failed')),
    attempts integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL,
    give_up_at timestamptz NOT NULL,
    last_status integer,
    last_error text,
    delivered_at timestamptz,
    created_at timestamptz NOT NULL,
    CONSTRAINT webhook_deliveries_once UNIQUE (event_id, endpoint_id)
  )`.execute(db);
  // The sender's read: pending deliveries by when they are due; and a booking's earlier ones at an endpoint.
  await sql`CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE state = 'pending'`.execute(db);
  await sql`CREATE INDEX webhook_deliveries_booking_idx ON webhook_deliveries (endpoint_id, booking_id, seq) WHERE state = 'pending'`.execute(db);
  await sql`CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_at DESC)`.execute(db);

  await sql`CREATE TABLE webhook_attempts (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    delivery_id uuid NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
    at timestamptz NOT NULL,
    status integer,
    error text,
    duration_ms integer NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX webhook_attempts_delivery_idx ON webhook_attempts (delivery_id, at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS bookings_webhook_insert ON bookings`.execute(db);
  await sql`DROP TRIGGER IF EXISTS bookings_webhook_update ON bookings`.execute(db);
  await sql`DROP TRIGGER IF EXISTS refunds_webhook_insert ON refunds`.execute(db);
  await sql`DROP TRIGGER IF EXISTS refunds_webhook_update ON refunds`.execute(db);
  await sql`DROP FUNCTION IF EXISTS courtside_webhook_booking_event()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS courtside_webhook_refund_event()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS courtside_webhook_emit(text, uuid, jsonb, timestamptz)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS courtside_webhook_booking_data(uuid)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS courtside_notify_webhooks_queued()`.execute(db);
  await sql`DROP TABLE webhook_attempts, webhook_deliveries, webhook_events, webhook_endpoints`.execute(db);
}
