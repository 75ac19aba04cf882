import { Box, Typography } from '@mui/material';
import { useSearchParams } from 'react-router';
import { ScreenTitle } from '../common/ScreenTitle.tsx';
import { mediumDate } from '../common/format.ts';
import { viewersToday } from '../day-view/dates.ts';
import { OccupancyHeatMap } from './OccupancyHeatMap.tsx';
import { CancellationsChart, ChannelsChart, RevenueChart, TopCustomersTable } from './ReportCharts.tsx';
import { ReportFiltersBar } from './ReportFiltersBar.tsx';
import { ReportSection } from './ReportSection.tsx';
import { filtersFrom, filtersParams, type ReportFilters } from './report-query.ts';

/** The filters the address holds; changing one rewrites the address, so a report can be shared and reloaded. */
function useReportFilters() {
  const [params, setParams] = useSearchParams();
  const today = viewersToday();
  const filters = filtersFrom(params, today);
  const setFilters = (next: ReportFilters) => setParams(filtersParams(next), { replace: true });
  return { filters, setFilters, today };
}

/**
 * The Reports screen, for managers and owners: occupancy as a weekday by hour heat map, revenue,
 * bookings by channel, cancellations and refunds, and the top customers, all for one period and
 * one facility or sport. Each section downloads the CSV file of the very same figures.
 */
export const ReportsPage = () => {
  const { filters, setFilters, today } = useReportFilters();
  return (
    <Box sx={{ py: 2, width: '100%', minWidth: 0, maxWidth: 1200, contain: 'inline-size' }}>
      <ScreenTitle title="Reports" />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Bookings played from {mediumDate(filters.from)} to {mediumDate(filters.to)}, on each facility&apos;s own calendar. Amounts are paid minus refunded.
      </Typography>
      <ReportFiltersBar filters={filters} today={today} onChange={setFilters} />
      <ReportSection name="occupancy" title="Occupancy" about="How much of the open time was booked, by weekday and hour (opening hours less closures)." filters={filters}>
        {(report) => <OccupancyHeatMap report={report} />}
      </ReportSection>
      <ReportSection name="revenue" title="Revenue" about={`Paid minus refunded, at the desk and online apart, by ${filters.groupBy}.`} filters={filters}>
        {(report) => <RevenueChart report={report} />}
      </ReportSection>
      <ReportSection name="channels" title="Bookings by channel" about="Bookings made on the site, at the desk, as weekly series and through payment links, and how many were cancelled." filters={filters}>
        {(report) => <ChannelsChart report={report} />}
      </ReportSection>
      <ReportSection name="cancellations" title="Cancellations and refunds" about={`Bookings cancelled by customers and by staff (closures included), and the refunds recorded, by ${filters.groupBy}.`} filters={filters}>
        {(report) => <CancellationsChart report={report} />}
      </ReportSection>
      <ReportSection name="top-customers" title="Top customers" about="The customers who paid the most for bookings played in the period, net of refunds." filters={filters}>
        {(report) => <TopCustomersTable report={report} />}
      </ReportSection>
    </Box>
  );
};
