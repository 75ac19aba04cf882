import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.

/**
 * Each facility's sport, which players search by. The list is spelled out here (the domain's
 * SPORTS as it stood; api/test/status-constraints.test.ts holds them equal). A facility added
 * before is `other`, except the demo catalogue's, whose pictures name their sport.
 *
 * No index: the free-slot search reads every live facility of a venue (tens to a few hundred
 * rows) in one statement, and its cost is in the bookings, which the exclusion constraint's
 * index (facility_id, time range) already serves.
 */
const SPORTS = ['tennis', 'padel', 'squash', 'badminton', 'basketball', 'football', 'volleyball', 'swimming', 'other'];

export async function up(db: Kysely<any>): Promise<void> {
  const list = sql.join(SPORTS.map((s) => sql.lit(s)));
  await sql`ALTER TABLE facilities
    ADD COLUMN sport text NOT NULL DEFAULT 'other' CONSTRAINT facilities_sport_known CHECK (sport IN (${list}))`.execute(db);
  await sql`UPDATE facilities
    SET sport = substring(image_url FROM '^/images/facilities/([a-z]+)\\.svg$')
    WHERE substring(image_url FROM '^/images/facilities/([a-z]+)\\.svg$') IN (${list})`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('facilities').dropColumn('sport').execute();
}
