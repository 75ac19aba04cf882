import { sql, type RawBuilder } from 'kysely';
import { WEEKDAYS, type BookingChannel, type ReportGrouping, type Sport } from '@courtside/domain';
import type { Executor } from '../db/database.ts';

/**
 * The back office's reports, each one query over the bookings played in a period (each facility's
 * own calendar dates). A booking row carries what they read (set by the database:
 * migrations/src/sql/courtside_stamp_booking.sql, courtside_booking_paid.sql and courtside_booking_refunded.sql): its wall-clock
 * times in its facility's zone and the money paid and refunded for it, so a year of bookings is
 * one scan without joins or time-zone arithmetic per row.
 */

export interface ReportScope {
  from: string;
  to: string;
  facilityId?: string;
  sport?: Sport;
}

/**
 * Room for a report's grouping in memory (PostgreSQL's default 4 MB spills a year's sort to
 * disk), and no JIT; for the transaction it runs in only.
 */
export async function allowReportMemory(trx: Executor): Promise<void> {
  await sql`SET LOCAL work_mem = '64MB'`.execute(trx);
  // Compiling a plan costed for a year of rows takes longer than running it.
  await sql`SET LOCAL jit = off`.execute(trx);
}

/** The facilities a report covers. */
const facilitiesIn = (s: ReportScope) => sql`
  SELECT id, name, timezone, opening_hours, is_deleted FROM facilities
  WHERE TRUE ${s.facilityId ? sql`AND id = ${s.facilityId}` : sql``} ${s.sport ? sql`AND sport = ${s.sport}` : sql``}`;

/** Bookings played in the period that were made: confirmed, or cancelled since (lapsed holds were never made). */
const playedIn = (s: ReportScope) => sql`
  bookings b
  WHERE b.starts_local >= ${s.from}::date AND b.starts_local < ${s.to}::date + 1 AND b.status IN ('confirmed', 'cancelled')
    AND b.facility_id IN (SELECT id FROM scope)`;

const withScope = (s: ReportScope, query: RawBuilder<unknown>) => sql`WITH scope AS (${facilitiesIn(s)}) ${query}`;

const paid = sql`(b.desk_paid_cents + b.online_paid_cents)`;
const refunded = sql`(b.desk_refunded_cents + b.online_refunded_cents)`;
const hasMoney = sql`(${paid} + ${refunded}) > 0`;

export interface MoneySums {
  desk_paid: string;
  online_paid: string;
  desk_refunded: string;
  online_refunded: string;
}

const sums = sql`
  sum(b.desk_paid_cents)::bigint AS desk_paid, sum(b.online_paid_cents)::bigint AS online_paid,
  sum(b.desk_refunded_cents)::bigint AS desk_refunded, sum(b.online_refunded_cents)::bigint AS online_refunded`;

/** Grouped on the timestamp itself (cheap to hash), written as text once per group. */
const periodStart = (groupBy: ReportGrouping) => sql`date_trunc(${groupBy}, b.starts_local)`;
const periodText = (groupBy: ReportGrouping, column: RawBuilder<unknown>) =>
  groupBy === 'month' ? sql`to_char(${column}, 'YYYY-MM')` : sql`to_char(${column}, 'YYYY-MM-DD')`;

export interface RevenueRowSql extends MoneySums {
  period: string;
  facility_id: string;
  facility: string;
}

export async function revenue(db: Executor, s: ReportScope, groupBy: ReportGrouping): Promise<RevenueRowSql[]> {
  const { rows } = await withScope(
    s,
    sql`SELECT ${periodText(groupBy, sql`t.starts`)} AS period, t.facility_id, f.name AS facility, t.desk_paid, t.online_paid, t.desk_refunded, t.online_refunded
        FROM (SELECT ${periodStart(groupBy)} AS starts, b.facility_id, ${sums}
              FROM ${playedIn(s)} AND ${hasMoney}
              GROUP BY 1, 2) t
        JOIN scope f ON f.id = t.facility_id
        ORDER BY t.starts, f.name, t.facility_id`,
  ).execute(db);
  return rows as RevenueRowSql[];
}

