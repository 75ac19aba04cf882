import { Box, Stack, Typography } from '@mui/material';
import { brand } from '../theme.ts';
import { barHeights, revenueDayText, revenueSummary, weekdayLabel, type RevenueDay } from './figures.ts';

/**
 * A day's figures at the top of its column while the pointer is on it, drawn as MUI's tooltip looks by CSS
 * alone (MUI's Tooltip brings Popper, ~13 KB gzipped, into the dashboard for this). The first
 * and last bars' tips line up with their edge so that they stay inside the card.
 */
const tipPlacement = (i: number, count: number) => (i < 2 ? { left: 0 } : i >= count - 2 ? { right: 0 } : { left: '50%', transform: 'translateX(-50%)' });

/** A bar per day; one picture for assistive technology, its label the figures the bars (and their tips) show. */
export const RevenueBars = ({ days }: { days: RevenueDay[] }) => {
  const heights = barHeights(days);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-end', height: 96, mt: 2 }} role="img" aria-label={revenueSummary(days)}>
      {days.map((d, i) => (
        <Stack key={d.date} spacing={0.5} sx={{ position: 'relative', alignItems: 'center', flex: 1, height: '100%', justifyContent: 'flex-end', '&:hover > .tip': { display: 'block' } }}>
          <Box sx={{ width: '100%', maxWidth: 28, height: `${heights[i]}px`, bgcolor: d.amount ? brand.main : brand.line, borderRadius: '4px 4px 0 0' }} />
          <Typography variant="caption" color="text.secondary" sx={{ fontSize: 11 }}>
            {weekdayLabel(d.date)}
          </Typography>
          <Box
            className="tip"
            sx={{ display: 'none', position: 'absolute', top: 0, ...tipPlacement(i, days.length), zIndex: 'tooltip', pointerEvents: 'none', whiteSpace: 'nowrap', px: 1, py: 0.5, borderRadius: '4px', bgcolor: 'rgba(97, 97, 97, 0.92)', color: '#fff', fontSize: '0.6875rem', fontWeight: 500 }}
          >
            {revenueDayText(d)}
          </Box>
        </Stack>
      ))}
    </Stack>
  );
};
