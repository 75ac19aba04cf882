import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.

/**
 * From here on the current SQL of every function and trigger lives in migrations/src/sql/, one
 * file each, applied after the migrations every time they run (current-sql.ts):
 * - `courtside_sql_files`: which version (SHA-256) of each file the database runs, so a boot
 *   re-applies only the files that changed;
 * - `courtside_lock_schedule_if_unchanged` loses its lock-key argument (the key is spelled once,
 *   in courtside_schedule_lock); sql/ defines the two-argument one;
 * - the six-argument `courtside_reserve_booking` of 2026_11_24_0700, no longer called since
 *   2026_11_26_0400, goes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE courtside_sql_files (
    name text PRIMARY KEY,
    sha256 text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`DROP FUNCTION courtside_lock_schedule_if_unchanged(text, uuid, text)`.execute(db);
  await sql`DROP FUNCTION courtside_reserve_booking(uuid, integer, uuid, integer, integer, timestamptz)`.execute(db);
}

/** The dropped functions come back as they were called (the six-argument one through the seven); sql/ is then ahead of the schema. */
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION courtside_reserve_booking(p_user uuid, p_max_holds integer, p_facility uuid,
                                              p_max_here integer, p_max_venue integer, p_now timestamptz) RETURNS boolean
    LANGUAGE sql VOLATILE AS $$ SELECT courtside_reserve_booking(p_user, p_max_holds, p_facility, p_max_here, p_max_venue, p_now, NULL) $$`.execute(db);
  await sql`
    CREATE FUNCTION courtside_lock_schedule_if_unchanged(p_lock_key text, p_facility uuid, p_version text) RETURNS boolean
    LANGUAGE plpgsql VOLATILE AS $$
    BEGIN
      PERFORM pg_advisory_xact_lock(hashtextextended(p_lock_key, 0));
      RETURN EXISTS (SELECT 1 FROM facilities WHERE id = p_facility AND NOT is_deleted AND xmin::text = p_version);
    END $$`.execute(db);
  await sql`DROP FUNCTION IF EXISTS courtside_lock_schedule_if_unchanged(uuid, text)`.execute(db);
  await sql`DROP TABLE courtside_sql_files`.execute(db);
}
