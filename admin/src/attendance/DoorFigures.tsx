import { Card, CardContent, Stack, Typography } from '@mui/material';
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
          <Link to="/today">Today: {checkInsText(data.today.checkedIn, data.today.total)}</Link>
        </Stack>
        {data.noShowRates.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No facility checks bookings in, and no no-shows in the last 30 days.
          </Typography>
        ) : (
          <Stack component="ul" aria-label="No-show rate by facility, last 30 days" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
            <Typography component="li" variant="subtitle2" color="text.secondary">
              No-shows, last 30 days
            </Typography>
            {data.noShowRates.map((r) => (
              <Stack component="li" key={r.facilityId} direction="row" spacing={2} useFlexGap sx={{ justifyContent: 'space-between', flexWrap: 'wrap', minWidth: 0 }}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                  {r.name}
                  {r.checkIn ? '' : ' (check-in off)'}
                </Typography>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {r.text}
                </Typography>
              </Stack>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
};
