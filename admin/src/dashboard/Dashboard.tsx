import type { ReactNode } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, Grid, LinearProgress, Skeleton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import EventIcon from '@mui/icons-material/EventNoteOutlined';
import ViewWeekIcon from '@mui/icons-material/ViewWeekOutlined';
import AddIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import FlagIcon from '@mui/icons-material/Flag';
import { Link, Title, useDataProvider, useGetList } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import type { CourtsideDataProvider } from '../dataProvider.ts';
import { hoursText, longDate, money, shortDate } from '../common/format.ts';
import { BookingStatus } from '../common/StatusChip.tsx';
import { brand } from '../theme.ts';
import { flaggedPayments } from '../payments/links.ts';

const StatCard = ({ label, value, children }: { label: string; value: ReactNode; children?: ReactNode }) => (
  <Card sx={{ height: '100%' }}>
    <CardContent sx={{ p: 3 }}>
      <Typography variant="overline" color="text.secondary" sx={{ letterSpacing: 1 }}>
        {label}
      </Typography>
      <Typography variant="h4" component="p" sx={{ fontWeight: 700, my: 0.5 }}>
        {value}
      </Typography>
      {children}
    </CardContent>
  </Card>
);

const RevenueBars = ({ days }: { days: { date: string; amount: number; bookings: number }[] }) => {
  const max = Math.max(1, ...days.map((d) => d.amount));
  // One picture for assistive technology, its label the figures the bars (and their tooltips) show.
  const summary = `Revenue per day: ${days.map((d) => `${shortDate(d.date)} ${money(d.amount)}`).join(', ')}`;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-end', height: 96, mt: 2 }} role="img" aria-label={summary}>
      {days.map((d) => (
        <Tooltip key={d.date} title={`${shortDate(d.date)}: ${money(d.amount)} (${d.bookings} booking${d.bookings === 1 ? '' : 's'})`}>
          <Stack spacing={0.5} sx={{ alignItems: 'center', flex: 1, height: '100%', justifyContent: 'flex-end' }}>
            <Box sx={{ width: '100%', maxWidth: 28, height: `${Math.max(3, (d.amount / max) * 64)}px`, bgcolor: d.amount ? brand.main : brand.line, borderRadius: '4px 4px 0 0' }} />
            <Typography variant="caption" color="text.secondary" sx={{ fontSize: 11 }}>
              {shortDate(d.date).split(',')[0]}
            </Typography>
          </Stack>
        </Tooltip>
      ))}
    </Stack>
  );
};

/**
 * Orders the server flagged for a person to look at (paid after the slot went to someone
 * else, say): a banner over the figures, shown only while some are not marked resolved.
 */
const FlaggedPaymentsNotice = () => {
  const { total } = useGetList('payments', { filter: { flagged: true }, pagination: { page: 1, perPage: 1 }, sort: { field: 'createdAt', order: 'DESC' } });
  if (!total) return null;
  return (
    <Alert
      severity="warning"
      icon={<FlagIcon />}
      sx={{ mb: 2, alignItems: 'center' }}
      action={
        <Button color="inherit" size="small" component={Link} to={flaggedPayments}>
          Review {total === 1 ? 'it' : 'them'}
        </Button>
      }
    >
      {total === 1 ? '1 payment is' : `${total} payments are`} flagged for staff.
    </Alert>
  );
};

export const Dashboard = () => {
  const dataProvider = useDataProvider<CourtsideDataProvider>();
  const { data, isPending, error } = useQuery({ queryKey: ['courtside', 'stats'], queryFn: () => dataProvider.getStats(), refetchInterval: 60_000 });

  return (
    <Box sx={{ py: 2 }}>
      <Title title="Dashboard" />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between', mb: 3 }}>
        <Box>
          <Typography variant="h5" component="h2">
            Today at Courtside
          </Typography>
          <Typography color="text.secondary">{data ? `${longDate(data.today)} · ${data.facilities} facilities open for booking` : ' '}</Typography>
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="contained" component={Link} to="/day-view" startIcon={<ViewWeekIcon />}>
            Open day view
          </Button>
          <Button variant="outlined" component={Link} to="/bookings" startIcon={<EventIcon />}>
            Bookings
          </Button>
          <Button variant="outlined" component={Link} to="/facilities/create" startIcon={<AddIcon />}>
            Add facility
          </Button>
        </Stack>
      </Stack>

      <FlaggedPaymentsNotice />
      {error ? (
        <Typography color="error">The figures could not be loaded: {error instanceof Error ? error.message : String(error)}</Typography>
      ) : isPending || !data ? (
        <Grid container spacing={2}>
          {[0, 1, 2].map((i) => (
            <Grid key={i} size={{ xs: 12, md: 4 }}>
              <Skeleton variant="rounded" height={180} />
            </Grid>
          ))}
        </Grid>
      ) : (
        <>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 4 }}>
              <StatCard label="Today's bookings" value={data.todayBookings.total}>
                <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                  <Chip size="small" color="success" label={`${data.todayBookings.confirmed} confirmed`} />
                  <Chip size="small" color="warning" variant="outlined" label={`${data.todayBookings.pending} held`} />
                </Stack>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
                  {money(data.todayBookings.amount)} booked for today
                </Typography>
              </StatCard>
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <StatCard label="Occupancy today" value={`${Math.round(data.occupancy.rate * 100)}%`}>
                <LinearProgress variant="determinate" value={Math.min(100, data.occupancy.rate * 100)} aria-label="Occupancy today" sx={{ height: 8, borderRadius: 4, my: 1.5 }} />
                <Typography variant="body2" color="text.secondary">
                  {hoursText(data.occupancy.bookedMinutes)} booked of {hoursText(data.occupancy.openMinutes)} open
                </Typography>
              </StatCard>
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <StatCard label="Revenue, last 7 days" value={money(data.revenue.total)}>
                <Typography variant="body2" color="text.secondary">
                  {data.revenue.bookings} paid booking{data.revenue.bookings === 1 ? '' : 's'} played
                </Typography>
                <RevenueBars days={data.revenue.days} />
              </StatCard>
            </Grid>
          </Grid>

          <Card sx={{ mt: 2 }}>
            <CardContent sx={{ p: 3 }}>
              <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
                <Typography variant="h6" component="h2">
                  Coming up today
                </Typography>
                <Button size="small" component={Link} to="/day-view">
                  See the whole day
                </Button>
              </Stack>
              {data.upcoming.length === 0 ? (
                <Typography color="text.secondary" sx={{ py: 2 }}>
                  No more bookings today.
                </Typography>
              ) : (
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell>Time</TableCell>
                      <TableCell>Facility</TableCell>
                      <TableCell>Customer</TableCell>
                      <TableCell>Status</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.upcoming.map((b) => (
                      <TableRow key={b.id} hover>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          <Link to={`/bookings/${b.id}/show`}>
                            {b.startTime}–{b.endTime}
                          </Link>
                        </TableCell>
                        <TableCell>{b.facility}</TableCell>
                        <TableCell>{b.customer}</TableCell>
                        <TableCell>
                          <BookingStatus value={b.status} />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </CardContent>
          </Card>
        </>
      )}
    </Box>
  );
};
