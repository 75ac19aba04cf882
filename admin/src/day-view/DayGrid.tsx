import { Box, Card, Typography } from '@mui/material';
import type { DayView } from '../types.ts';
import { clockTime, longDate } from '../common/format.ts';
import { brand } from '../theme.ts';
import { AXIS_WIDTH, HEADER_HEIGHT, hourMarks, offsetOf, PX_PER_MIN, type Span } from './layout.ts';
import { ColumnHeader } from './ColumnHeader.tsx';
import { FacilityColumn, type ColumnActions } from './FacilityColumn.tsx';

const axisBackground = '#fafbfc';

/** The hours down the left, kept in view while the grid scrolls sideways. */
const HoursAxis = ({ range }: { range: Span }) => (
  <Box sx={{ position: 'sticky', left: 0, zIndex: 3, bgcolor: axisBackground, borderRight: `1px solid ${brand.line}` }}>
    <Box sx={{ height: HEADER_HEIGHT, width: AXIS_WIDTH, position: 'sticky', top: 0, zIndex: 4, bgcolor: axisBackground, borderBottom: `1px solid ${brand.line}` }} />
    <Box sx={{ position: 'relative', width: AXIS_WIDTH, height: (range.end - range.start) * PX_PER_MIN }}>
      {hourMarks(range).map((m) => (
        <Typography key={m} variant="caption" color="text.secondary" sx={{ position: 'absolute', top: offsetOf(m, range) + 2, right: 6, whiteSpace: 'nowrap' }}>
          {clockTime(m)}
        </Typography>
      ))}
    </Box>
  </Box>
);

/** Facilities side by side against the hours: a booking opens its actions or is dragged elsewhere, free time books. */
export const DayGrid = ({ date, day, range, actions }: { date: string; day: DayView; range: Span; actions: ColumnActions }) => (
  <Card sx={{ overflow: 'hidden', width: '100%', contain: 'inline-size' }}>
    {/* It scrolls both ways, so keyboard users can focus it and scroll with the arrow keys. */}
    <Box
      tabIndex={0}
      role="region"
      aria-label={`Bookings on ${longDate(date)}, by facility and hour`}
      sx={{ overflow: 'auto', maxHeight: 'calc(100vh - 230px)', position: 'relative', '&:focus-visible': { outline: `2px solid ${brand.main}`, outlineOffset: -2 } }}
      data-testid="day-grid"
    >
      <Box sx={{ display: 'flex', width: 'max-content', minWidth: '100%' }}>
        <HoursAxis range={range} />
        <Box sx={{ position: 'relative' }}>
          <Box sx={{ display: 'flex', position: 'sticky', top: 0, zIndex: 2 }}>
            {day.facilities.map((f) => (
              <ColumnHeader key={f.id} facility={f} />
            ))}
          </Box>
          {/* Its own stacking layer, so nothing in a column (a hovered booking, a drop outline) draws over the sticky header. */}
          <Box sx={{ display: 'flex', position: 'relative', zIndex: 1 }}>
            {day.facilities.map((f) => (
              <FacilityColumn key={f.id} facility={f} date={date} range={range} actions={actions} />
            ))}
          </Box>
        </Box>
      </Box>
    </Box>
  </Card>
);
