import { sql, type Insertable } from 'kysely';
import type { WaitlistEntryRow, WaitlistWantsTable } from '@courtside/migrations';
import type { Interval, WaitlistStatus } from '@courtside/domain';
import type { Executor } from '../db/database.ts';
import { fetchPage, type PageQuery } from './listing.ts';
import { groundOf, lapsedHold, liveHold } from './occupancy.ts';

/** SQLSTATE raised by courtside_waitlist_free when others wait for the time asked; DETAIL is the first entry's id. */
export const WAITLISTED = 'CSH05';

const ACTIVE = ['waiting', 'offered'] as const;

/** An entry with what its screens show: facility, offer, place in line, customer. */
export interface EntryView extends WaitlistEntryRow {
  facility_name: string | null;
  position: number | null;
  offer_status: string | null;
  offer_hold_expires_at: Date | null;
  offer_starts_at: Date | null;
  offer_ends_at: Date | null;
  offer_payable_cents: number | null;
  offer_facility_id: string | null;
  offer_facility_name: string | null;
  offer_timezone: string | null;
  offer_lapsed: boolean | null;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  removed_by_name: string | null;
}

function views(db: Executor, now: Date) {
  return db
    .selectFrom('waitlist_entries as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .leftJoin('facilities as f', 'f.id', 'e.facility_id')
    .leftJoin('bookings as b', 'b.id', 'e.offer_booking_id')
    .leftJoin('facilities as bf', 'bf.id', 'b.facility_id')
    .leftJoin('users as r', 'r.id', 'e.removed_by')
    .selectAll('e')
    .select([
      'f.name as facility_name',
      'b.status as offer_status',
      'b.hold_expires_at as offer_hold_expires_at',
      'b.starts_at as offer_starts_at',
      'b.ends_at as offer_ends_at',
      'b.payable_cents as offer_payable_cents',
      'bf.id as offer_facility_id',
      'bf.name as offer_facility_name',
      'bf.timezone as offer_timezone',
      sql<boolean | null>`CASE WHEN b.id IS NULL THEN NULL ELSE ${lapsedHold('b', now)} END`.as('offer_lapsed'),
      'u.name as customer_name',
      'u.email as customer_email',
      'u.phone as customer_phone',
      'r.name as removed_by_name',
      // Place in its queue: those waiting on the same wish (match_key) who joined before it.
      sql<number | null>`CASE WHEN e.status = 'waiting' THEN 1 + (
        SELECT count(*)::int FROM waitlist_entries q
         WHERE q.match_key = e.match_key AND q.status = 'waiting' AND q.line_no < e.line_no) END`.as('position'),
    ]);
}

export function findEntryView(db: Executor, id: string, now: Date): Promise<EntryView | undefined> {
  return views(db, now).where('e.id', '=', id).executeTakeFirst() as Promise<EntryView | undefined>;
}

/** A customer's entries: the active ones, and the others settled since `since`. */
export function listCustomerEntries(db: Executor, userId: string, since: Date, now: Date): Promise<EntryView[]> {
  return views(db, now)
    .where('e.user_id', '=', userId)
    .where((eb) => eb.or([eb('e.status', 'in', ACTIVE), eb('e.joined_at', '>=', since)]))
    .orderBy('e.date', 'asc')
    .orderBy('e.line_no', 'asc')
    .limit(200)
    .execute() as Promise<EntryView[]>;
}

export interface StaffFilter {
  facilityId?: string;
  /** The sport of the facility filtered by: its window entries wait for it too. */
  facilitySport?: string;
  status?: WaitlistStatus | 'active';
  date?: string;
  q?: string;
}

export function pageEntries(db: Executor, filter: StaffFilter, page: PageQuery, now: Date) {
  let query = views(db, now);
  if (filter.facilityId) {
    const id = filter.facilityId;
    query = query.where((eb) => eb.or([
      eb('e.facility_id', '=', id),
      eb.and([eb('e.kind', '=', 'window'), eb('e.sport', '=', filter.facilitySport ?? '')]),
    ]));
  }
  if (filter.status === 'active') query = query.where('e.status', 'in', ACTIVE);
  else if (filter.status) query = query.where('e.status', '=', filter.status);
  if (filter.date) query = query.where('e.date', '=', filter.date);
  if (filter.q) {
    const pattern = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([eb('u.name', 'ilike', pattern), eb('u.email', 'ilike', pattern)]));
  }
  return fetchPage(query as typeof query, page, 'e.id') as Promise<{ rows: EntryView[]; total: number }>;
}

