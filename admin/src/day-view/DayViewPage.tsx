import { Alert, Box, Chip, IconButton, Skeleton, Stack, Tooltip, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { ScreenTitle } from '../common/ScreenTitle.tsx';
import { countOf, longDate } from '../common/format.ts';
import { DayGrid } from './DayGrid.tsx';
import { DayPicker } from './DayPicker.tsx';
import { Legend } from './Legend.tsx';
import { useDayView } from './useDayView.ts';

/** The front desk's day: facilities side by side against the hours, every booking in place. */
export const DayViewPage = () => {
  const { date, setDate, today, data, range, total, isPending, error, refetch, isFetching } = useDayView();
  return (
    <Box sx={{ py: 2, width: '100%', minWidth: 0, contain: 'inline-size' }}>
      <ScreenTitle title="Day view" />
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ alignItems: { lg: 'center' }, justifyContent: 'space-between', mb: 2 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <DayPicker date={date} today={today} onChange={setDate} />
          <Box>
            <Typography variant="h6" component="h2" sx={{ lineHeight: 1.2 }}>
              {longDate(date)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {data ? `${countOf(total, 'booking')} across ${data.facilities.length} facilities` : ' '}
              {date === today && <Chip size="small" label="Today" color="primary" sx={{ ml: 1, height: 20 }} />}
            </Typography>
          </Box>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Legend />
          <Tooltip title="Refresh">
            <IconButton onClick={() => refetch()} disabled={isFetching} aria-label="Refresh">
              <RefreshIcon />
            </IconButton>
          </Tooltip>
        </Stack>
      </Stack>

      {error ? (
        <Alert severity="error">The day could not be loaded: {error instanceof Error ? error.message : String(error)}</Alert>
      ) : isPending || !data ? (
        <Skeleton variant="rounded" height={480} />
      ) : data.facilities.length === 0 ? (
        <Alert severity="info">There are no facilities yet. Add one to see its day here.</Alert>
      ) : (
        <DayGrid date={date} day={data} range={range} />
      )}
    </Box>
  );
};
