import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.

/**
 * Guards against a customer hoarding slots and an attacker locking owners out:
 * - `courtside_reserve_hold(user, max, now)`: the cap on a customer's live unpaid holds, called
 *   by the booking insert. It takes a per-customer transaction lock and only then counts; being a
 *   PL/pgSQL function, its count runs on a snapshot taken after the lock, so it sees every hold
 *   that a concurrent request of the same customer committed while it waited (a count in the
 *   insert statement itself would use the statement's older snapshot and let both through).
 * - `orders.checkout_expires_at`: when an order's hosted page stops taking money. A later
 *   checkout of the same bookings may not extend their holds past the first one's.
 * - `known_login_sources`: where each account has signed in from, so failed guesses from
 *   elsewhere never lock the owner out of a place they have used before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX bookings_live_holds_idx ON bookings (user_id) WHERE status = 'pending'`.execute(db);
  await sql`
    CREATE FUNCTION courtside_reserve_hold(p_user uuid, p_max integer, p_now timestamptz) RETURNS boolean
    LANGUAGE plpgsql VOLATILE AS $$
    DECLARE
      held integer;
    BEGIN
      IF p_max IS NULL THEN
        RETURN true;
      END IF;
      PERFORM pg_advisory_xact_lock(hashtextextended('customer-holds:' || p_user::text, 0));
      SELECT count(*) INTO held FROM bookings
       WHERE user_id = p_user AND status = 'pending' AND payment_status = 'unpaid' AND hold_expires_at > p_now;
      IF held >= p_max THEN
        RAISE EXCEPTION 'customer % already holds % unpaid bookings', p_user, held
          USING ERRCODE = 'CSH01', DETAIL = held::text;
      END IF;
      RETURN true;
    END $$`.execute(db);
  await db.schema.alterTable('orders').addColumn('checkout_expires_at', 'timestamptz').execute();
  await db.schema
    .createTable('known_login_sources')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('known_login_sources_pkey', ['user_id', 'source'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('known_login_sources').execute();
  await db.schema.alterTable('orders').dropColumn('checkout_expires_at').execute();
  await sql`DROP FUNCTION courtside_reserve_hold(uuid, integer, timestamptz)`.execute(db);
  await sql`DROP INDEX bookings_live_holds_idx`.execute(db);
}
