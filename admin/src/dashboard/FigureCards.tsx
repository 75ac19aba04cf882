import type { ReactNode } from 'react';
import { lighten } from '@mui/material/styles';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { Placeholder } from '../common/Placeholder.tsx';
import type { DashboardStats } from '../types.ts';
import { countOf, hoursText, money } from '../common/format.ts';
import { StatCard } from './StatCard.tsx';
import { RevenueBars } from './RevenueBars.tsx';
import { occupancyBarValue, occupancyPercent } from './figures.ts';

/** Three cards side by side from medium screens up, stacked on a phone. */
const CardRow = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>{children}</Box>
);

/**
 * Today's occupancy as a bar, drawn as MUI's determinate LinearProgress (primary colour on its
 * light track) with the same progressbar role and name; its own component brings animation code
 * the dashboard does not use.
 */
const OccupancyBar = ({ value }: { value: number }) => (
  <Box
    role="progressbar"
    aria-label="Occupancy today"
    aria-valuenow={Math.round(value)}
    aria-valuemin={0}
    aria-valuemax={100}
    sx={{ position: 'relative', overflow: 'hidden', height: 8, borderRadius: 4, my: 1.5, bgcolor: (theme) => lighten(theme.palette.primary.main, 0.62) }}
  >
    <Box sx={{ position: 'absolute', inset: 0, bgcolor: 'primary.main', transformOrigin: 'left', transform: `scaleX(${value / 100})`, transition: 'transform .4s linear' }} />
  </Box>
);

export const FigureCardsLoading = () => (
  <CardRow>
    {[0, 1, 2].map((i) => (
      <Placeholder key={i} height={180} />
    ))}
  </CardRow>
);

/** Today's bookings, today's occupancy and the last week's revenue. */
export const FigureCards = ({ stats }: { stats: DashboardStats }) => (
  <CardRow>
    <StatCard label="Today's bookings" value={stats.todayBookings.total}>
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Chip size="small" color="success" label={`${stats.todayBookings.confirmed} confirmed`} />
        <Chip size="small" color="warning" variant="outlined" label={`${stats.todayBookings.pending} held`} />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        {money(stats.todayBookings.amount)} booked for today
      </Typography>
    </StatCard>
    <StatCard label="Occupancy today" value={occupancyPercent(stats.occupancy.rate)}>
      <OccupancyBar value={occupancyBarValue(stats.occupancy.rate)} />
      <Typography variant="body2" color="text.secondary">
        {hoursText(stats.occupancy.bookedMinutes)} booked of {hoursText(stats.occupancy.openMinutes)} open
      </Typography>
    </StatCard>
    <StatCard label="Revenue, last 7 days" value={money(stats.revenue.total)}>
      <Typography variant="body2" color="text.secondary">
        {countOf(stats.revenue.bookings, 'paid booking')} played
      </Typography>
      <RevenueBars days={stats.revenue.days} />
    </StatCard>
  </CardRow>
);
