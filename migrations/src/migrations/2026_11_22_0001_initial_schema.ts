import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.

const DEFAULT_HOURS = JSON.stringify(
  Object.fromEntries(['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'].map((d) => [d, { open: '08:00', close: '22:00' }])),
);

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS btree_gist`.execute(db);

  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('photo_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('user').check(sql`role IN ('user', 'admin')`))
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE UNIQUE INDEX users_email_unique ON users (lower(email))`.execute(db);
  await sql`CREATE INDEX users_role_idx ON users (role) WHERE deleted_at IS NULL`.execute(db);

  await db.schema
    .createTable('facilities')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('price_per_hour_cents', 'integer', (c) => c.notNull().check(sql`price_per_hour_cents >= 0`))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_deleted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('timezone', 'text', (c) => c.notNull())
    .addColumn('opening_hours', 'jsonb', (c) => c.notNull().defaultTo(sql.lit(DEFAULT_HOURS)))
    .addColumn('slot_minutes', 'integer', (c) => c.notNull().defaultTo(60).check(sql`slot_minutes BETWEEN 15 AND 240`))
    .addColumn('max_booking_minutes', 'integer', (c) =>
      c.notNull().defaultTo(240).check(sql`max_booking_minutes BETWEEN 15 AND 1440`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX facilities_listing_idx ON facilities (is_deleted, lower(name))`.execute(db);

  await db.schema
    .createTable('bookings')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('facility_id', 'uuid', (c) => c.notNull().references('facilities.id'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('payable_cents', 'integer', (c) => c.notNull().check(sql`payable_cents >= 0`))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status IN ('pending', 'confirmed', 'cancelled', 'expired')`),
    )
    .addColumn('payment_status', 'text', (c) =>
      c.notNull().defaultTo('unpaid').check(sql`payment_status IN ('unpaid', 'paid', 'refunded')`),
    )
    .addColumn('hold_expires_at', 'timestamptz')
    .addColumn('cancelled_by', 'uuid', (c) => c.references('users.id'))
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('bookings_ends_after_starts', sql`ends_at > starts_at`)
    .addCheckConstraint('bookings_pending_has_hold', sql`status <> 'pending' OR hold_expires_at IS NOT NULL`)
    .execute();
  // The guarantee: PostgreSQL itself refuses two active bookings of one facility that overlap.
  await sql`
    ALTER TABLE bookings ADD CONSTRAINT bookings_no_overlap
    EXCLUDE USING gist (facility_id WITH =, tstzrange(starts_at, ends_at, '[)') WITH &&)
    WHERE (status IN ('pending', 'confirmed'))`.execute(db);
  await sql`CREATE INDEX bookings_user_idx ON bookings (user_id, starts_at DESC)`.execute(db);
  await sql`CREATE INDEX bookings_starts_idx ON bookings (starts_at, facility_id)`.execute(db);
  await sql`CREATE INDEX bookings_holds_idx ON bookings (hold_expires_at) WHERE status = 'pending'`.execute(db);

  await db.schema
    .createTable('orders')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents >= 0`))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_ref', 'text')
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status IN ('pending', 'paid', 'cancelled', 'refunded')`),
    )
    .addColumn('payment_url', 'text')
    .addColumn('flag_reason', 'text')
    .addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0).check(sql`refunded_cents >= 0`))
    .addColumn('paid_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX orders_user_idx ON orders (user_id, created_at DESC)`.execute(db);
  await sql`CREATE UNIQUE INDEX orders_provider_ref_unique ON orders (provider, provider_ref) WHERE provider_ref IS NOT NULL`.execute(db);

  await db.schema
    .createTable('order_bookings')
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id'))
    .addColumn('booking_id', 'uuid', (c) => c.notNull().references('bookings.id'))
    .addPrimaryKeyConstraint('order_bookings_pk', ['order_id', 'booking_id'])
    .execute();
  await sql`CREATE INDEX order_bookings_booking_idx ON order_bookings (booking_id)`.execute(db);

  await db.schema
    .createTable('payment_events')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('order_id', 'uuid', (c) => c.references('orders.id'))
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('payment_events_pk', ['provider', 'event_id'])
    .execute();

  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX contact_messages_created_idx ON contact_messages (created_at DESC)`.execute(db);

  await db.schema
    .createTable('throttle_buckets')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('window_ends_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['throttle_buckets', 'contact_messages', 'payment_events', 'order_bookings', 'orders', 'bookings', 'facilities', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
