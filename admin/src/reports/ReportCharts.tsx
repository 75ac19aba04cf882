import { useState, type ReactNode } from 'react';
import { Box, Button, Collapse, Typography, useTheme } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import { BarChart } from '@mui/x-charts/BarChart';
import { CHANNEL_LABELS, type BookingChannel, type ReportGrouping } from '@courtside/domain';
import type { CancellationsReport, ChannelsReport, RevenueReport, TopCustomersReport } from '@courtside/contracts';
import { Link } from 'react-admin';
import { countOf, money } from '../common/format.ts';
import { EmailLink } from '../common/EmailLink.tsx';
import { FigureTable, type Column } from './FigureTable.tsx';
import { CHANNEL_AXIS_LABELS, axisCount, axisMoney, sumMoney, cancellationBars, channelBars, periodAxisLabel, periodLabel, revenueBars, revenueSummary } from './figures.ts';

/** The series' colours, the theme's: money taken green (desk) and blue (online), given back red; cancellations amber (customers) and grey (staff). */
function useColours() {
  const { palette } = useTheme();
  return { desk: palette.primary.main, online: palette.info.main, refund: palette.error.main, customer: palette.warning.main, staff: palette.text.secondary };
}
/** Every chart is this tall, and drawn at once (skipAnimation): figures to read, not motion. */
const CHART_HEIGHT = 280;

/**
 * A band axis of periods or channels, written short under the bars and in full in the tooltip;
 * a few bars keep a bar's width rather than fill the chart.
 */
const bandAxis = (dataKey: string, count: number, short: (value: string) => string, full: (value: string) => string) => [
  {
    scaleType: 'band' as const,
    dataKey,
    categoryGapRatio: count <= 2 ? 0.75 : count <= 4 ? 0.5 : 0.3,
    valueFormatter: (value: string, context: { location: string }) => (context.location === 'tick' ? short(value) : full(value)),
  },
];
const periodAxis = (groupBy: ReportGrouping, count: number) =>
  bandAxis('period', count, (p) => periodAxisLabel(p, groupBy), (p) => periodLabel(p, groupBy));

const moneyValue = (value: number | null) => (value === null ? '' : money(value));
const countValue = (value: number | null) => (value === null ? '' : String(value));

/**
 * A chart and, for assistive technology, one sentence of what it shows (the table below has every
 * figure); with nothing to draw, a sentence saying so instead of empty axes.
 */
const Chart = ({ summary, empty, children }: { summary: string; empty?: string; children: ReactNode }) =>
  empty ? (
    <Typography color="text.secondary" sx={{ mb: 1 }}>
      {empty}
    </Typography>
  ) : (
    <Box role="figure" aria-label={summary} sx={{ width: '100%', minWidth: 0, mb: 1 }}>
      {children}
    </Box>
  );

/** The figures under a chart, folded away until asked for (a year by week and facility is a long table). */
const FiguresToggle = ({ count, children }: { count: number; children: ReactNode }) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" onClick={() => setOpen((o) => !o)} endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />} aria-expanded={open}>
        {open ? 'Hide the figures' : `Show the figures (${countOf(count, 'row')})`}
      </Button>
      <Collapse in={open} unmountOnExit>
        <Box sx={{ mt: 1 }}>{children}</Box>
      </Collapse>
    </>
  );
};

const periodColumn = <R extends { period: string }>(groupBy: ReportGrouping): Column<R> => ({ label: groupBy === 'week' ? 'Week' : 'Month', value: (r) => periodLabel(r.period, groupBy) });

type RevenueLine = RevenueReport['rows'][number];

/** Revenue by period: desk and online payments stacked up, refunds below zero; the figures per facility under it. */
export const RevenueChart = ({ report }: { report: RevenueReport }) => {
  const colours = useColours();
  const bars = revenueBars(report);
  const columns: Column<RevenueLine>[] = [
    periodColumn(report.groupBy),
    { label: 'Facility', value: (r) => r.facility, wraps: true },
    { label: 'Desk paid', value: (r) => money(r.deskPaid), numeric: true },
    { label: 'Online paid', value: (r) => money(r.onlinePaid), numeric: true },
    { label: 'Desk refunds', value: (r) => money(r.deskRefunded), numeric: true },
    { label: 'Online refunds', value: (r) => money(r.onlineRefunded), numeric: true },
    { label: 'Net', value: (r) => money(r.net), numeric: true },
  ];
  const t = report.total;
  return (
    <>
      <Typography variant="body2" sx={{ mb: 1 }} data-testid="revenue-total">
        Net {money(t.net)}: {money(t.deskPaid)} paid at the desk and {money(t.onlinePaid)} online, less {money(sumMoney(t.deskRefunded, t.onlineRefunded))} refunded.
      </Typography>
      <Chart summary={revenueSummary(bars, report.groupBy, money)} empty={report.rows.length === 0 ? 'Nothing was paid or refunded for bookings in this period.' : undefined}>
        <BarChart
          skipAnimation
          height={CHART_HEIGHT}
          dataset={bars}
          xAxis={periodAxis(report.groupBy, bars.length)}
          yAxis={[{ valueFormatter: axisMoney, width: 56 }]}
          series={[
            { dataKey: 'deskPaid', label: 'Paid at the desk', stack: 'money', color: colours.desk, valueFormatter: moneyValue },
            { dataKey: 'onlinePaid', label: 'Paid online', stack: 'money', color: colours.online, valueFormatter: moneyValue },
            { dataKey: 'refunded', label: 'Refunded', stack: 'money', color: colours.refund, valueFormatter: moneyValue },
          ]}
          grid={{ horizontal: true }}
        />
      </Chart>
      {report.rows.length > 0 && (
        <FiguresToggle count={report.rows.length}>
          <FigureTable
            label="Revenue by facility"
            columns={columns}
            rows={report.rows}
            rowKey={(r) => `${r.period} ${r.facilityId}`}
            total={['Total', '', money(t.deskPaid), money(t.onlinePaid), money(t.deskRefunded), money(t.onlineRefunded), money(t.net)]}
          />
        </FiguresToggle>
      )}
    </>
  );
};

