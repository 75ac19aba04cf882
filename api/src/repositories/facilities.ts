import { sql } from 'kysely';
import type { BookingRow, FacilityRow, FacilityUpdate, NewFacility } from '@courtside/migrations';
import type { Interval, Sport } from '@courtside/domain';
import type { Executor } from '../db/database.ts';
import { fetchPage, type PageQuery, idsOrNone } from './listing.ts';
import { holdsTime, inTheWayOf } from './occupancy.ts';
import { escapeLike } from './users.ts';

export interface FacilityFilter {
  ids?: string[];
  q?: string;
  maxPriceCents?: number;
  /** Only facilities of these sports (undefined: any). */
  sports?: readonly Sport[];
  /** undefined: only live ones; true: only deleted; 'any': both. */
  deleted?: boolean | 'any';
}

/** A facility with what its rating is made of: its visible reviews' count and their stars' sum. */
export interface RatingColumns {
  rating_count: number;
  rating_sum: number;
}
/** Linked courts: the name of the facility it is part of, and its own live parts by name. */
export interface LinkColumns {
  parent_name: string | null;
  parts: { id: string; name: string }[] | string;
}
export type RatedFacilityRow = FacilityRow & RatingColumns & LinkColumns;

/**
 * The rating of the facility row in scope (`facilities`), read from the partial index
 * reviews_facility_visible alone: no query per facility, hidden reviews left out; and its links
 * (linked courts), through facilities_parent_idx.
 */
const pageColumns = [
  sql<number>`(SELECT count(*)::int FROM reviews r WHERE r.facility_id = facilities.id AND r.hidden_at IS NULL)`.as('rating_count'),
  sql<number>`(SELECT coalesce(sum(r.rating), 0)::int FROM reviews r WHERE r.facility_id = facilities.id AND r.hidden_at IS NULL)`.as('rating_sum'),
  sql<string | null>`(SELECT p.name FROM facilities p WHERE p.id = facilities.parent_id)`.as('parent_name'),
  sql<LinkColumns['parts']>`(SELECT coalesce(json_agg(json_build_object('id', p.id, 'name', p.name) ORDER BY lower(p.name), p.id), '[]')
    FROM facilities p WHERE p.parent_id = facilities.id AND NOT p.is_deleted)`.as('parts'),
];

function filtered(db: Executor, filter: FacilityFilter) {
  let query = db.selectFrom('facilities').selectAll().select(pageColumns);
  if (filter.ids) query = query.where('id', 'in', idsOrNone(filter.ids));
  if (filter.deleted !== 'any') query = query.where('is_deleted', '=', filter.deleted === true);
  if (filter.q) query = query.where('name', 'ilike', `%${escapeLike(filter.q)}%`);
  if (filter.maxPriceCents !== undefined) query = query.where('price_per_hour_cents', '<=', filter.maxPriceCents);
  if (filter.sports) query = filter.sports.length ? query.where('sport', 'in', filter.sports) : query.where(sql<boolean>`false`);
  return query;
}

export function listFacilities(db: Executor, filter: FacilityFilter): Promise<RatedFacilityRow[]> {
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

/** One facility as its page shows it, with its rating. */
export function findRatedFacility(db: Executor, id: string, opts: { includeDeleted?: boolean } = {}): Promise<RatedFacilityRow | undefined> {
  let query = db.selectFrom('facilities').selectAll().select(pageColumns).where('id', '=', id);
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

/** When check-in was turned on, kept with the policy that says so (null while off; the no-show sweep starts there). */
const checksIn = (policy: unknown) => typeof policy === 'string' && (JSON.parse(policy) as { checkIn?: string }).checkIn === 'on';

export function insertFacility(db: Executor, facility: NewFacility): Promise<RatedFacilityRow> {
  const since = checksIn(facility.policy) ? (facility.updated_at ?? new Date()) : null;
  return db.insertInto('facilities').values({ ...facility, check_in_since: since }).returningAll().returning(pageColumns).executeTakeFirstOrThrow();
}

export function updateFacility(db: Executor, id: string, changes: FacilityUpdate, now: Date): Promise<RatedFacilityRow | undefined> {
  const checkIn = changes.policy === undefined ? {} : { check_in_since: checksIn(changes.policy) ? sql<Date>`coalesce(check_in_since, ${now})` : null };
  return db
    .updateTable('facilities')
    .set({ ...changes, ...checkIn, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .returning(pageColumns)
    .executeTakeFirst();
}

export function countFacilities(db: Executor) {
  return db
    .selectFrom('facilities')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow()
    .then((r) => r.n);
}

/** Locks a facility row (deleted or not) until the transaction ends. */
export function lockFacility(db: Executor, id: string): Promise<FacilityRow | undefined> {
  return db.selectFrom('facilities').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** A booking that still holds its facility's time, with the names its list shows. */
export interface LiveBookingRow extends BookingRow {
  user_name: string;
  facility_name: string;
  facility_timezone: string;
}

/** The facilities' bookings that hold time (confirmed, or live holds), earliest first, locked for the caller's change. */
function liveBookingsLocked(db: Executor, facilityIds: string | string[], now: Date) {
  return db
    .selectFrom('bookings as b')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .innerJoin('facilities as f', 'f.id', 'b.facility_id')
    .selectAll('b')
    .select(['u.name as user_name', 'f.name as facility_name', 'f.timezone as facility_timezone'])
    .where('b.facility_id', 'in', typeof facilityIds === 'string' ? [facilityIds] : facilityIds)
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

/**
 * The bookings of these facilities (a facility and those sharing its ground, for linked courts)
 * that hold time in the way of `range` (as in inTheWayOf), earliest first, locked.
 */
export function lockLiveBookingsOverlapping(db: Executor, facilityIds: string | string[], range: Interval, now: Date): Promise<LiveBookingRow[]> {
  return liveBookingsLocked(db, facilityIds, now).where(inTheWayOf('b', range)).execute();
}

/** Every booking of the facility that ends after `now`, whatever its status, locked. */
export function lockBookingsEndingAfter(db: Executor, facilityId: string, now: Date): Promise<BookingRow[]> {
  return db.selectFrom('bookings').selectAll().where('facility_id', '=', facilityId).where('ends_at', '>', now).orderBy('id').forUpdate().execute();
}