export function lockEntry(db: Executor, id: string): Promise<WaitlistEntryRow | undefined> {
  return db.selectFrom('waitlist_entries').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export type NewEntry = Omit<Insertable<WaitlistEntryRow>, 'id' | 'line_no' | 'status' | 'offer_booking_id' | 'offered_at' | 'settled_at' | 'removed_by'>;
export type NewWant = Omit<Insertable<WaitlistWantsTable>, 'entry_id' | 'user_id' | 'line_no'>;

/** The customer's active entry for the same wish, if any (joining twice is one entry). */
export function findActiveEntry(db: Executor, userId: string, matchKey: string): Promise<WaitlistEntryRow | undefined> {
  return db.selectFrom('waitlist_entries').selectAll()
    .where('user_id', '=', userId).where('match_key', '=', matchKey).where('status', 'in', ACTIVE)
    .executeTakeFirst();
}

/** Active entries of a customer: offered ones, and waiting ones that can still be offered something. */
export async function countActiveEntries(db: Executor, userId: string, now: Date): Promise<number> {
  const row = await db.selectFrom('waitlist_entries')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('status', '=', 'offered'), eb.and([eb('status', '=', 'waiting'), eb('expires_at', '>', now)])]))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** A new entry and its wants; the caller holds the customer's lock and checked for a duplicate. */
export async function insertEntry(db: Executor, entry: NewEntry, wants: NewWant[]): Promise<WaitlistEntryRow> {
  const row = await db.insertInto('waitlist_entries').values(entry).returningAll().executeTakeFirstOrThrow();
  await insertWants(db, row, wants);
  return row;
}

async function insertWants(db: Executor, entry: Pick<WaitlistEntryRow, 'id' | 'user_id' | 'line_no'>, wants: NewWant[]): Promise<void> {
  if (wants.length === 0) return;
  await db.insertInto('waitlist_wants')
    .values(wants.map((w) => ({ ...w, entry_id: entry.id, user_id: entry.user_id, line_no: entry.line_no })))
    .execute();
}

/** Replaces the wants a waiting entry has at one facility (its rules changed) and its offer deadline. */
export async function replaceWantsAt(db: Executor, entry: WaitlistEntryRow, facilityId: string, wants: NewWant[], expiresAt: Date): Promise<void> {
  await db.deleteFrom('waitlist_wants').where('entry_id', '=', entry.id).where('facility_id', '=', facilityId).execute();
  await insertWants(db, entry, wants);
  await db.updateTable('waitlist_entries').set({ expires_at: expiresAt }).where('id', '=', entry.id).execute();
}

/** The latest offer deadline among an entry's wants elsewhere than `facilityId` (null: none). */
export async function latestOfferByElsewhere(db: Executor, entryId: string, facilityId: string): Promise<Date | null> {
  const row = await db.selectFrom('waitlist_wants').select(sql<Date | null>`max(offer_by)`.as('at'))
    .where('entry_id', '=', entryId).where('facility_id', '<>', facilityId).executeTakeFirst();
  return row?.at ?? null;
}

/**
 * Waiting entries that may want time at a facility, from `fromDate`: slot entries at it, window
 * entries of its sport, and those with wants there already (its sport may just have changed).
 */
export function lockWaitingTouching(db: Executor, facilityId: string, sport: string, fromDate: string): Promise<WaitlistEntryRow[]> {
  return db.selectFrom('waitlist_entries').selectAll()
    .where('status', '=', 'waiting').where('date', '>=', fromDate)
    .where((eb) => eb.or([
      eb('facility_id', '=', facilityId),
      eb.and([eb('kind', '=', 'window'), eb('sport', '=', sport)]),
      eb('id', 'in', eb.selectFrom('waitlist_wants').select('entry_id').where('facility_id', '=', facilityId)),
    ]))
    .orderBy('id').forUpdate().execute();
}

