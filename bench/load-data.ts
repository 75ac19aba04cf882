/**
 * The benchmark's data set, loaded with set-based SQL (INSERT ... SELECT FROM generate_series):
 * 1,000 users, 100 facilities and, per facility, one one-hour booking per opening hour
 * (08:00-21:00 local) for HISTORY_DAYS days before today up to FUTURE_DAYS days after it.
 * Facility f, day d and hour h are distinct by construction, so active bookings never overlap.
 */
import { sql } from 'kysely';
import type { Db } from '@courtside/api/database';
import type { PriceRule, Sport } from '@courtside/domain';

export const TIMEZONE = 'America/New_York';
export const FACILITIES = 100;
export const USERS = 1_000;
export const FIRST_HOUR = 8;
export const LAST_HOUR = 21; // the last slot starts 21:00 and ends at closing, 22:00
const HOURS = LAST_HOUR - FIRST_HOUR + 1;
/** Days with bookings after today: availability is measured on them. */
export const FUTURE_DAYS = 20;
/** Enough history for >= 1,000,000 bookings in total. */
export const HISTORY_DAYS = Math.ceil(1_000_000 / (FACILITIES * HOURS)) - FUTURE_DAYS;

export const FACILITY_PREFIX = 'Bench Court ';
/** The price rules of every bench facility, as stored (cents). */
export const BENCH_PRICE_RULES: PriceRule[] = [
  { days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '17:00', to: '21:00', pricePerHourCents: 3500 },
  { days: ['sat', 'sun'], from: '08:00', to: '12:00', pricePerHourCents: 3000 },
  { days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], from: '12:00', to: '17:00', validFrom: '2026-06-01', validTo: '2026-08-31', pricePerHourCents: 2500 },
];
export const USER_EMAIL_PREFIX = 'bench.user.';
/** Bench Court n plays BENCH_SPORTS[n % 4]: 25 facilities each, so a sport filter has something to leave out. */
export const BENCH_SPORTS: readonly Sport[] = ['tennis', 'padel', 'squash', 'badminton'];
const sportArray = sql`ARRAY[${sql.join(BENCH_SPORTS.map((s) => sql.lit(s)))}]::text[]`;

export interface DataSet {
  facilityIds: string[];
  bookings: number;
  /** Today in the facilities' time zone, YYYY-MM-DD. */
  today: string;
  /** The last local day that has loaded bookings. */
  loadedUntil: string;
}

export async function localToday(db: Db): Promise<string> {
  const { rows } = await sql<{ d: string }>`SELECT (now() AT TIME ZONE ${TIMEZONE})::date::text AS d`.execute(db);
  return rows[0]!.d;
}

/** What is already loaded, or undefined when the database does not hold a usable data set. */
export async function describeDataSet(db: Db): Promise<DataSet | undefined> {
  const facilities = await db
    .selectFrom('facilities')
    .select('id')
    .where('name', 'like', `${FACILITY_PREFIX}%`)
    .where('is_deleted', '=', false)
    .orderBy('name')
    .execute();
  if (facilities.length < FACILITIES) return undefined;
  const { rows } = await sql<{ n: string; until: string | null }>`
    SELECT count(*) AS n, (max(b.starts_at) AT TIME ZONE ${TIMEZONE})::date::text AS until
    FROM bookings b JOIN users u ON u.id = b.user_id
    WHERE u.email LIKE ${`${USER_EMAIL_PREFIX}%`}`.execute(db);
  const bookings = Number(rows[0]!.n);
  if (bookings < 1_000_000 || !rows[0]!.until) return undefined;
  return { facilityIds: facilities.map((f) => f.id), bookings, today: await localToday(db), loadedUntil: rows[0]!.until };
}

/** Gives the facilities of a data set loaded before they had sports theirs (nothing to do on a new one). */
export async function assignSports(db: Db): Promise<void> {
  await sql`
    UPDATE facilities SET sport = (${sportArray})[1 + substring(name FROM '[0-9]+$')::int % ${BENCH_SPORTS.length}::int]
    WHERE name LIKE ${`${FACILITY_PREFIX}%`} AND sport IS DISTINCT FROM (${sportArray})[1 + substring(name FROM '[0-9]+$')::int % ${BENCH_SPORTS.length}::int]`.execute(db);
}

