import { Card, CardContent, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Link } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { checkInsText } from './attendance-text.ts';
import { getAttendanceSummary } from './attendance-api.ts';

/** The dashboard's door figures: today's check-ins, and the no-show rate by facility over the last 30 days. */
export const DoorFigures = () => {
  const { data } = useQuery({ queryKey: ['courtside', 'attendance-summary'], queryFn: getAttendanceSummary, refetchInterval: 60_000 });
  if (!data) return null;
  return (
    <Card variant="outlined" sx={{ mt: 2 }} data-testid="door-figures">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'baseline' } }}>
          <Typography variant="h6" component="h2">
            At the door
          </Typography>
          <Link to="/today">Today's check-ins: {checkInsText(data.today.checkedIn, data.today.total)}</Link>
        </Stack>
        {data.noShowRates.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No facility checks bookings in, and no no-shows in the last 30 days.
          </Typography>
        ) : (
          <Table size="small" aria-label="No-show rate by facility, last 30 days">
            <TableHead>
              <TableRow>
                <TableCell>Facility</TableCell>
                <TableCell>No-shows, last 30 days</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.noShowRates.map((r) => (
                <TableRow key={r.facilityId}>
                  <TableCell>
                    {r.name}
                    {r.checkIn ? '' : ' (check-in off)'}
                  </TableCell>
                  <TableCell>{r.text}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
};
