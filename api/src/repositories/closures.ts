import { sql } from 'kysely';
import type { ClosureKind } from '@courtside/domain';
import type { ClosureRow } from '@courtside/migrations';
import type { Executor } from '../db/database.ts';
import { fetchPage, type PageQuery, idsOrNone } from './listing.ts';

/** A closure with the facilities it blocks, each with its instants and name. */
export interface ClosureWithFacilities extends ClosureRow {
  facilities: { facility_id: string; name: string; timezone: string; starts_at: Date; ends_at: Date }[];
}

export interface NewClosure {
  kind: ClosureKind;
  reason: string;
  startLocal: string;
  endLocal: string;
}

export interface ClosedRange {
  facilityId: string;
  startsAt: Date;
  endsAt: Date;
}

export function insertClosure(db: Executor, c: NewClosure, createdBy: string, now: Date): Promise<ClosureRow> {
  return db
    .insertInto('closures')
    .values({ kind: c.kind, reason: c.reason, start_local: c.startLocal, end_local: c.endLocal, created_by: createdBy, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateClosure(db: Executor, id: string, c: NewClosure, now: Date): Promise<ClosureRow | undefined> {
  return db
    .updateTable('closures')
    .set({ kind: c.kind, reason: c.reason, start_local: c.startLocal, end_local: c.endLocal, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Sets the facilities a closure blocks. Inserted in facility id order, the order every closure
 * writer takes their schedule locks in (the table's trigger takes each one), so two closures
 * over the same facilities queue instead of deadlocking.
 */
export async function replaceClosureRanges(db: Executor, closureId: string, ranges: ClosedRange[]): Promise<void> {
  await db.deleteFrom('closure_facilities').where('closure_id', '=', closureId).execute();
  const sorted = [...ranges].sort((a, b) => (a.facilityId < b.facilityId ? -1 : 1));
  for (const r of sorted) await insertClosureRange(db, closureId, r);
}

/** One facility's range of a closure; the table's trigger checks it against live bookings (CSH03). */
export async function insertClosureRange(db: Executor, closureId: string, r: ClosedRange): Promise<void> {
  await db.insertInto('closure_facilities').values({ closure_id: closureId, facility_id: r.facilityId, starts_at: r.startsAt, ends_at: r.endsAt }).execute();
}

/** A facility's closed range, with what staff wrote of its closure. */
export interface FacilityClosedRange {
  closure_id: string;
  starts_at: Date;
  ends_at: Date;
  reason: string;
  kind: ClosureKind;
}

/** A facility's closed ranges that end after `now`, soonest first, locked: what a change of its time zone moves. */
export function lockRangesEndingAfter(db: Executor, facilityId: string, now: Date): Promise<FacilityClosedRange[]> {
  return db
    .selectFrom('closure_facilities as cf')
    .innerJoin('closures as c', 'c.id', 'cf.closure_id')
    .select(['cf.closure_id', 'cf.starts_at', 'cf.ends_at', 'c.reason', 'c.kind'])
    .where('cf.facility_id', '=', facilityId)
    .where('cf.ends_at', '>', now)
    .orderBy('cf.starts_at')
    .forUpdate()
    .execute();
}

/** Takes these closures' ranges off one facility (a change of its time zone places them again). */
export async function removeFacilityRanges(db: Executor, facilityId: string, closureIds: string[]): Promise<void> {
  if (closureIds.length === 0) return;
  await db.deleteFrom('closure_facilities').where('facility_id', '=', facilityId).where('closure_id', 'in', closureIds).execute();
}

/** Locks a closure row until the transaction ends. */
export function lockClosure(db: Executor, id: string): Promise<ClosureRow | undefined> {
  return db.selectFrom('closures').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function deleteClosure(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('closures').where('id', '=', id).execute();
}

const withFacilities = (db: Executor) =>
  db.selectFrom('closures as c').selectAll('c').select(
    sql<ClosureWithFacilities['facilities']>`coalesce((
      SELECT json_agg(json_build_object('facility_id', cf.facility_id, 'name', f.name, 'timezone', f.timezone, 'starts_at', cf.starts_at, 'ends_at', cf.ends_at) ORDER BY f.name)
      FROM closure_facilities cf JOIN facilities f ON f.id = cf.facility_id
      WHERE cf.closure_id = c.id), '[]'::json)`.as('facilities'),
  );

/** JSON from the database carries instants as text (and PGlite may hand the aggregate over as text). */
function revive(row: ClosureRow & { facilities: unknown }): ClosureWithFacilities {
  const list = (typeof row.facilities === 'string' ? JSON.parse(row.facilities) : row.facilities) as { facility_id: string; name: string; timezone: string; starts_at: string; ends_at: string }[];
  return { ...row, facilities: list.map((f) => ({ ...f, starts_at: new Date(f.starts_at), ends_at: new Date(f.ends_at) })) };
}

export async function findClosure(db: Executor, id: string): Promise<ClosureWithFacilities | undefined> {
  const row = await withFacilities(db).where('c.id', '=', id).executeTakeFirst();
  return row && revive(row);
}

export interface ClosureFilter {
  ids?: string[];
  kinds?: ClosureKind[];
  facilityId?: string;
  /** Only closures still running or to come at this instant. */
  endingAfter?: Date;
}

export async function pageClosures(db: Executor, filter: ClosureFilter, page: PageQuery) {
  let query = withFacilities(db);
  if (filter.ids) query = query.where('c.id', 'in', idsOrNone(filter.ids));
  if (filter.kinds) query = query.where('c.kind', 'in', filter.kinds);
  if (filter.facilityId || filter.endingAfter) {
    query = query.where(({ exists, selectFrom }) => {
      let inner = selectFrom('closure_facilities as cf').select('cf.closure_id').whereRef('cf.closure_id', '=', 'c.id');
      if (filter.facilityId) inner = inner.where('cf.facility_id', '=', filter.facilityId);
      if (filter.endingAfter) inner = inner.where('cf.ends_at', '>', filter.endingAfter);
      return exists(inner);
    });
  }
  const { rows, total } = await fetchPage(query, page, 'c.id');
  return { rows: rows.map(revive), total };
}

/** A facility's closures that end after `now`, soonest first: what its public page announces. */
export function upcomingClosures(db: Executor, facilityId: string, now: Date, limit: number) {
  return db
    .selectFrom('closure_facilities as cf')
    .innerJoin('closures as c', 'c.id', 'cf.closure_id')
    .select(['cf.starts_at', 'cf.ends_at', 'c.reason', 'c.kind'])
    .where('cf.facility_id', '=', facilityId)
    .where('cf.ends_at', '>', now)
    .orderBy('cf.starts_at')
    .limit(limit)
    .execute();
}

/** Closed ranges of these facilities overlapping [from, to), with the closed facility's name, for the day view and series plans. */
export function closuresBetween(db: Executor, facilityIds: string[], from: Date, to: Date) {
  if (facilityIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('closure_facilities as cf')
    .innerJoin('closures as c', 'c.id', 'cf.closure_id')
    .innerJoin('facilities as f', 'f.id', 'cf.facility_id')
    .select(['c.id', 'cf.facility_id', 'f.name as facility_name', 'cf.starts_at', 'cf.ends_at', 'c.reason', 'c.kind'])
    .where('cf.facility_id', 'in', facilityIds)
    .where(sql<boolean>`tstzrange(cf.starts_at, cf.ends_at, '[)') && tstzrange(${from}, ${to}, '[)')`)
    .orderBy('cf.starts_at')
    .execute();
}