/** Bookings by how they came in, and how many of them were cancelled since. */
export const ChannelsChart = ({ report }: { report: ChannelsReport }) => {
  const colours = useColours();
  const bars = channelBars(report);
  const summary = bars.map((b) => `${b.label}: ${countOf(b.bookings, 'booking')}, ${b.cancelled} cancelled`).join('; ');
  const columns: Column<(typeof bars)[number]>[] = [
    { label: 'Channel', value: (r) => r.label },
    { label: 'Bookings', value: (r) => r.bookings, numeric: true },
    { label: 'Cancelled', value: (r) => r.cancelled, numeric: true },
    { label: 'Net', value: (r) => money(r.net), numeric: true },
  ];
  return (
    <>
      <Chart summary={summary} empty={bars.every((b) => b.bookings === 0) ? 'No booking was made in this period.' : undefined}>
        <BarChart
          skipAnimation
          height={CHART_HEIGHT}
          dataset={bars}
          xAxis={bandAxis('channel', bars.length, (c) => CHANNEL_AXIS_LABELS[c as BookingChannel], (c) => CHANNEL_LABELS[c as BookingChannel])}
          yAxis={[{ width: 48, tickMinStep: 1, valueFormatter: axisCount }]}
          series={[
            { dataKey: 'bookings', label: 'Bookings', color: colours.desk, valueFormatter: countValue },
            { dataKey: 'cancelled', label: 'Cancelled', color: colours.refund, valueFormatter: countValue },
          ]}
          grid={{ horizontal: true }}
        />
      </Chart>
      <FigureTable label="Bookings by channel" columns={columns} rows={bars} rowKey={(r) => r.channel} />
    </>
  );
};

/** Cancellations by period, by customers and by staff stacked; the refunds they brought in the table. */
export const CancellationsChart = ({ report }: { report: CancellationsReport }) => {
  const colours = useColours();
  const bars = cancellationBars(report);
  const sum = (key: 'byCustomer' | 'byStaff' | 'refunds') => report.rows.reduce((n, r) => n + r[key], 0);
  const refunded = sumMoney(...report.rows.map((r) => r.refunded));
  const columns: Column<CancellationsReport['rows'][number]>[] = [
    periodColumn(report.groupBy),
    { label: 'By the customer', value: (r) => r.byCustomer, numeric: true },
    { label: 'By staff', value: (r) => r.byStaff, numeric: true },
    { label: 'Refunds', value: (r) => r.refunds, numeric: true },
    { label: 'Refunded', value: (r) => money(r.refunded), numeric: true },
  ];
  const summary = `${countOf(sum('byCustomer') + sum('byStaff'), 'cancellation')}: ${sum('byCustomer')} by customers, ${sum('byStaff')} by staff; ${countOf(sum('refunds'), 'refund')}, ${money(refunded)}.`;
  return (
    <>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {summary}
      </Typography>
      <Chart summary={summary} empty={report.rows.length === 0 ? 'No booking was cancelled in this period.' : undefined}>
        <BarChart
          skipAnimation
          height={CHART_HEIGHT}
          dataset={bars}
          xAxis={periodAxis(report.groupBy, bars.length)}
          yAxis={[{ width: 48, tickMinStep: 1, valueFormatter: axisCount }]}
          series={[
            { dataKey: 'byCustomer', label: 'By the customer', stack: 'cancelled', color: colours.customer, valueFormatter: countValue },
            { dataKey: 'byStaff', label: 'By staff', stack: 'cancelled', color: colours.staff, valueFormatter: countValue },
          ]}
          grid={{ horizontal: true }}
        />
      </Chart>
      {report.rows.length > 0 && (
        <FiguresToggle count={report.rows.length}>
          <FigureTable label="Cancellations and refunds" columns={columns} rows={report.rows} rowKey={(r) => r.period} total={['Total', sum('byCustomer'), sum('byStaff'), sum('refunds'), money(refunded)]} />
        </FiguresToggle>
      )}
    </>
  );
};

/** The customers who paid the most in the period, net of refunds; each opens their page. */
export const TopCustomersTable = ({ report }: { report: TopCustomersReport }) => {
  if (report.rows.length === 0) return <Typography color="text.secondary">No customer played in this period.</Typography>;
  const columns: Column<TopCustomersReport['rows'][number]>[] = [
    { label: 'Customer', value: (r) => <Link to={`/users/${encodeURIComponent(r.userId)}/show`}>{r.name}</Link>, wraps: true },
    { label: 'Email', value: (r) => <EmailLink address={r.email} /> },
    { label: 'Bookings', value: (r) => r.bookings, numeric: true },
    { label: 'Net', value: (r) => money(r.net), numeric: true },
  ];
  return <FigureTable label="Top customers" columns={columns} rows={report.rows} rowKey={(r) => r.userId} />;
};
