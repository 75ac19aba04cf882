import { Alert, Box, LinearProgress, Stack, Typography } from '@mui/material';
import FreeIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import TakenIcon from '@mui/icons-material/DoNotDisturbOnOutlined';
import type { SeriesDatePlan } from '@courtside/contracts';
import { failure, shortDate, timeRange } from '../../common/format.ts';
import { previewSummary } from './quote.ts';
import { brand } from '../../theme.ts';

/** Each date of the series, free or why not, before anything is booked. */
export const SeriesPreview = ({ dates, loading, error, onConflict }: { dates: SeriesDatePlan[] | undefined; loading: boolean; error: unknown; onConflict: 'skip' | 'fail' }) => {
  if (error) return <Alert severity="error">{failure('The dates could not be checked', error)}</Alert>;
  if (!dates) return <LinearProgress aria-label="Checking the dates" />;
  return (
    <Box data-testid="series-preview" sx={{ opacity: loading ? 0.6 : 1 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, mb: 1 }} role="status">
        {previewSummary(dates, onConflict)}
      </Typography>
      <Stack component="ul" aria-label="Dates of the series" spacing={0.5} sx={{ listStyle: 'none', m: 0, p: 0, maxHeight: 220, overflowY: 'auto' }}>
        {dates.map((d) => (
          <Stack component="li" key={d.date} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            {d.free ? <FreeIcon fontSize="small" sx={{ color: brand.free }} aria-hidden /> : <TakenIcon fontSize="small" color="error" aria-hidden />}
            {/* One run of text, so on a phone the reason wraps under the date rather than into a narrow column. */}
            <Typography variant="body2">
              <Box component="span" sx={{ whiteSpace: 'nowrap', mr: 1 }}>
                {shortDate(d.date)} · {timeRange(d.startTime, d.endTime)}
              </Box>
              <Box component="span" sx={{ color: d.free ? 'text.secondary' : 'error.main' }}>
                {d.free ? 'Free' : d.reason}
              </Box>
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
};
