import { Box, Stack, Tooltip, Typography } from '@mui/material';
import { brand } from '../theme.ts';
import { barHeights, revenueDayText, revenueSummary, weekdayLabel, type RevenueDay } from './figures.ts';

/** A bar per day; one picture for assistive technology, its label the figures the bars (and their tooltips) show. */
export const RevenueBars = ({ days }: { days: RevenueDay[] }) => {
  const heights = barHeights(days);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-end', height: 96, mt: 2 }} role="img" aria-label={revenueSummary(days)}>
      {days.map((d, i) => (
        <Tooltip key={d.date} title={revenueDayText(d)}>
          <Stack spacing={0.5} sx={{ alignItems: 'center', flex: 1, height: '100%', justifyContent: 'flex-end' }}>
            <Box sx={{ width: '100%', maxWidth: 28, height: `${heights[i]}px`, bgcolor: d.amount ? brand.main : brand.line, borderRadius: '4px 4px 0 0' }} />
            <Typography variant="caption" color="text.secondary" sx={{ fontSize: 11 }}>
              {weekdayLabel(d.date)}
            </Typography>
          </Stack>
        </Tooltip>
      ))}
    </Stack>
  );
};
