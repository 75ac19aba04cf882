import {
  BOOKING_CHANNELS,
  CHANNEL_LABELS,
  DomainError,
  TOP_CUSTOMERS,
  WEEKDAYS,
  centsToDollars,
  formatTime,
  occupancyRate,
  reportPeriod,
  toCsv,
  type CsvRow,
  type ReportName,
} from '@courtside/domain';
import type {
  CancellationsReport,
  ChannelsReport,
  OccupancyReport,
  ReportQuery,
  RevenueReport,
  TopCustomersReport,
} from '@courtside/contracts';
import * as reports from '../repositories/reports.ts';
import { findFacility } from '../repositories/facilities.ts';
import type { ServiceContext } from '../shared/context.ts';
import type { Executor } from '../db/database.ts';
import { todayIn } from './back-office-stats.ts';

/**
 * The back office's reports: each one PostgreSQL query (repositories/reports.ts) shaped for the
 * screen, and the CSV lines of the very same figures, so a chart and its export cannot differ.
 */

type Money = RevenueReport['total'];

const dollars = (cents: string | number) => centsToDollars(Number(cents));

/** Sums of cents, desk and online apart, as the screen reads them (paid minus refunded is the net). */
function moneyOf(c: { deskPaid: number; onlinePaid: number; deskRefunded: number; onlineRefunded: number }): Money {
  return {
    deskPaid: centsToDollars(c.deskPaid),
    onlinePaid: centsToDollars(c.onlinePaid),
    deskRefunded: centsToDollars(c.deskRefunded),
    onlineRefunded: centsToDollars(c.onlineRefunded),
    net: centsToDollars(c.deskPaid + c.onlinePaid - c.deskRefunded - c.onlineRefunded),
  };
}

/** PostgreSQL's sums (bigint, read as text) in cents. */
const centsOf = (r: reports.MoneySums) => ({
  deskPaid: Number(r.desk_paid),
  onlinePaid: Number(r.online_paid),
  deskRefunded: Number(r.desk_refunded),
  onlineRefunded: Number(r.online_refunded),
});

/** One report's read, in a transaction of its own with room to group a year in memory. */
function readReport<T>(ctx: ServiceContext, read: (trx: Executor) => Promise<T>): Promise<T> {
  return ctx.db.transaction().execute(async (trx) => {
    await reports.allowReportMemory(trx);
    return read(trx);
  });
}

/** The checked period and facilities of a query; an unknown facility is refused rather than reported as empty. */
async function scopeOf(ctx: ServiceContext, q: ReportQuery): Promise<reports.ReportScope & { period: { from: string; to: string } }> {
  const { from, to } = reportPeriod(q.from, q.to, todayIn(ctx));
  if (q.facilityId && !(await findFacility(ctx.db, q.facilityId, { includeDeleted: true }))) {
    throw new DomainError('not_found', 'FACILITY_NOT_FOUND', 'No facility has that id.', 'facilityId');
  }
  return { from, to, facilityId: q.facilityId, sport: q.sport, period: { from, to } };
}

export async function occupancyReport(ctx: ServiceContext, q: ReportQuery): Promise<OccupancyReport> {
  const scope = await scopeOf(ctx, q);
  const rows = await readReport(ctx, (trx) => reports.occupancy(trx, scope));
  const cells = rows
    .filter((r) => r.booked_minutes > 0 || r.open_minutes > 0)
    .map((r) => ({ weekday: r.weekday, hour: r.hour, bookedMinutes: r.booked_minutes, openMinutes: r.open_minutes, rate: occupancyRate(r.booked_minutes, r.open_minutes) }));
  const bookedMinutes = cells.reduce((n, c) => n + c.bookedMinutes, 0);
  const openMinutes = cells.reduce((n, c) => n + c.openMinutes, 0);
  return { period: scope.period, cells, total: { bookedMinutes, openMinutes, rate: occupancyRate(bookedMinutes, openMinutes) } };
}

export async function revenueReport(ctx: ServiceContext, q: ReportQuery): Promise<RevenueReport> {
  const scope = await scopeOf(ctx, q);
  const groupBy = q.groupBy ?? 'week';
  const rows = await readReport(ctx, (trx) => reports.revenue(trx, scope, groupBy));
  return {
    period: scope.period,
    groupBy,
    rows: rows.map((r) => ({ period: r.period, facilityId: r.facility_id, facility: r.facility, ...moneyOf(centsOf(r)) })),
    total: moneyOf(
      rows.map(centsOf).reduce((t, c) => ({
        deskPaid: t.deskPaid + c.deskPaid,
        onlinePaid: t.onlinePaid + c.onlinePaid,
        deskRefunded: t.deskRefunded + c.deskRefunded,
        onlineRefunded: t.onlineRefunded + c.onlineRefunded,
      }), { deskPaid: 0, onlinePaid: 0, deskRefunded: 0, onlineRefunded: 0 }),
    ),
  };
}

