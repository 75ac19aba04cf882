import { CHANNEL_LABELS, parseDate, shiftDate, weekdayOf, type BookingChannel, type ReportGrouping } from '@courtside/domain';
import type { CancellationRow, CancellationsReport, ChannelsReport, RevenueReport } from '@courtside/contracts';
import { formatDateAs, formatMonth, moneyFormat, venueLocale } from '@courtside/browser';

/** The reports' figures as the charts draw them: every period of the report, the rows summed per period. */

/** The Monday of a date's ISO week. */
export const mondayOf = (date: string): string => shiftDate(date, -((weekdayOf(parseDate(date)) + 6) % 7));

/**
 * Every period the report's dates touch, in order, as the API names them: weeks by their
 * Monday (YYYY-MM-DD), months as YYYY-MM. Periods without a row are drawn as zero, not skipped.
 */
export function periodsOf(period: { from: string; to: string }, groupBy: ReportGrouping): string[] {
  const periods: string[] = [];
  if (groupBy === 'week') {
    for (let monday = mondayOf(period.from); monday <= period.to; monday = shiftDate(monday, 7)) periods.push(monday);
    return periods;
  }
  let [year, month] = period.from.split('-').map(Number) as [number, number];
  const last = period.to.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (key > last) return periods;
    periods.push(key);
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
  }
}

/** A period under its bar: "Nov 23" (the week's Monday) or "Nov 2026". */
export const periodAxisLabel = (period: string, groupBy: ReportGrouping): string =>
  groupBy === 'week' ? formatDateAs(period, 'dayMonth') : formatDateAs(`${period}-15`, 'monthYear').replace(/^(\w{3})\w*/, '$1');

/** A period in full, in tables and tooltips: "Week of Nov 23, 2026" or "November 2026". */
export const periodLabel = (period: string, groupBy: ReportGrouping): string => (groupBy === 'week' ? `Week of ${formatDateAs(period, 'medium')}` : formatMonth(period));

/** Amounts are summed in cents: dollars as floats drift (0.1 + 0.2). */
const cents = (dollars: number) => Math.round(dollars * 100);

/** The sum of amounts in major units, added in cents. */
export const sumMoney = (...amounts: number[]): number => amounts.reduce((sum, amount) => sum + cents(amount), 0) / 100;

/** A type, not an interface: the chart's dataset takes records with an index signature. */
export type RevenueBar = {
  period: string;
  deskPaid: number;
  onlinePaid: number;
  /** Given back, desk and online: drawn below zero. */
  refunded: number;
  net: number;
};

/** Revenue per period, every facility of the report together. */
export function revenueBars(report: Pick<RevenueReport, 'period' | 'groupBy' | 'rows'>): RevenueBar[] {
  const sums = new Map(periodsOf(report.period, report.groupBy).map((p) => [p, { desk: 0, online: 0, refunded: 0 }]));
  for (const row of report.rows) {
    const sum = sums.get(row.period) ?? { desk: 0, online: 0, refunded: 0 };
    sum.desk += cents(row.deskPaid);
    sum.online += cents(row.onlinePaid);
    sum.refunded += cents(row.deskRefunded) + cents(row.onlineRefunded);
    sums.set(row.period, sum);
  }
  return [...sums]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([period, s]) => ({ period, deskPaid: s.desk / 100, onlinePaid: s.online / 100, refunded: s.refunded ? -s.refunded / 100 : 0, net: (s.desk + s.online - s.refunded) / 100 }));
}

/** Cancellations per period, every period of the report (none is zero). */
export function cancellationBars(report: Pick<CancellationsReport, 'period' | 'groupBy' | 'rows'>): CancellationRow[] {
  const found = new Map(report.rows.map((r) => [r.period, r]));
  const periods = [...new Set([...periodsOf(report.period, report.groupBy), ...found.keys()])].sort();
  return periods.map((period) => found.get(period) ?? { period, byCustomer: 0, byStaff: 0, refunds: 0, refunded: 0 });
}

/** A channel under its bar, short enough for a phone's chart; the tooltip and the table say it in full. */
export const CHANNEL_AXIS_LABELS: Record<BookingChannel, string> = { site: 'Site', desk: 'Desk', series: 'Series', 'payment-link': 'Link' };

/** The channels as their labels read ("Booked at the desk"), in the API's order. */
export const channelBars = (report: Pick<ChannelsReport, 'rows'>) => report.rows.map((row) => ({ ...row, label: CHANNEL_LABELS[row.channel] }));

/** One sentence of a chart's figures, for assistive technology (the tables below say it all too). */
export function revenueSummary(bars: RevenueBar[], groupBy: ReportGrouping, money: (amount: number) => string): string {
  const net = bars.reduce((sum, b) => sum + cents(b.net), 0) / 100;
  const best = bars.reduce<RevenueBar | undefined>((top, b) => (!top || b.net > top.net ? b : top), undefined);
  return best && best.net > 0 ? `Net revenue ${money(net)}; the best ${groupBy}: ${periodLabel(best.period, groupBy)}, ${money(best.net)}.` : `Net revenue ${money(net)}.`;
}

/** Money on a chart's axis, short, in the venue's currency and locale: "$1.2K", "$40". Tooltips and tables write it in full. */
export function axisMoney(amount: number): string {
  const { currency, locale } = moneyFormat();
  return new Intl.NumberFormat(locale, { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 }).format(amount);
}

/** A count on a chart's axis, short, in the venue's locale: "12K" rather than a "12,..." the axis cuts off. */
export const axisCount = (count: number): string => new Intl.NumberFormat(venueLocale(), { notation: 'compact' }).format(count);
