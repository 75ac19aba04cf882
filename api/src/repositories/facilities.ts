import { sql } from 'kysely';
import type { BookingRow, FacilityRow, FacilityUpdate, NewFacility } from '@courtside/migrations';
import type { Interval } from '@courtside/domain';
import type { Executor } from '../db/database.ts';
import { fetchPage, type PageQuery } from './listing.ts';
import { holdsTime, inTheWayOf } from './occupancy.ts';
import { escapeLike } from './users.ts';

export interface FacilityFilter {
  ids?: string[];
  q?: string;
  maxPriceCents?: number;
  /** undefined: only live ones; true: only deleted; 'any': both. */
  deleted?: boolean | 'any';
}

function filtered(db: Executor, filter: FacilityFilter) {
  let query = db.selectFrom('facilities').selectAll();
  if (filter.ids) query = query.where('id', 'in', filter.ids.length ? filter.ids : ['00000000-0000-0000-0000-000000000000']);
  if (filter.deleted !== 'any') query = query.where('is_deleted', '=', filter.deleted === true);
  if (filter.q) query = query.where('name', 'ilike', `%${escapeLike(filter.q)}%`);
  if (filter.maxPriceCents !== undefined) query = query.where('price_per_hour_cents', '<=', filter.maxPriceCents);
  return query;
}

export function listFacilities(db: Executor, filter: FacilityFilter): Promise<FacilityRow[]> {
  return filtered(db, filter).orderBy(sql`lower(name)`).orderBy('id').execute();
}

export function pageFacilities(db: Executor, filter: FacilityFilter, page: PageQuery) {
  return fetchPage(filtered(db, filter), page, 'id');
}

export function findFacility(db: Executor, id: string, opts: { includeDeleted?: boolean } = {}): Promise<FacilityRow | undefined> {
  let query = db.selectFrom('facilities').selectAll().where('id', '=', id);
  if (!opts.includeDeleted) query = query.where('is_deleted', '=', false);
  return query.executeTakeFirst();
}

/** A live facility with its row version (xmin), which changes with every write to the row. */
export async function findFacilityVersioned(db: Executor, id: string): Promise<{ row: FacilityRow; version: string } | undefined> {
  const result = await sql<FacilityRow & { row_version: string }>`
    SELECT f.*, f.xmin::text AS row_version FROM facilities f WHERE f.id = ${id} AND NOT f.is_deleted`.execute(db);
  const found = result.rows[0];
  if (!found) return undefined;
  const { row_version: version, ...row } = found;
  return { row: row as FacilityRow, version };
}

export function insertFacility(db: Executor, facility: NewFacility): Promise<FacilityRow> {
  return db.insertInto('facilities').values(facility).returningAll().executeTakeFirstOrThrow();
}

export function updateFacility(db: Executor, id: string, changes: FacilityUpdate, now: Date): Promise<FacilityRow | undefined> {
  return db
    .updateTable('facilities')
    .set({ ...changes, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export function countFacilities(db: Executor) {
  return db
    .selectFrom('facilities')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow()
    .then((r) => r.n);
}

/**
 * A facility and the active intervals (bookings that hold time, closures) that touch a window, in one round trip: the
 * availability check is the hottest read of the product. A hold says when it lapses
 * (`holdExpiresAt`), since that frees its slot without any write.
 */
export async function findFacilityWithBusy(db: Executor, id: string, from: Date, to: Date, now: Date) {
  const result = await sql<FacilityRow & { busy: [number, number, number | null][] | null }>`
    SELECT f.*, (
      SELECT json_agg(busy.interval) FROM (
        SELECT json_build_array(
          extract(epoch FROM b.starts_at) * 1000,
          -- A booking keeps the facility until its changeover is over.
          extract(epoch FROM b.blocked_until) * 1000,
          CASE WHEN b.status = 'pending' THEN extract(epoch FROM b.hold_expires_at) * 1000 END) AS interval
        FROM bookings b
        WHERE b.facility_id = f.id
          AND ${holdsTime('b', now)}
          AND tstzrange(b.starts_at, b.blocked_until, '[)') && tstzrange(${from}, ${to}, '[)')
        UNION ALL
        -- Closed time is busy for good (no hold to lapse). No changeover is needed before a
        -- closure, yet free slots are tested with their buffer after them: the closure is
        -- handed over starting that much later, so the two cancel out.
        SELECT json_build_array(
          extract(epoch FROM c.starts_at) * 1000 + COALESCE((f.policy->>'bufferMinutes')::integer, 0) * 60000,
          extract(epoch FROM c.ends_at) * 1000,
          NULL)
        FROM closure_facilities c
        WHERE c.facility_id = f.id
          AND tstzrange(c.starts_at, c.ends_at, '[)') && tstzrange(${from}, ${to}, '[)')
      ) AS busy
    ) AS busy
    FROM facilities f
    WHERE f.id = ${id} AND NOT f.is_deleted`.execute(db);
  const row = result.rows[0];
  if (!row) return undefined;
  const busy = (typeof row.busy === 'string' ? JSON.parse(row.busy) : row.busy) as [number, number, number | null][] | null;
  return {
    facility: { ...row, busy: undefined } as FacilityRow,
    busy: (busy ?? []).map(([s, e, h]) => ({
      startsAt: new Date(Number(s)),
      endsAt: new Date(Number(e)),
      holdExpiresAt: h === null ? null : new Date(Number(h)),
    })),
  };
}

/** Locks a facility row (deleted or not) until the transaction ends. */
export function lockFacility(db: Executor, id: string): Promise<FacilityRow | undefined> {
  return db.selectFrom('facilities').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** A booking that still holds its facility's time, with the name its list shows. */
export interface LiveBookingRow extends BookingRow {
  user_name: string;
}

/** The facility's bookings that hold time (confirmed, or live holds), earliest first, locked for the caller's change. */
function liveBookingsLocked(db: Executor, facilityId: string, now: Date) {
  return db
    .selectFrom('bookings as b')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .selectAll('b')
    .select('u.name as user_name')
    .where('b.facility_id', '=', facilityId)
    .where(holdsTime('b', now))
    .orderBy('b.starts_at')
    .orderBy('b.id')
    .forUpdate('b');
}

/**
 * The facility's bookings that still hold time from `now` on (confirmed, or pending with a live
 * hold; ending after now), earliest first, locked: under READ COMMITTED the lock re-reads each
 * row, so a hold paid or released meanwhile is seen as it now is.
 */
export function lockLiveBookingsFrom(db: Executor, facilityId: string, now: Date): Promise<LiveBookingRow[]> {
  return liveBookingsLocked(db, facilityId, now).where('b.ends_at', '>', now).execute();
}

/** The facility's bookings that hold time in the way of `range` (as in inTheWayOf), earliest first, locked. */
export function lockLiveBookingsOverlapping(db: Executor, facilityId: string, range: Interval, now: Date, changeover = false): Promise<LiveBookingRow[]> {
  return liveBookingsLocked(db, facilityId, now).where(inTheWayOf('b', range, changeover)).execute();
}

/** Every booking of the facility that ends after `now`, whatever its status, locked. */
export function lockBookingsEndingAfter(db: Executor, facilityId: string, now: Date): Promise<BookingRow[]> {
  return db.selectFrom('bookings').selectAll().where('facility_id', '=', facilityId).where('ends_at', '>', now).orderBy('id').forUpdate().execute();
}