/** The customer's lock (courtside_customer_lock): their waitlist entries are counted under it. */
export async function lockCustomer(db: Executor, userId: string): Promise<void> {
  await sql`SELECT courtside_customer_lock(${userId}::uuid)`.execute(db);
}

export async function recordRemovedBy(db: Executor, id: string, staffId: string): Promise<void> {
  await db.updateTable('waitlist_entries').set({ removed_by: staffId }).where('id', '=', id).execute();
}

/** A deactivated customer's waiting entries leave their lines (their offers went with their holds). */
export async function leaveAllLines(db: Executor, userId: string, actorId: string, now: Date): Promise<void> {
  await db.updateTable('waitlist_entries').set({ status: 'left', settled_at: now, removed_by: actorId })
    .where('user_id', '=', userId).where('status', '=', 'waiting').execute();
}

export async function setStatus(db: Executor, id: string, status: 'left' | 'expired', now: Date, removedBy?: string): Promise<void> {
  await db.updateTable('waitlist_entries')
    .set({ status, settled_at: now, ...(removedBy ? { removed_by: removedBy } : {}) })
    .where('id', '=', id).where('status', '=', 'waiting').execute();
}

/** The entry is offered the held booking `bookingId`: only from waiting, so never twice. */
export async function markOffered(db: Executor, id: string, bookingId: string, now: Date): Promise<boolean> {
  const result = await db.updateTable('waitlist_entries')
    .set({ status: 'offered', offer_booking_id: bookingId, offered_at: now })
    .where('id', '=', id).where('status', '=', 'waiting').executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Waiting entries that can no longer be offered anything: their time has come. */
export async function expireOverdue(db: Executor, now: Date): Promise<number> {
  const result = await db.updateTable('waitlist_entries').set({ status: 'expired', settled_at: now })
    .where('status', '=', 'waiting').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** One open want of a waiting entry: time it wants that nothing holds now. */
export interface OpenWant extends Interval {
  entry_id: string;
  user_id: string;
  offer_by: Date;
}

/**
 * The open wants at a facility, first in line first (the order their entries joined), their entries
 * locked: the candidates of a hand-over, which holds the facility's schedule lock.
 */
export function lockOpenWantsAt(db: Executor, facilityId: string, now: Date): Promise<OpenWant[]> {
  return sql<OpenWant>`
    SELECT w.entry_id, w.user_id, w.starts_at AS "startsAt", w.ends_at AS "endsAt", w.offer_by
      FROM waitlist_wants w
      JOIN waitlist_entries e ON e.id = w.entry_id
      JOIN users u ON u.id = w.user_id
     WHERE w.facility_id = ${facilityId} AND w.offer_by > ${now} AND e.status = 'waiting' AND u.deleted_at IS NULL
       AND courtside_time_open(w.facility_id, w.starts_at, w.ends_at, ${now})
     ORDER BY w.line_no, w.starts_at
       FOR UPDATE OF e`.execute(db).then((r) => r.rows);
}

/** Facilities with an open want: time freed without a hand-over yet (a hold that lapsed by the clock, a checkout closed). */
export async function facilitiesWithOpenWants(db: Executor, now: Date): Promise<string[]> {
  const { rows } = await sql<{ facility_id: string }>`
    SELECT DISTINCT w.facility_id FROM waitlist_wants w
     WHERE w.offer_by > ${now} AND courtside_time_open(w.facility_id, w.starts_at, w.ends_at, ${now})`.execute(db);
  return rows.map((r) => r.facility_id);
}

/** The times among `wanted` (at one facility) that `userId` could book now: open, and no one else's open want in the way (at it or a linked facility). */
export async function freeFor(db: Executor, facilityId: string, wanted: Interval[], userId: string, now: Date): Promise<boolean[]> {
  if (wanted.length === 0) return [];
  const values = sql.join(wanted.map((w, i) => sql`(${i}::int, ${w.startsAt}::timestamptz, ${w.endsAt}::timestamptz)`));
  const { rows } = await sql<{ i: number; free: boolean }>`
    SELECT v.i, courtside_time_open(${facilityId}::uuid, v.s, v.e, ${now}) AND NOT EXISTS (
             SELECT 1 FROM waitlist_wants w
              WHERE w.facility_id IN ${groundOf(facilityId)}
                AND w.user_id <> ${userId}::uuid AND w.offer_by > ${now}
                AND tstzrange(w.starts_at, w.ends_at, '[)') && tstzrange(v.s, v.e, '[)')
                AND courtside_time_open(w.facility_id, w.starts_at, w.ends_at, ${now})) AS free
      FROM (VALUES ${values}) AS v(i, s, e)`.execute(db);
  const free = new Array<boolean>(wanted.length).fill(false);
  for (const r of rows) free[r.i] = r.free;
  return free;
}

/** Checks that `userId` may take the time: throws SQLSTATE CSH05 (WAITLISTED) when someone waits for it. */
export async function assertWaitlistFree(db: Executor, facilityId: string, range: Interval, userId: string, now: Date): Promise<void> {
  await sql`SELECT courtside_waitlist_free(${facilityId}::uuid, ${range.startsAt}::timestamptz, ${range.endsAt}::timestamptz, ${userId}::uuid, ${now}::timestamptz)`.execute(db);
}

/** Who waits for time overlapping `range` at a facility, first in line first (each entry once). */
export function waitingFor(db: Executor, facilityId: string, range: Interval, now: Date) {
  return sql<{ entry_id: string; user_id: string; name: string; joined_at: Date; starts_at: Date; ends_at: Date }>`
    SELECT DISTINCT ON (w.line_no) w.entry_id, w.user_id, u.name, e.joined_at, w.starts_at, w.ends_at
      FROM waitlist_wants w JOIN users u ON u.id = w.user_id JOIN waitlist_entries e ON e.id = w.entry_id
     WHERE w.facility_id = ${facilityId} AND w.offer_by > ${now}
       AND tstzrange(w.starts_at, w.ends_at, '[)') && tstzrange(${range.startsAt}::timestamptz, ${range.endsAt}::timestamptz, '[)')
     ORDER BY w.line_no, w.starts_at`.execute(db).then((r) => r.rows);
}

/** The times customers wait for at these facilities within [from, to), with how many entries wait for each. */
export function waitingCounts(db: Executor, facilityIds: string[], range: Interval, now: Date) {
  if (facilityIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('waitlist_wants')
    .select(['facility_id', 'starts_at', 'ends_at', sql<number>`count(DISTINCT entry_id)::int`.as('count')])
    .where('facility_id', 'in', facilityIds)
    .where('offer_by', '>', now)
    .where('starts_at', '<', range.endsAt).where('ends_at', '>', range.startsAt)
    .groupBy(['facility_id', 'starts_at', 'ends_at'])
    .orderBy('starts_at')
    .execute();
}

/** Whether a live waitlist offer holds time overlapping `range` at a facility. */
export async function offeredOverlapping(db: Executor, facilityId: string, range: Interval, now: Date): Promise<boolean> {
  const row = await db.selectFrom('waitlist_entries as e').innerJoin('bookings as b', 'b.id', 'e.offer_booking_id')
    .select('e.id')
    .where('e.status', '=', 'offered').where('b.facility_id', '=', facilityId).where(liveHold('b', now))
    .where('b.starts_at', '<', range.endsAt).where('b.ends_at', '>', range.startsAt)
    .executeTakeFirst();
  return row !== undefined;
}

/** When the next live offer lapses (its hold expires), for the sweeper to pass it on then. */
export async function nextOfferLapse(db: Executor, now: Date): Promise<Date | null> {
  const row = await db.selectFrom('waitlist_entries as e').innerJoin('bookings as b', 'b.id', 'e.offer_booking_id')
    .select(sql<Date | null>`min(LEAST(b.hold_expires_at, b.starts_at))`.as('at'))
    .where('e.status', '=', 'offered').where('b.status', '=', 'pending').where('b.hold_expires_at', '>', now)
    .executeTakeFirst();
  return row?.at ?? null;
}

/** A deleted facility's slot entries expire; window entries keep their other courts. */
export async function dropFacility(db: Executor, facilityId: string, now: Date): Promise<void> {
  await db.updateTable('waitlist_entries').set({ status: 'expired', settled_at: now })
    .where('facility_id', '=', facilityId).where('status', '=', 'waiting').execute();
  await db.deleteFrom('waitlist_wants').where('facility_id', '=', facilityId).execute();
}
