import { Button, Card, CardContent, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Link } from 'react-admin';
import type { DashboardStats } from '../types.ts';
import { BookingStatus } from '../common/StatusChip.tsx';
import { timeRange } from '../common/format.ts';

/** Today's bookings still to start, each linking to its page. */
export const UpcomingBookings = ({ bookings }: { bookings: DashboardStats['upcoming'] }) => (
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
      {bookings.length === 0 ? (
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
            {bookings.map((b) => (
              <TableRow key={b.id} hover>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Link to={`/bookings/${b.id}/show`}>
                    {timeRange(b.startTime, b.endTime)}
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
);
