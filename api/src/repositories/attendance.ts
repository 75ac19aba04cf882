import { sql } from 'kysely';
import type { Attendance } from '@courtside/domain';
import type { Executor } from '../db/database.ts';

/** Reads for check-in and no-shows, and the customer's booking block (users.booking_blocked_until). Writes to bookings live in bookings.ts. */

/** A customer's no-shows of bookings that started after `since`. */
export async function countNoShows(db: Executor, userId: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('bookings')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('attendance', '=', 'no_show')
    .where('starts_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Blocks a customer from booking online until `until`, unless a block is in force already: the new end, or undefined. */
export async function startBlock(db: Executor, userId: string, until: Date, now: Date): Promise<Date | undefined> {
  const row = await db
    .updateTable('users')
    .set({ booking_blocked_until: until, updated_at: now })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('booking_blocked_until', 'is', null), eb('booking_blocked_until', '<=', now)]))
    .returning('booking_blocked_until')
    .executeTakeFirst();
  return row?.booking_blocked_until ?? undefined;
}

/** Lifts a block in force: the end it had, or undefined when there was none. */
export async function liftBlock(db: Executor, userId: string, now: Date): Promise<Date | undefined> {
  const before = await db.selectFrom('users').select('booking_blocked_until').where('id', '=', userId).forUpdate().executeTakeFirst();
  if (!before?.booking_blocked_until || before.booking_blocked_until <= now) return undefined;
  await db.updateTable('users').set({ booking_blocked_until: null, updated_at: now }).where('id', '=', userId).execute();
  return before.booking_blocked_until;
}

/** A customer's block (null: none ever, or lifted) and the no-shows of bookings that started after `since`. */
export async function customerAttendance(db: Executor, userId: string, since: Date): Promise<{ blockedUntil: Date | null; noShows: number } | undefined> {
  const row = await db.selectFrom('users').select('booking_blocked_until').where('id', '=', userId).executeTakeFirst();
  if (!row) return undefined;
  return { blockedUntil: row.booking_blocked_until, noShows: await countNoShows(db, userId, since) };
}

/** One booking as the front desk's Today list shows it. */
export interface DeskBookingRow {
  id: string;
  starts_at: Date;
  ends_at: Date;
  attendance: Attendance;
  checked_in_at: Date | null;
  checked_in_by_name: string | null;
  facility_id: string;
  facility_name: string;
  timezone: string;
  check_in_on: boolean;
  user_id: string;
  user_name: string;
}

/** Confirmed bookings starting in [from, to), in start order, with who checked each in (a staff member or a door device). */
export function confirmedBookingsBetween(db: Executor, from: Date, to: Date): Promise<DeskBookingRow[]> {
  return db
    .selectFrom('bookings as b')
    .innerJoin('facilities as f', 'f.id', 'b.facility_id')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .leftJoin('users as s', 's.id', 'b.checked_in_by')
    .leftJoin('access_devices as d', 'd.id', 'b.checked_in_device')
    .select([
      'b.id', 'b.starts_at', 'b.ends_at', 'b.attendance', 'b.checked_in_at',
      sql<string | null>`coalesce(s.name, d.name)`.as('checked_in_by_name'),
      'f.id as facility_id', 'f.name as facility_name', 'f.timezone',
      sql<boolean>`coalesce(f.policy ->> 'checkIn' = 'on', false)`.as('check_in_on'),
      'u.id as user_id', 'u.name as user_name',
    ])
    .where('b.status', '=', 'confirmed')
    .where('b.starts_at', '>=', from)
    .where('b.starts_at', '<', to)
    .orderBy('b.starts_at')
    .orderBy('f.name')
    .execute();
}

/** Per facility, over confirmed bookings that started in [from, to): how many, how many were no-shows, and whether it checks in now. */
export function noShowRates(db: Executor, from: Date, to: Date) {
  return db
    .selectFrom('facilities as f')
    .leftJoin('bookings as b', (join) =>
      join.onRef('b.facility_id', '=', 'f.id').on('b.status', '=', 'confirmed').on('b.starts_at', '>=', from).on('b.starts_at', '<', to))
    .select([
      'f.id', 'f.name',
      sql<boolean>`coalesce(f.policy ->> 'checkIn' = 'on', false)`.as('check_in_on'),
      sql<string>`count(b.id)`.as('bookings'),
      sql<string>`count(b.id) FILTER (WHERE b.attendance = 'no_show')`.as('no_shows'),
    ])
    .where('f.is_deleted', '=', false)
    .groupBy('f.id')
    .orderBy('f.name')
    .execute();
}
