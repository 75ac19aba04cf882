import { sql, type RawBuilder } from 'kysely';
import { WEEKDAYS, type BookingChannel, type ReportGrouping, type Sport } from '@courtside/domain';
import type { Executor } from '../db/database.ts';

/**
 * The back office's reports, each one query: PostgreSQL reads the bookings played in a period
 * (each facility's own calendar dates), the money paid and refunded for them, and the facilities'
 * opening hours and closures. The dates a booking counts on are local; instants are split into
 * local hours by stepping whole hours from the local hour its span starts in, so DST days count
 * the hours they really have (an October Sunday in New York has two 01:00 hours).
 */

export interface ReportScope {
  from: string;
  to: string;
  facilityId?: string;
  sport?: Sport;
}

const DAY_MS = 86_400_000;

/** The facilities a report covers. */
const facilitiesIn = (s: ReportScope) => sql`
  SELECT id, name, timezone, opening_hours, is_deleted FROM facilities
  WHERE TRUE ${s.facilityId ? sql`AND id = ${s.facilityId}` : sql``} ${s.sport ? sql`AND sport = ${s.sport}` : sql``}`;

/**
 * Bookings played in the period that were made (confirmed, or cancelled since; lapsed holds were
 * never made). The instant range lets the starts_at index narrow the read; the local date decides.
 */
function playedIn(s: ReportScope) {
  const first = new Date(Date.parse(`${s.from}T00:00:00Z`) - DAY_MS);
  const last = new Date(Date.parse(`${s.to}T00:00:00Z`) + 2 * DAY_MS);
  return sql`
    SELECT b.id, b.facility_id, b.user_id, b.starts_at, b.ends_at, b.status, b.cancelled_by, b.booked_by, b.series_id,
           b.payable_cents, f.name AS facility, f.timezone, f.is_deleted, (b.starts_at AT TIME ZONE f.timezone)::date AS day
    FROM bookings b JOIN scope f ON f.id = b.facility_id
    WHERE b.starts_at >= ${first} AND b.starts_at < ${last}
      AND (b.starts_at AT TIME ZONE f.timezone)::date BETWEEN ${s.from}::date AND ${s.to}::date
      AND b.status IN ('confirmed', 'cancelled')`;
}

/**
 * Every sum of money that moved for those bookings: what was paid for each (a one-booking order's
 * amount, balance collections included; a booking's share of a larger order is its price less its
 * share of the discount) and every refund recorded for it, sent or still owed. Desk money is the
 * desk provider's; the rest was paid online.
 */
const moneyOfPlayed = sql`
  SELECT p.id AS booking_id, o.provider = 'desk' AS desk, false AS refund,
         CASE WHEN (SELECT count(*) FROM order_bookings x WHERE x.order_id = ob.order_id) = 1 THEN o.amount_cents
              ELSE p.payable_cents - ob.discount_cents END AS cents
  FROM played p JOIN order_bookings ob ON ob.booking_id = p.id AND ob.paid_at IS NOT NULL JOIN orders o ON o.id = ob.order_id
  UNION ALL
  SELECT p.id, o.provider = 'desk', true, r.amount_cents
  FROM played p JOIN refunds r ON r.booking_id = p.id JOIN orders o ON o.id = r.order_id`;

const netOfBooking = sql`SELECT booking_id, sum(CASE WHEN refund THEN -cents ELSE cents END) AS net FROM money GROUP BY booking_id`;

function withPlayed(s: ReportScope, query: RawBuilder<unknown>) {
  return sql`WITH scope AS (${facilitiesIn(s)}), played AS (${playedIn(s)}), money AS (${moneyOfPlayed}), net_of_booking AS (${netOfBooking}) ${query}`;
}

