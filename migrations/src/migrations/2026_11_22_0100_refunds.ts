import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.

/**
 * Refunds become records of their own: written (pending) inside the transaction that decides
 * them, sent to the provider after commit with the refund id as idempotency key, and retried
 * by the sweeper until the provider accepts them. order_bookings.paid_at names the one order
 * whose payment confirmed a booking, so a cancellation refunds through the order that took the money.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('refunds')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id'))
    .addColumn('booking_id', 'uuid', (c) => c.references('bookings.id'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status IN ('pending', 'succeeded', 'failed')`))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('provider_ref', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // Definite refusals so far; each one moves to a fresh idempotency key (a refused key replays its refusal).
    .addColumn('refusals', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX refunds_order_idx ON refunds (order_id, created_at)`.execute(db);
  await sql`CREATE INDEX refunds_booking_idx ON refunds (booking_id) WHERE booking_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX refunds_due_idx ON refunds (next_attempt_at) WHERE status <> 'succeeded'`.execute(db);

  // Refunds made before this migration were instant (sandbox): keep them as succeeded rows.
  await sql`
    INSERT INTO refunds (order_id, amount_cents, status, reason, created_at, updated_at)
    SELECT id, refunded_cents, 'succeeded', 'recorded before refund tracking', updated_at, updated_at
    FROM orders WHERE refunded_cents > 0`.execute(db);

  await db.schema.alterTable('order_bookings').addColumn('paid_at', 'timestamptz').execute();
  // The first paid order of a paid (or since refunded) booking is the one that confirmed it.
  await sql`
    UPDATE order_bookings ob SET paid_at = o.paid_at
    FROM orders o, bookings b
    WHERE o.id = ob.order_id AND b.id = ob.booking_id
      AND o.paid_at IS NOT NULL AND b.payment_status IN ('paid', 'refunded')
      AND o.id = (
        SELECT o2.id FROM orders o2 JOIN order_bookings ob2 ON ob2.order_id = o2.id
        WHERE ob2.booking_id = ob.booking_id AND o2.paid_at IS NOT NULL
        ORDER BY o2.paid_at, o2.id LIMIT 1)`.execute(db);

  // The Stripe PaymentIntent of a paid checkout: what refunds and charge events refer to.
  await db.schema.alterTable('orders').addColumn('payment_ref', 'text').execute();
  await sql`CREATE INDEX orders_payment_ref_idx ON orders (provider, payment_ref) WHERE payment_ref IS NOT NULL`.execute(db);
  await sql`CREATE INDEX orders_created_idx ON orders (created_at DESC)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_created_idx').execute();
  await db.schema.dropIndex('orders_payment_ref_idx').execute();
  await db.schema.alterTable('orders').dropColumn('payment_ref').execute();
  await db.schema.alterTable('order_bookings').dropColumn('paid_at').execute();
  await db.schema.dropTable('refunds').execute();
}