/** Loads the data set into an empty, migrated database, then VACUUMs and ANALYZEs it. */
export async function loadDataSet(db: Db, log: (line: string) => void): Promise<DataSet> {
  // One transaction: a failed load leaves nothing behind.
  await db.transaction().execute(async (conn) => {
    // A bulk load that is lost on a crash is simply loaded again.
    await sql`SET LOCAL synchronous_commit = off`.execute(conn);

    await sql`
      INSERT INTO users (name, email, password_hash, phone, address, role)
      SELECT 'Bench User ' || n, ${USER_EMAIL_PREFIX} || n || '@example.com', '!unusable', '555-0100', n || ' Bench Street', 'user'
      FROM generate_series(1, ${USERS}::int) AS n`.execute(conn);

    // Every facility prices by rules (evening peak on weekdays, weekend mornings, a summer
    // season), so availability is measured computing prices the way a real venue's are.
    await sql`
      INSERT INTO facilities (name, location, price_per_hour_cents, description, image_url, timezone, price_rules, sport)
      SELECT ${FACILITY_PREFIX} || lpad(n::text, 3, '0'), 'Bench Park ' || (n % 10 + 1), 1000 + (n % 20) * 100,
             'A court for the benchmark.', '/images/facilities/tennis.svg', ${TIMEZONE}, ${JSON.stringify(BENCH_PRICE_RULES)}::jsonb,
             (${sportArray})[1 + n % ${BENCH_SPORTS.length}::int]
      FROM generate_series(1, ${FACILITIES}::int) AS n`.execute(conn);

    // The access-code trigger takes one advisory lock per confirmed booking, held to the end of
    // the transaction: hundreds of thousands at once would overflow the lock table. Off for the
    // bulk load; the codes are given below, set-based, as the migration gave them to bookings
    // confirmed before codes existed (to the ones still to come).
    await sql`ALTER TABLE bookings DISABLE TRIGGER bookings_access_code`.execute(conn);

    // In chunks of days, so progress shows; each chunk is one INSERT ... SELECT.
    const chunkDays = 60;
    let loaded = 0;
    for (let from = -HISTORY_DAYS; from <= FUTURE_DAYS; from += chunkDays) {
      const to = Math.min(from + chunkDays - 1, FUTURE_DAYS);
      const result = await sql`
        WITH f AS (
          SELECT id, price_per_hour_cents AS price, row_number() OVER (ORDER BY name) AS fn
          FROM facilities WHERE name LIKE ${`${FACILITY_PREFIX}%`}
        ),
        u AS (SELECT array_agg(id ORDER BY email) AS ids FROM users WHERE email LIKE ${`${USER_EMAIL_PREFIX}%`}),
        today AS (SELECT (now() AT TIME ZONE ${TIMEZONE})::date AS day),
        slot AS (
          SELECT f.id AS facility_id, f.price, f.fn, d, h,
                 ((today.day + d) + make_interval(hours => h)) AT TIME ZONE ${TIMEZONE} AS starts_at,
                 ((today.day + d) + make_interval(hours => h + 1)) AT TIME ZONE ${TIMEZONE} AS ends_at,
                 abs(hashtext(f.fn || ':' || d || ':' || h)) % 100 AS r
          FROM f, today, generate_series(${from}::int, ${to}::int) AS d, generate_series(${FIRST_HOUR}::int, ${LAST_HOUR}::int) AS h
        )
        INSERT INTO bookings (facility_id, user_id, starts_at, ends_at, payable_cents, status, payment_status,
                              hold_expires_at, cancelled_by, cancelled_at, created_at, updated_at)
        SELECT s.facility_id,
               u.ids[1 + abs(hashtext(s.fn || '/' || s.d || '/' || s.h)) % ${USERS}::int],
               s.starts_at, s.ends_at, s.price,
               CASE WHEN s.r < 60 THEN 'confirmed' WHEN s.r < 85 THEN 'cancelled' ELSE 'expired' END,
               CASE WHEN s.r < 60 THEN 'paid' WHEN s.r < 72 THEN 'refunded' ELSE 'unpaid' END,
               NULL,
               CASE WHEN s.r BETWEEN 60 AND 84 THEN u.ids[1 + abs(hashtext(s.fn || '/' || s.d || '/' || s.h)) % ${USERS}::int] END,
               CASE WHEN s.r BETWEEN 60 AND 84 THEN s.starts_at - interval '2 days' END,
               s.starts_at - interval '7 days',
               s.starts_at - interval '7 days'
        FROM slot s, u`.execute(conn);
      loaded += Number(result.numAffectedRows ?? 0);
      log(`  bookings loaded: ${loaded.toLocaleString('en-US')}`);
    }
    // Distinct by construction: the hour since the epoch times 100 plus the facility's number
    // (1..100), unique over 10,000 hours, and windows overlap only an hour either side.
    await sql`
      UPDATE bookings b SET
        access_code = lpad((((extract(epoch FROM b.starts_at) / 3600)::bigint * 100 + f.fn) % 1000000)::text, 6, '0'),
        access_window = tstzrange(b.starts_at - interval '60 minutes', b.ends_at, '[)')
      FROM (SELECT id, row_number() OVER (ORDER BY name) AS fn FROM facilities WHERE name LIKE ${`${FACILITY_PREFIX}%`}) f
      WHERE b.facility_id = f.id AND b.status = 'confirmed' AND b.ends_at > now()`.execute(conn);
    await sql`ALTER TABLE bookings ENABLE TRIGGER bookings_access_code`.execute(conn);
  });
  // Outside the transaction (VACUUM cannot run in one): statistics for the planner, and the
  // hint bits and visibility map a long-lived table has, so the first measured reads do not
  // pay for writing them behind a fresh bulk load.
  await sql`VACUUM (ANALYZE)`.execute(db);
  const dataSet = await describeDataSet(db);
  if (!dataSet) throw new Error('the data set did not load completely');
  return dataSet;
}
