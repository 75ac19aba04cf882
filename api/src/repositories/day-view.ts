import { sql } from 'kysely';
import type { ActiveStatus, Attendance, PaymentStatus } from '@courtside/domain';
import type { FacilityRow } from '@courtside/migrations';
import type { Executor } from '../db/database.ts';
import { holdsTime } from './occupancy.ts';

/** Reads of the front desk's day view and the dashboard; the only SQL behind them. */

/**
 * The facilities a day shows: every live one and, when `withBookingsBetween` is given, a deleted
 * one that still has a booking holding time in that window (history stays visible after a delete).
 */
export function dayFacilities(db: Executor, withBookingsBetween?: { from: Date; to: Date; now: Date }): Promise<FacilityRow[]> {
  let query = db.selectFrom('facilities as f').selectAll('f');
  if (!withBookingsBetween) query = query.where('f.is_deleted', '=', false);
  else {
    const { from, to, now } = withBookingsBetween;
    query = query.where((eb) =>
      eb.or([
        eb('f.is_deleted', '=', false),
        eb.exists(
          eb.selectFrom('bookings as b')
            .select(sql`1`.as('one'))
            .whereRef('b.facility_id', '=', 'f.id')
            .where('b.starts_at', '>=', new Date(from.getTime() - 86_400_000))
            .where('b.starts_at', '<', to)
            .where('b.ends_at', '>', from)
            .where(holdsTime('b', now)),
        ),
      ]),
    );
  }
  return query.orderBy(sql`lower(f.name)`).orderBy('f.id').execute();
}

export interface DayBookingRow {
  id: string;
  facility_id: string;
  starts_at: Date;
  ends_at: Date;
  status: ActiveStatus;
  payment_status: PaymentStatus;
  payable_cents: number;
  balance_cents: number;
  hold_expires_at: Date | null;
  note: string | null;
  user_id: string;
  user_name: string;
  user_email: string;
  user_phone: string;
  /** Its other players' names (accounts' names, friends' as added), in the order they joined. */
  players: string[];
  attendance: Attendance;
  checked_in_at: Date | null;
  /** The staff member or door device that checked it in. */
  checked_in_by_name: string | null;
}

/**
 * Bookings that hold a slot (confirmed, or pending with a live hold) and overlap [from, to),
 * for the given facilities. No booking is longer than a day, so the lower bound on starts_at
 * lets the (starts_at, facility_id) index do the work however large the table is.
 */
export function activeBookingsBetween(db: Executor, facilityIds: string[], from: Date, to: Date, now: Date): Promise<DayBookingRow[]> {
  if (facilityIds.length === 0) return Promise.resolve([]);
  const earliestStart = new Date(from.getTime() - 86_400_000);
  return db
    .selectFrom('bookings as b')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .select([
      'b.id',
      'b.facility_id',
      'b.starts_at',
      'b.ends_at',
      'b.payment_status',
      'b.payable_cents',
      'b.balance_cents',
      'b.hold_expires_at',
      'b.note',
      'u.id as user_id',
      'u.name as user_name',
      'u.email as user_email',
      'u.phone as user_phone',
      'b.attendance',
      'b.checked_in_at',
    ])
    .select(sql<string | null>`coalesce((SELECT s.name FROM users s WHERE s.id = b.checked_in_by), (SELECT d.name FROM access_devices d WHERE d.id = b.checked_in_device))`.as('checked_in_by_name'))
    .select(sql<ActiveStatus>`b.status`.as('status'))
    .select(
      sql<string[]>`ARRAY(SELECT coalesce(pu.name, p.guest_name) FROM booking_players p LEFT JOIN users pu ON pu.id = p.user_id
        WHERE p.booking_id = b.id AND p.left_at IS NULL ORDER BY p.joined_at, p.id)`.as('players'),
    )
    .where('b.starts_at', '>=', earliestStart)
    .where('b.starts_at', '<', to)
    .where('b.ends_at', '>', from)
    .where('b.facility_id', 'in', facilityIds)
    .where(holdsTime('b', now))
    .orderBy('b.starts_at')
    .execute();
}

/**
 * Revenue earned per local day (the facility's own calendar): paid, confirmed bookings that
 * took place on the days `firstDay`..`lastDay` (YYYY-MM-DD) and had ended by `playedBy`, each at what was paid for it (its
 * price less its share of a promo code's discount on the order that paid it). `from`/`to` bound
 * the instants generously so the starts_at index narrows the scan.
 */
export function revenueByDay(db: Executor, firstDay: string, lastDay: string, from: Date, to: Date, playedBy: Date) {
  const day = sql<string>`to_char((b.starts_at AT TIME ZONE f.timezone)::date, 'YYYY-MM-DD')`;
  const discount = sql<number>`COALESCE((SELECT ob.discount_cents FROM order_bookings ob WHERE ob.booking_id = b.id AND ob.paid_at IS NOT NULL ORDER BY ob.paid_at DESC LIMIT 1), 0)`;
  return db
    .selectFrom('bookings as b')
    .innerJoin('facilities as f', 'f.id', 'b.facility_id')
    .select([day.as('day'), sql<number>`sum(b.payable_cents - ${discount})::int`.as('cents'), sql<number>`count(*)::int`.as('bookings')])
    .where('b.starts_at', '>=', from)
    .where('b.starts_at', '<', to)
    .where('b.ends_at', '<=', playedBy)
    .where('b.status', '=', 'confirmed')
    .where('b.payment_status', '=', 'paid')
    .where(sql<boolean>`(b.starts_at AT TIME ZONE f.timezone)::date BETWEEN ${firstDay}::date AND ${lastDay}::date`)
    .groupBy(sql`1`)
    .execute();
}
