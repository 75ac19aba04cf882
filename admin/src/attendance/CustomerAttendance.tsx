import { useState } from 'react';
import { Alert, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useNotify } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { blockedText, noShowCountText } from '@courtside/domain';
import { venueLocale } from '@courtside/browser';
import { failure } from '../common/format.ts';
import { useCan } from '../common/useCan.ts';
import { attendanceQueryKey, getCustomerAttendance, liftBookingBlock } from './attendance-api.ts';

const viewersZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** On a customer's page: their no-shows within the window, and a block with the button that lifts it. */
export const CustomerAttendance = ({ userId }: { userId: string }) => {
  const key = attendanceQueryKey(userId);
  const { data } = useQuery({ queryKey: key, queryFn: () => getCustomerAttendance(userId) });
  const queries = useQueryClient();
  const notify = useNotify();
  const mayLift = useCan('users', 'lift-block');
  const [busy, setBusy] = useState(false);
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Attendance
        </Typography>
        {!data ? (
          <Typography variant="body2" color="text.secondary">
            Loading…
          </Typography>
        ) : (
          <Stack spacing={1}>
            <Typography variant="body2" data-testid="no-show-count">
              {noShowCountText(data.noShows, data.windowDays)}
              {data.limit > 0 ? ` (online booking stops at ${data.limit})` : ''}
            </Typography>
            {data.blockedUntil && (
              <Alert
                severity="warning"
                action={
                  mayLift && (
                    <Button
                      color="inherit"
                      size="small"
                      disabled={busy}
                      onClick={async () => {
                        setBusy(true);
                        try {
                          queries.setQueryData(key, await liftBookingBlock(userId));
                          notify('Block lifted: the customer can book online again', { type: 'success' });
                        } catch (error) {
                          notify(failure('Lifting the block failed', error), { type: 'error' });
                        } finally {
                          setBusy(false);
                        }
                      }}
                    >
                      Lift block
                    </Button>
                  )
                }
              >
                {blockedText(new Date(data.blockedUntil), viewersZone(), venueLocale())}
              </Alert>
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
};
