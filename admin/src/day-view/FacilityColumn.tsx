import { Box, Typography } from '@mui/material';
import { formatTime } from '@courtside/domain';
import type { DayViewFacility } from '../types.ts';
import { brand } from '../theme.ts';
import { closedSpans, COLUMN_WIDTH, freeGaps, offsetOf, PX_PER_MIN, type Span } from './layout.ts';
import { closedLook } from './look.ts';
import { BookingBlock } from './BookingBlock.tsx';

/** Gaps shorter than this are left blank: no room for the words. */
const LABELLED_GAP = 30;

/** A facility's day against the hours: closed time hatched, free time labelled, bookings in place. */
export const FacilityColumn = ({ facility, range, onOpen }: { facility: DayViewFacility; range: Span; onOpen: (id: string) => void }) => (
  <Box
    sx={{
      position: 'relative',
      width: COLUMN_WIDTH,
      minWidth: COLUMN_WIDTH,
      height: (range.end - range.start) * PX_PER_MIN,
      borderRight: `1px solid ${brand.line}`,
      backgroundColor: '#fff',
      // a line at every hour
      backgroundImage: `repeating-linear-gradient(to bottom, ${brand.line} 0 1px, transparent 1px ${60 * PX_PER_MIN}px)`,
    }}
    data-testid="day-column"
  >
    {closedSpans(facility, range).map((s) => (
      <Box key={s.start} sx={{ position: 'absolute', left: 0, right: 0, top: offsetOf(s.start, range), height: (s.end - s.start) * PX_PER_MIN, ...closedLook }} />
    ))}
    {freeGaps(facility).map((g) => (
      <Box
        key={`free-${g.start}`}
        sx={{ position: 'absolute', left: 4, right: 4, top: offsetOf(g.start, range) + 2, height: (g.end - g.start) * PX_PER_MIN - 4, display: 'flex', alignItems: 'flex-start', px: 1, py: 0.25 }}
      >
        {g.end - g.start >= LABELLED_GAP && (
          <Typography variant="caption" sx={{ color: brand.free, fontWeight: 500 }}>
            Free {formatTime(g.start)}–{formatTime(g.end)}
          </Typography>
        )}
      </Box>
    ))}
    {facility.bookings.map((b) => (
      <BookingBlock key={b.id} booking={b} range={range} onOpen={() => onOpen(b.id)} />
    ))}
  </Box>
);