const sums = sql`
  COALESCE(sum(m.cents) FILTER (WHERE m.desk AND NOT m.refund), 0)::bigint AS desk_paid,
  COALESCE(sum(m.cents) FILTER (WHERE NOT m.desk AND NOT m.refund), 0)::bigint AS online_paid,
  COALESCE(sum(m.cents) FILTER (WHERE m.desk AND m.refund), 0)::bigint AS desk_refunded,
  COALESCE(sum(m.cents) FILTER (WHERE NOT m.desk AND m.refund), 0)::bigint AS online_refunded`;

export interface MoneySums {
  desk_paid: string;
  online_paid: string;
  desk_refunded: string;
  online_refunded: string;
}

const periodOf = (groupBy: ReportGrouping) =>
  groupBy === 'month' ? sql`to_char(p.day, 'YYYY-MM')` : sql`to_char(date_trunc('week', p.day), 'YYYY-MM-DD')`;

export interface RevenueRowSql extends MoneySums {
  period: string;
  facility_id: string;
  facility: string;
}

export async function revenue(db: Executor, s: ReportScope, groupBy: ReportGrouping): Promise<RevenueRowSql[]> {
  const { rows } = await withPlayed(
    s,
    sql`SELECT ${periodOf(groupBy)} AS period, p.facility_id, p.facility, ${sums}
        FROM money m JOIN played p ON p.id = m.booking_id
        GROUP BY 1, 2, 3 ORDER BY 1, 3, 2`,
  ).execute(db);
  return rows as RevenueRowSql[];
}

/** How a booking came in: a series, a desk booking paid through a link, the desk, or the site. */
const channelOf = sql`
  CASE WHEN p.series_id IS NOT NULL THEN 'series'
       WHEN p.booked_by IS NOT NULL AND EXISTS (
         SELECT 1 FROM order_bookings x JOIN orders o ON o.id = x.order_id WHERE x.booking_id = p.id AND o.provider <> 'desk') THEN 'payment-link'
       WHEN p.booked_by IS NOT NULL THEN 'desk'
       ELSE 'site' END`;

export interface ChannelRowSql {
  channel: BookingChannel;
  bookings: number;
  cancelled: number;
  net_cents: string;
}

export async function channels(db: Executor, s: ReportScope): Promise<ChannelRowSql[]> {
  const { rows } = await withPlayed(
    s,
    sql`SELECT c.channel, count(*)::int AS bookings, count(*) FILTER (WHERE c.status = 'cancelled')::int AS cancelled,
               COALESCE(sum(n.net), 0)::bigint AS net_cents
        FROM (SELECT p.id, p.status, ${channelOf} AS channel FROM played p) c
        LEFT JOIN net_of_booking n ON n.booking_id = c.id
        GROUP BY c.channel`,
  ).execute(db);
  return rows as ChannelRowSql[];
}

export interface CancellationRowSql {
  period: string;
  by_customer: number;
  by_staff: number;
  refunds: number;
  refunded_cents: string;
}

export async function cancellations(db: Executor, s: ReportScope, groupBy: ReportGrouping): Promise<CancellationRowSql[]> {
  const { rows } = await withPlayed(
    s,
    sql`SELECT ${periodOf(groupBy)} AS period,
               count(*) FILTER (WHERE p.status = 'cancelled' AND p.cancelled_by = p.user_id)::int AS by_customer,
               count(*) FILTER (WHERE p.status = 'cancelled' AND p.cancelled_by IS DISTINCT FROM p.user_id)::int AS by_staff,
               COALESCE(sum(r.refunds), 0)::int AS refunds, COALESCE(sum(r.cents), 0)::bigint AS refunded_cents
        FROM played p
        LEFT JOIN (SELECT booking_id, count(*) AS refunds, sum(cents) AS cents FROM money WHERE refund GROUP BY booking_id) r ON r.booking_id = p.id
        GROUP BY 1 HAVING count(*) FILTER (WHERE p.status = 'cancelled') > 0 OR sum(r.refunds) > 0
        ORDER BY 1`,
  ).execute(db);
  return rows as CancellationRowSql[];
}