export async function channelsReport(ctx: ServiceContext, q: ReportQuery): Promise<ChannelsReport> {
  const scope = await scopeOf(ctx, q);
  const found = new Map((await readReport(ctx, (trx) => reports.channels(trx, scope))).map((r) => [r.channel, r]));
  // Every channel is listed, none made is a figure too.
  return {
    period: scope.period,
    rows: BOOKING_CHANNELS.map((channel) => {
      const r = found.get(channel);
      return { channel, bookings: r?.bookings ?? 0, cancelled: r?.cancelled ?? 0, net: dollars(r?.net_cents ?? 0) };
    }),
  };
}

export async function cancellationsReport(ctx: ServiceContext, q: ReportQuery): Promise<CancellationsReport> {
  const scope = await scopeOf(ctx, q);
  const groupBy = q.groupBy ?? 'week';
  const rows = await readReport(ctx, (trx) => reports.cancellations(trx, scope, groupBy));
  return {
    period: scope.period,
    groupBy,
    rows: rows.map((r) => ({ period: r.period, byCustomer: r.by_customer, byStaff: r.by_staff, refunds: r.refunds, refunded: dollars(r.refunded_cents) })),
  };
}

export async function topCustomersReport(ctx: ServiceContext, q: ReportQuery): Promise<TopCustomersReport> {
  const scope = await scopeOf(ctx, q);
  const rows = await readReport(ctx, (trx) => reports.topCustomers(trx, scope, TOP_CUSTOMERS));
  return { period: scope.period, rows: rows.map((r) => ({ userId: r.user_id, name: r.name, email: r.email, bookings: r.bookings, net: dollars(r.net_cents) })) };
}

const WEEKDAY_NAMES = WEEKDAYS.map((d) => d[0]!.toUpperCase() + d.slice(1));

interface ReportDefinition<R extends { period: { from: string; to: string } }> {
  build: (ctx: ServiceContext, q: ReportQuery) => Promise<R>;
  columns: readonly string[];
  csv: (report: R) => CsvRow[];
}

/** A report that runs once and answers as JSON or as the CSV of the very same figures. */
function defineReport<R extends { period: { from: string; to: string } }>(d: ReportDefinition<R>) {
  return async (ctx: ServiceContext, q: ReportQuery) => {
    const report = await d.build(ctx, q);
    return { report, period: report.period, csv: () => toCsv(d.csv(report), d.columns) };
  };
}

/** Each report: how it is computed, and the CSV columns and lines of what it answered. */
export const REPORTS = {
  occupancy: defineReport({
    build: occupancyReport,
    columns: ['weekday', 'hour', 'bookedMinutes', 'openMinutes', 'rate'],
    csv: (r: OccupancyReport): CsvRow[] => [
      ...r.cells.map((c) => ({ ...c, weekday: WEEKDAY_NAMES[c.weekday], hour: formatTime(c.hour * 60) })),
      { weekday: 'All', hour: 'All', ...r.total },
    ],
  }),
  revenue: defineReport({
    build: revenueReport,
    columns: ['period', 'facilityId', 'facility', 'deskPaid', 'onlinePaid', 'deskRefunded', 'onlineRefunded', 'net'],
    csv: (r: RevenueReport): CsvRow[] => [...r.rows, { period: 'Total', ...r.total }],
  }),
  channels: defineReport({
    build: channelsReport,
    columns: ['channel', 'label', 'bookings', 'cancelled', 'net'],
    csv: (r: ChannelsReport): CsvRow[] => r.rows.map((c) => ({ ...c, label: CHANNEL_LABELS[c.channel] })),
  }),
  cancellations: defineReport({
    build: cancellationsReport,
    columns: ['period', 'byCustomer', 'byStaff', 'refunds', 'refunded'],
    csv: (r: CancellationsReport): CsvRow[] => r.rows,
  }),
  'top-customers': defineReport({
    build: topCustomersReport,
    columns: ['userId', 'name', 'email', 'bookings', 'net'],
    csv: (r: TopCustomersReport): CsvRow[] => r.rows,
  }),
} satisfies Record<ReportName, unknown>;
