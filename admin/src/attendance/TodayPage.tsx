import { Box, Chip, Paper, Skeleton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Link } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import type { DeskBookingDto } from '@courtside/contracts';
import { ScreenTitle } from '../common/ScreenTitle.tsx';
import { longDate, timeRange } from '../common/format.ts';
import { useIsPhone } from '../common/useIsPhone.ts';
import { CheckInButton } from './CheckInButton.tsx';
import { attendanceLine, checkInTime, checkInsText } from './attendance-text.ts';
import { getToday, todayQueryKey } from './attendance-api.ts';

const tone = { pending: 'default', checked_in: 'success', no_show: 'warning' } as const;

const at = checkInTime;

const Attendance = ({ b }: { b: DeskBookingDto }) => (
  <Chip size="small" color={tone[b.attendance]} variant={b.attendance === 'pending' ? 'outlined' : 'filled'} label={attendanceLine(b, at)} data-testid="today-attendance" />
);

const action = (b: DeskBookingDto) => <CheckInButton booking={{ id: b.id, status: 'confirmed', attendance: b.attendance, customerName: b.customer.name }} />;

/** The front desk's Today list: the day's confirmed bookings in start order, each checked in (or undone) with one click. */
export const TodayPage = () => {
  const phone = useIsPhone();
  const { data, isPending, error } = useQuery({ queryKey: todayQueryKey, queryFn: () => getToday(), refetchInterval: 30_000 });
  return (
    <Box sx={{ py: 2 }}>
      <ScreenTitle title="Today" />
      <Typography variant="h5" component="h2">
        Today at the desk
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="today-summary">
        {data ? `${longDate(data.date)} · ${checkInsText(data.checkedIn, data.total)}` : ' '}
      </Typography>
      {error ? (
        <Typography color="error">Today's bookings could not be loaded: {error instanceof Error ? error.message : String(error)}</Typography>
      ) : isPending || !data ? (
        <Skeleton variant="rounded" height={160} />
      ) : data.bookings.length === 0 ? (
        <Typography>No confirmed bookings today.</Typography>
      ) : phone ? (
        <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Today's bookings">
          {data.bookings.map((b) => (
            <Paper component="li" key={b.id} variant="outlined" sx={{ p: 1.5 }} data-testid="today-booking">
              <Typography sx={{ fontWeight: 700 }}>
                {timeRange(b.startTime, b.endTime)} · {b.facility.name}
              </Typography>
              <Link to={`/bookings/${b.id}/show`}>{b.customer.name}</Link>
              <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Attendance b={b} />
                {action(b)}
              </Stack>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Paper variant="outlined">
          <Table size="small" aria-label="Today's bookings">
            <TableHead>
              <TableRow>
                <TableCell>Time</TableCell>
                <TableCell>Facility</TableCell>
                <TableCell>Customer</TableCell>
                <TableCell>Attendance</TableCell>
                <TableCell align="right">Action</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.bookings.map((b) => (
                <TableRow key={b.id} data-testid="today-booking">
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{timeRange(b.startTime, b.endTime)}</TableCell>
                  <TableCell>{b.facility.name}</TableCell>
                  <TableCell>
                    <Link to={`/bookings/${b.id}/show`}>{b.customer.name}</Link>
                  </TableCell>
                  <TableCell>
                    <Attendance b={b} />
                  </TableCell>
                  <TableCell align="right">{action(b)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </Box>
  );
};
