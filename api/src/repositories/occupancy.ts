import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../db/database.ts';
import type { Interval } from '@courtside/domain';

/**
 * The booking write rules in SQL, as fragments on a bookings alias usable in raw SQL templates
 * and in the query builder's `where` alike. Each calls the one SQL function that states the rule
 * (migrations/src/sql/): which bookings occupy a facility's time, and the lock that queues the
 * writers of its schedule. The TypeScript side of the hold rule is the domain's `isHoldLapsed`
 * (a hold lapses at the earlier of its expiry and its slot's start: `holdLapsesAt`);
 * api/test/occupancy-rules.test.ts holds the two to each other.
 */

const holdColumns = (alias: string) => sql.join(['status', 'hold_expires_at', 'starts_at'].map((name) => sql.ref(`${alias}.${name}`)));

/** A pending hold that has not lapsed (neither expired nor started): it still holds its slot. */
export function liveHold(alias: string, now: Date): RawBuilder<boolean> {
  return sql<boolean>`courtside_live_hold(${holdColumns(alias)}, ${now}::timestamptz)`;
}

/** A pending hold past its expiry or its slot's start: it no longer holds its slot, swept or not. */
export function lapsedHold(alias: string, now: Date): RawBuilder<boolean> {
  return sql<boolean>`courtside_lapsed_hold(${holdColumns(alias)}, ${now}::timestamptz)`;
}

/** A booking that holds its time now: confirmed, or a live hold. */
export function holdsTime(alias: string, now: Date): RawBuilder<boolean> {
  return sql<boolean>`courtside_holds_slot(${holdColumns(alias)}, ${now}::timestamptz)`;
}

/** The call that takes one facility's schedule lock until the transaction ends (see lockFacilitySchedule). */
export function scheduleLock(facilityId: string): RawBuilder<unknown> {
  return sql`courtside_schedule_lock(${facilityId}::uuid)`;
}

/**
 * The schedule lock, then whether the facility is still live at `version`, read after the lock
 * (courtside_lock_schedule_if_unchanged): true when a booking may go in.
 */
export function scheduleLockIfUnchanged(facilityId: string, version: string): RawBuilder<boolean> {
  return sql<boolean>`courtside_lock_schedule_if_unchanged(${facilityId}::uuid, ${version})`;
}

/**
 * Queues the writers of one facility's schedule behind each other until the transaction ends.
 * Without it, two transactions inserting overlapping bookings at the same moment each wait for
 * the other inside the exclusion-constraint check: PostgreSQL aborts one as a deadlock, and
 * under load the retries can keep colliding with a waiter (a livelock). The exclusion
 * constraint stays the guarantee; this only makes the losers fail fast and cleanly with 23P01.
 */
export async function lockFacilitySchedule(db: Executor, facilityId: string): Promise<void> {
  await sql`SELECT ${scheduleLock(facilityId)}`.execute(db);
}

/**
 * The schedule locks of several facilities, taken in the order of their grounds (linked courts
 * share their parent's lock: courtside_schedule_root), so two writers locking the same grounds
 * never wait for each other the other way round.
 */
export async function lockFacilitySchedules(db: Executor, facilityIds: string[]): Promise<void> {
  const { rows } = await sql<{ id: string; root: string }>`
    SELECT id, courtside_schedule_root(id) AS root FROM unnest(${[...new Set(facilityIds)]}::uuid[]) AS ids(id)`.execute(db);
  rows.sort((a, b) => (a.root < b.root ? -1 : a.root > b.root ? 1 : 0));
  for (const { id } of rows) await lockFacilitySchedule(db, id);
}

/** A facility's ground: the facility first, then those sharing it (courtside_linked_facilities: a part's parent, a parent's parts). */
export async function groundIds(db: Executor, facilityId: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`SELECT courtside_linked_facilities(${facilityId}::uuid) AS id`.execute(db);
  return [facilityId, ...rows.map((r) => r.id)];
}

/** The facilities given and every facility sharing a ground with one of them. */
export async function groundsOf(db: Executor, facilityIds: string[]): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    SELECT DISTINCT g.id FROM unnest(${facilityIds}::uuid[]) AS i(id),
      LATERAL (SELECT i.id UNION ALL SELECT courtside_linked_facilities(i.id)) AS g(id)`.execute(db);
  return rows.map((r) => r.id);
}

/**
 * The facilities sharing `facilityId`'s ground, itself left out (a part's parent, a parent's
 * parts), as a subquery: courtside_linked_facilities written inline, planned with the statement
 * (the booking insert asks on every request; a function call there costs more than the answer).
 */
export const linkedOf = (facilityId: string) =>
  sql`(SELECT parent_id FROM facilities WHERE id = ${facilityId}::uuid AND parent_id IS NOT NULL
    UNION ALL SELECT id FROM facilities WHERE parent_id = ${facilityId}::uuid)`;

/** A facility and those sharing its ground, as a subquery for `facility_id IN (...)`. */
export const groundOf = (facilityId: string) => sql`(SELECT ${facilityId}::uuid UNION ALL ${linkedOf(facilityId)})`;

/**
 * Bookings (on `alias`) in the way of `range` (a new booking's interval or closed time), as
 * bookings_no_overlap compares them: a booking holds exactly its booked range, its changeover
 * comes out of its own play (domain changeover.ts).
 */
export const inTheWayOf = (alias: string, range: Interval) =>
  sql<boolean>`tstzrange(${sql.ref(`${alias}.starts_at`)}, ${sql.ref(`${alias}.ends_at`)}, '[)')
    && tstzrange(${range.startsAt}, ${range.endsAt}, '[)')`;

/**
 * Lapsed holds (on `alias`) in the way of `range`, beside a `facility_id =` test: worded so the
 * planner reads them through bookings_no_overlap (this facility's bookings at that time). The
 * status test repeats that index's predicate, and hides 'pending' behind `|| ''` from
 * bookings_holds_idx, every facility's pending holds, which the planner otherwise picks: a scan
 * that grows with each hold taken (measured: 840 buffers per booking with 900 holds live).
 */
export function lapsedInTheWay(alias: string, now: Date, range: Interval): RawBuilder<boolean> {
  const ref = (name: string) => sql.ref(`${alias}.${name}`);
  return sql<boolean>`(${ref('status')} IN ('pending', 'confirmed')
    AND courtside_lapsed_hold(${ref('status')} || '', ${ref('hold_expires_at')}, ${ref('starts_at')}, ${now}::timestamptz)
    AND ${inTheWayOf(alias, range)})`;
}