export interface TopCustomerRowSql {
  user_id: string;
  name: string;
  email: string;
  bookings: number;
  net_cents: string;
}

export async function topCustomers(db: Executor, s: ReportScope, limit: number): Promise<TopCustomerRowSql[]> {
  const { rows } = await withPlayed(
    s,
    sql`SELECT u.id AS user_id, u.name, u.email, t.bookings, t.net_cents
        FROM (SELECT p.user_id, count(*) FILTER (WHERE p.status = 'confirmed')::int AS bookings,
                     COALESCE(sum(n.net), 0)::bigint AS net_cents
              FROM played p
              LEFT JOIN net_of_booking n ON n.booking_id = p.id
              GROUP BY p.user_id) t
        JOIN users u ON u.id = t.user_id
        WHERE t.bookings > 0 OR t.net_cents <> 0
        ORDER BY t.net_cents DESC, t.bookings DESC, u.name, u.id
        LIMIT ${limit}`,
  ).execute(db);
  return rows as TopCustomerRowSql[];
}

export interface OccupancyCellSql {
  weekday: number;
  hour: number;
  booked_minutes: number;
  open_minutes: number;
}

/**
 * Minutes booked and open per local weekday and hour. Open time is each live facility's opening
 * hours on each date of the period, less its closures; booked time is its confirmed bookings.
 * A deleted facility has neither: its old hours no longer say when it could be sold.
 */
export async function occupancy(db: Executor, s: ReportScope): Promise<OccupancyCellSql[]> {
  const weekdays = sql`ARRAY[${sql.join(WEEKDAYS.map((d) => sql.lit(d)))}]::text[]`;
  const { rows } = await sql`
    WITH scope AS (${facilitiesIn(s)}), played AS (${playedIn(s)}),
    open_day AS (
      SELECT f.id, f.timezone, d::date AS day, f.opening_hours -> (${weekdays})[extract(dow FROM d)::int + 1] AS hours
      FROM scope f, generate_series(${s.from}::date, ${s.to}::date, interval '1 day') AS d
      WHERE NOT f.is_deleted),
    open AS (
      SELECT id, timezone, (day + (hours->>'open')::time) AT TIME ZONE timezone AS starts_at,
             (day + (hours->>'close')::time) AT TIME ZONE timezone AS ends_at
      FROM open_day WHERE jsonb_typeof(hours) = 'object'),
    spans AS (
      SELECT timezone, starts_at, ends_at, 1 AS booked, 0 AS open FROM played WHERE status = 'confirmed' AND NOT is_deleted
      UNION ALL
      SELECT timezone, starts_at, ends_at, 0, 1 FROM open
      UNION ALL
      SELECT o.timezone, greatest(o.starts_at, c.starts_at), least(o.ends_at, c.ends_at), 0, -1
      FROM open o JOIN closure_facilities c ON c.facility_id = o.id AND c.starts_at < o.ends_at AND c.ends_at > o.starts_at),
    hours AS (
      SELECT s.timezone, s.booked, s.open, h,
             extract(epoch FROM least(s.ends_at, h + interval '1 hour') - greatest(s.starts_at, h)) / 60 AS minutes
      FROM spans s,
           generate_series(s.starts_at - ((s.starts_at AT TIME ZONE s.timezone) - date_trunc('hour', s.starts_at AT TIME ZONE s.timezone)),
                           s.ends_at - interval '1 microsecond', interval '1 hour') AS h
      WHERE s.ends_at > s.starts_at)
    SELECT extract(dow FROM h AT TIME ZONE timezone)::int AS weekday, extract(hour FROM h AT TIME ZONE timezone)::int AS hour,
           round(sum(minutes * booked))::int AS booked_minutes, greatest(round(sum(minutes * open)), 0)::int AS open_minutes
    FROM hours GROUP BY 1, 2 ORDER BY 1, 2`.execute(db);
  return rows as OccupancyCellSql[];
}
