import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../db/database.ts';
import type { Interval } from '@courtside/domain';

/**
 * The booking write rules in SQL, written once: which bookings occupy a facility's time, and
 * the lock that queues the writers of its schedule. Each condition is a fragment on a bookings
 * alias, usable in raw SQL templates and in the query builder's `where` alike. The TypeScript
 * side of the same rule is the domain's `isHoldLapsed` (a hold lapses at the earlier of its
 * expiry and its slot's start: `holdLapsesAt`); the PL/pgSQL functions that count holds say
 * the same (migration hold_ends_at_start).
 */

const column = (alias: string, name: 'status' | 'hold_expires_at' | 'starts_at') => sql.ref(`${alias}.${name}`);

/** A pending hold that has not lapsed (neither expired nor started): it still holds its slot. */
export function liveHold(alias: string, now: Date): RawBuilder<boolean> {
  return sql<boolean>`(${column(alias, 'status')} = 'pending' AND ${column(alias, 'hold_expires_at')} > ${now} AND ${column(alias, 'starts_at')} > ${now})`;
}

/** A pending hold past its expiry or its slot's start: it no longer holds its slot, swept or not. */
export function lapsedHold(alias: string, now: Date): RawBuilder<boolean> {
  return sql<boolean>`(${column(alias, 'status')} = 'pending' AND (${column(alias, 'hold_expires_at')} <= ${now} OR ${column(alias, 'starts_at')} <= ${now}))`;
}

/** A booking that holds its time now: confirmed, or a live hold. */
export function holdsTime(alias: string, now: Date): RawBuilder<boolean> {
  return sql<boolean>`(${column(alias, 'status')} = 'confirmed' OR ${liveHold(alias, now)})`;
}

/** The call that takes one facility's schedule lock until the transaction ends (see lockFacilitySchedule). */
const scheduleLockKey = (facilityId: string) => `booking-schedule:${facilityId}`;

export function scheduleLock(facilityId: string): RawBuilder<unknown> {
  return sql`pg_advisory_xact_lock(hashtextextended(${scheduleLockKey(facilityId)}, 0))`;
}

/**
 * The schedule lock, then whether the facility is still live at `version`, read after the lock
 * (courtside_lock_schedule_if_unchanged): true when a booking may go in.
 */
export function scheduleLockIfUnchanged(facilityId: string, version: string): RawBuilder<boolean> {
  return sql<boolean>`courtside_lock_schedule_if_unchanged(${scheduleLockKey(facilityId)}, ${facilityId}::uuid, ${version})`;
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
 * Bookings (on `alias`) in the way of `range` (a new booking's interval or closed time), as
 * bookings_no_overlap compares them: a booking holds exactly its booked range, its changeover
 * comes out of its own play (domain changeover.ts).
 */
export const inTheWayOf = (alias: string, range: Interval) =>
  sql<boolean>`tstzrange(${sql.ref(`${alias}.starts_at`)}, ${sql.ref(`${alias}.ends_at`)}, '[)')
    && tstzrange(${range.startsAt}, ${range.endsAt}, '[)')`;
