/** The SQL the proofs judge the database by, read straight from PostgreSQL, never through the API. */
import pg from 'pg';

export async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Pairs of active bookings of one facility whose half-open intervals overlap (the promise: none).
 * The SQL text is shared with the API tests (api/test/support/databases.ts), which ask it through Kysely.
 */
export const COUNT_OVERLAPS_SQL = `
  SELECT count(*)::int AS n
  FROM bookings a
  JOIN bookings b ON a.facility_id = b.facility_id AND a.id < b.id
  WHERE a.status IN ('pending', 'confirmed')
    AND b.status IN ('pending', 'confirmed')
    AND tstzrange(a.starts_at, a.ends_at, '[)') && tstzrange(b.starts_at, b.ends_at, '[)')`;

/**
 * Pairs of active bookings of linked facilities (a part and its parent) whose times overlap: the
 * promise of linked courts is none. Two parts of one parent may overlap; they are not linked.
 */
export const COUNT_LINKED_OVERLAPS_SQL = `
  SELECT count(*)::int AS n
  FROM bookings a
  JOIN facilities part ON part.id = a.facility_id
  JOIN bookings b ON b.facility_id = part.parent_id
  WHERE a.status IN ('pending', 'confirmed')
    AND b.status IN ('pending', 'confirmed')
    AND tstzrange(a.starts_at, a.ends_at, '[)') && tstzrange(b.starts_at, b.ends_at, '[)')`;

/** Active bookings lying (partly) under a closure of their facility (the promise: none). */
export const COUNT_BOOKINGS_UNDER_CLOSURES_SQL = `
  SELECT count(*)::int AS n
  FROM bookings b JOIN closure_facilities cf ON cf.facility_id = b.facility_id
  WHERE b.status IN ('pending', 'confirmed')
    AND tstzrange(b.starts_at, b.ends_at, '[)') && tstzrange(cf.starts_at, cf.ends_at, '[)')`;

const countOf = (url: string, query: string) => withClient(url, async (c) => (await c.query<{ n: number }>(query)).rows[0]!.n);

export const countOverlaps = (url: string): Promise<number> => countOf(url, COUNT_OVERLAPS_SQL);

export const countLinkedOverlaps = (url: string): Promise<number> => countOf(url, COUNT_LINKED_OVERLAPS_SQL);

export const countBookingsUnderClosures = (url: string): Promise<number> => countOf(url, COUNT_BOOKINGS_UNDER_CLOSURES_SQL);

export interface BookingState {
  id: string;
  status: string;
  payment_status: string;
  hold_expires_at: Date | null;
}

/** The stored state of the given bookings, by id (missing ids are simply absent). */
export async function bookingStates(url: string, ids: string[]): Promise<Map<string, BookingState>> {
  return withClient(url, async (c) => {
    const { rows } = await c.query<BookingState>(
      'SELECT id::text, status, payment_status, hold_expires_at FROM bookings WHERE id::text = ANY($1::text[])',
      [ids],
    );
    return new Map(rows.map((r) => [r.id, r]));
  });
}

/**
 * Free slots the API shows that the database says are taken: what a stale availability cache
 * (one that missed a change while its change feed was down) would show. Compares, for up to
 * `sample` facility-days that hold active bookings, GET /api/check-availability with the rows.
 */
export async function staleFreeSlots(url: string, base: string, timezone = 'America/New_York', sample = 40): Promise<{ checked: number; stale: number }> {
  const taken = await withClient(url, async (c) => {
    const { rows } = await c.query<{ facility: string; day: string; start: string }>(
      `SELECT facility_id::text AS facility,
              to_char(starts_at AT TIME ZONE $1, 'YYYY-MM-DD') AS day,
              to_char(starts_at AT TIME ZONE $1, 'HH24:MI') AS start
       FROM bookings
       WHERE (status = 'confirmed' OR (status = 'pending' AND hold_expires_at > now() + interval '5 seconds'))
         AND starts_at > now()`,
      [timezone],
    );
    return rows;
  });
  const byDay = new Map<string, Set<string>>();
  for (const r of taken) {
    const key = `${r.facility}/${r.day}`;
    if (!byDay.has(key)) byDay.set(key, new Set());
    byDay.get(key)!.add(r.start);
  }
  let stale = 0;
  let checked = 0;
  for (const [key, starts] of [...byDay].slice(0, sample)) {
    const [facility, day] = key.split('/');
    const res = await fetch(`${base}/api/check-availability?facility=${facility}&date=${day}`);
    if (res.status !== 200) continue;
    checked++;
    const body = (await res.json()) as { data: { startTime: string }[] };
    stale += body.data.filter((slot) => starts.has(slot.startTime)).length;
  }
  return { checked, stale };
}