/** How a booking came in: a series, a desk booking paid online (a payment link), the desk, or the site. */
const channelOf = sql`
  CASE WHEN b.series_id IS NOT NULL THEN 'series'
       WHEN b.booked_by IS NOT NULL AND b.online_paid_cents > 0 THEN 'payment-link'
       WHEN b.booked_by IS NOT NULL THEN 'desk'
       ELSE 'site' END`;

export interface ChannelRowSql {
  channel: BookingChannel;
  bookings: number;
  cancelled: number;
  net_cents: string;
}

export async function channels(db: Executor, s: ReportScope): Promise<ChannelRowSql[]> {
  const { rows } = await withScope(
    s,
    sql`SELECT ${channelOf} AS channel, count(*)::int AS bookings, count(*) FILTER (WHERE b.status = 'cancelled')::int AS cancelled,
               sum(${paid} - ${refunded})::bigint AS net_cents
        FROM ${playedIn(s)}
        GROUP BY 1`,
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
  const { rows } = await withScope(
    s,
    sql`SELECT ${periodText(groupBy, sql`t.starts`)} AS period, t.by_customer, t.by_staff, t.refunds, t.refunded_cents
        FROM (SELECT ${periodStart(groupBy)} AS starts,
                     count(*) FILTER (WHERE b.status = 'cancelled' AND b.cancelled_by = b.user_id)::int AS by_customer,
                     count(*) FILTER (WHERE b.status = 'cancelled' AND b.cancelled_by IS DISTINCT FROM b.user_id)::int AS by_staff,
                     count(*) FILTER (WHERE ${refunded} > 0)::int AS refunds, sum(${refunded})::bigint AS refunded_cents
              FROM ${playedIn(s)} AND (b.status = 'cancelled' OR ${refunded} > 0)
              GROUP BY 1) t
        ORDER BY t.starts`,
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
  const { rows } = await withScope(
    s,
    sql`SELECT u.id AS user_id, u.name, u.email, t.bookings, t.net_cents
        FROM (SELECT b.user_id, count(*) FILTER (WHERE b.status = 'confirmed')::int AS bookings, sum(${paid} - ${refunded})::bigint AS net_cents
              FROM ${playedIn(s)}
              GROUP BY b.user_id) t
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
 *
 * A span whose wall-clock length is its real length (all but those across a clock change) is
 * counted by the minute of the week it starts at and how long it lasts, and those groups are split
 * into hours once. A span across a clock change is stepped in real hours from the local hour it
 * starts in, so the change's day counts the hours it really has (an October Sunday in New York has
 * two 01:00 hours, a March one none at 02:00).
 */
/** A booking whose wall-clock length is its real length: not across a clock change (bookings_shifted_idx holds the others). */
const steadyBooking = sql`(b.ends_local - b.starts_local = b.ends_at - b.starts_at)`;

export async function occupancy(db: Executor, s: ReportScope): Promise<OccupancyCellSql[]> {
  const weekdays = sql`ARRAY[${sql.join(WEEKDAYS.map((d) => sql.lit(d)))}]::text[]`;
  const { rows } = await sql`
    WITH scope AS (${facilitiesIn(s)}),
    open_day AS (
      SELECT f.id, f.timezone, d::date AS day, f.opening_hours -> (${weekdays})[extract(dow FROM d)::int + 1] AS hours
      FROM scope f, generate_series(${s.from}::date, ${s.to}::date, interval '1 day') AS d
      WHERE NOT f.is_deleted),
    open AS (
      SELECT id, timezone, day + (hours->>'open')::time AS starts_local, day + (hours->>'close')::time AS ends_local
      FROM open_day WHERE jsonb_typeof(hours) = 'object'),
    open_at AS (SELECT id, timezone, starts_local, ends_local, starts_local AT TIME ZONE timezone AS starts_at, ends_local AT TIME ZONE timezone AS ends_at FROM open),
    closed AS (
      SELECT c.timezone, c.starts_at, c.ends_at, c.starts_at AT TIME ZONE c.timezone AS starts_local, c.ends_at AT TIME ZONE c.timezone AS ends_local
      FROM (SELECT o.timezone, greatest(o.starts_at, cf.starts_at) AS starts_at, least(o.ends_at, cf.ends_at) AS ends_at
            FROM open_at o JOIN closure_facilities cf ON cf.facility_id = o.id AND cf.starts_at < o.ends_at AND cf.ends_at > o.starts_at) c),
    -- Steady spans, counted by where they start in the week (from Monday 00:00) and how long they last.
    steady AS (
      SELECT 1 AS booked, 0 AS open, b.starts_local - date_trunc('week', b.starts_local) AS offset, b.ends_at - b.starts_at AS length, count(*) AS n
      FROM bookings b
      WHERE b.starts_local >= ${s.from}::date AND b.starts_local < ${s.to}::date + 1 AND b.status = 'confirmed'
        AND b.facility_id IN (SELECT id FROM scope WHERE NOT is_deleted) AND ${steadyBooking}
      GROUP BY 3, 4
      UNION ALL
      SELECT 0, 1, starts_local - date_trunc('week', starts_local), ends_at - starts_at, count(*)
      FROM open_at WHERE ends_local - starts_local = ends_at - starts_at GROUP BY 3, 4
      UNION ALL
      SELECT 0, -1, starts_local - date_trunc('week', starts_local), ends_at - starts_at, count(*)
      FROM closed WHERE ends_local - starts_local = ends_at - starts_at GROUP BY 3, 4),
    -- Spans across a clock change, few: bookings found through their partial index.
    shifted AS (
      SELECT f.timezone, b.starts_at, b.ends_at, b.starts_local, 1 AS booked, 0 AS open
      FROM bookings b JOIN scope f ON f.id = b.facility_id
      WHERE b.starts_local >= ${s.from}::date AND b.starts_local < ${s.to}::date + 1 AND b.status = 'confirmed' AND NOT f.is_deleted
        AND NOT ${steadyBooking}
      UNION ALL
      SELECT timezone, starts_at, ends_at, starts_local, 0, 1 FROM open_at WHERE ends_local - starts_local <> ends_at - starts_at
      UNION ALL
      SELECT timezone, starts_at, ends_at, starts_local, 0, -1 FROM closed WHERE ends_local - starts_local <> ends_at - starts_at),
    minutes_of AS (
      SELECT (1440 + date_part('epoch', st.offset)::int / 60) % 10080 AS start_min, date_part('epoch', st.length)::int / 60 AS minutes, st.booked, st.open, st.n
      FROM steady st WHERE st.length > interval '0'),
    cells AS (
      SELECT h % 10080 AS week_min, (least(m.start_min + m.minutes, h + 60) - greatest(m.start_min, h)) * m.n AS minutes, m.booked, m.open
      FROM minutes_of m, generate_series(m.start_min - m.start_min % 60, m.start_min + m.minutes - 1, 60) AS h
      UNION ALL
      SELECT (date_part('dow', h AT TIME ZONE sh.timezone) * 1440 + date_part('hour', h AT TIME ZONE sh.timezone) * 60)::int,
             date_part('epoch', least(sh.ends_at, h + interval '1 hour') - greatest(sh.starts_at, h)) / 60, sh.booked, sh.open
      FROM shifted sh,
           generate_series(sh.starts_at - (sh.starts_local - date_trunc('hour', sh.starts_local)), sh.ends_at - interval '1 microsecond', interval '1 hour') AS h
      WHERE sh.ends_at > sh.starts_at)
    SELECT week_min / 1440 AS weekday, (week_min % 1440) / 60 AS hour,
           round(sum(minutes * booked))::int AS booked_minutes, greatest(round(sum(minutes * open)), 0)::int AS open_minutes
    FROM cells GROUP BY 1, 2 ORDER BY 1, 2`.execute(db);
  return rows as OccupancyCellSql[];
}
