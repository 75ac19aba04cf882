import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.

/**
 * Rate and review:
 * - `reviews`: one per booking, the UNIQUE constraint on `booking_id` decides "once" whatever
 *   races (a second insert is 23505); its facility and customer copied from the booking when it
 *   was written (the facility is what was rated); 1-5 stars; a comment of at most 500 characters
 *   ('' for none). Staff hide one with `hidden_at` (and who, and why): hidden ones leave the
 *   public average and list.
 * - The public average and count come from `reviews_facility_visible` (visible reviews of a
 *   facility, newest first, stars included): the facility list's aggregate and a page's recent
 *   reviews are both read from the index alone.
 * - Every change says `reviews:<facility id>` on `courtside_changes`, so each API process drops
 *   its cached facility lists (they carry the average), whichever process or tool wrote it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reviews')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('booking_id', 'uuid', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('facility_id', 'uuid', (c) => c.notNull().references('facilities.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rating', 'smallint', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('hidden_at', 'timestamptz')
    .addColumn('hidden_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('hidden_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('reviews_booking_unique', ['booking_id'])
    .addCheckConstraint('reviews_rating_range', sql`rating BETWEEN 1 AND 5`)
    .addCheckConstraint('reviews_comment_length', sql`char_length(comment) <= 500`)
    .addCheckConstraint('reviews_hide_reason_length', sql`char_length(hidden_reason) <= 200`)
    .execute();
  await sql`CREATE INDEX reviews_facility_visible ON reviews (facility_id, created_at DESC) INCLUDE (rating) WHERE hidden_at IS NULL`.execute(db);
  // The back office lists every review newest first, by facility or not.
  await sql`CREATE INDEX reviews_created ON reviews (created_at DESC, id)`.execute(db);
  await sql`CREATE INDEX reviews_user ON reviews (user_id)`.execute(db);

  await sql`
    CREATE FUNCTION courtside_notify_review_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('courtside_changes', 'reviews:' || OLD.facility_id); END IF;
      IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.facility_id IS DISTINCT FROM OLD.facility_id) THEN
        PERFORM pg_notify('courtside_changes', 'reviews:' || NEW.facility_id);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER reviews_notify_change AFTER INSERT OR UPDATE OR DELETE ON reviews
    FOR EACH ROW EXECUTE FUNCTION courtside_notify_review_change()`.execute(db);
  await sql`CREATE TRIGGER reviews_notify_truncate AFTER TRUNCATE ON reviews
    FOR EACH STATEMENT EXECUTE FUNCTION courtside_notify_truncate()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER reviews_notify_truncate ON reviews`.execute(db);
  await sql`DROP TRIGGER reviews_notify_change ON reviews`.execute(db);
  await sql`DROP FUNCTION courtside_notify_review_change()`.execute(db);
  await db.schema.dropTable('reviews').execute();
}
