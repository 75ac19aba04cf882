import { Box, Typography } from '@mui/material';
import { brand } from '../theme.ts';
import { timeRange } from '../common/format.ts';
import { srOnly } from '../common/ScreenReaderText.tsx';
import type { DayViewLinked } from '../types.ts';
import { linkedText } from './booking-text.ts';
import { offsetOf, PX_PER_MIN, type LinkedBlock as Block, type Span } from './layout.ts';
import { linkedLook } from './look.ts';

/** "Half A booked 12:00–13:00: not for sale here": why staff cannot sell this time in this column. */
const linkedTitle = (item: DayViewLinked) => `${linkedText(item)}: not for sale here`;

/**
 * Time taken on a linked facility (the whole pitch, or one of its halves), in this facility's
 * column: grey, with the cause and its time; nothing to click, since the booking or closure
 * belongs to the other column. Overlapping causes share one block, one line each.
 */
export const LinkedBlock = ({ block, range }: { block: Block; range: Span }) => (
  <Box
    data-testid="day-linked-block"
    title={block.items.map(linkedTitle).join('\n')}
    sx={{
      position: 'absolute',
      top: offsetOf(block.start, range),
      height: (block.end - block.start) * PX_PER_MIN,
      left: 0,
      right: 0,
      px: 1,
      py: 0.5,
      overflow: 'hidden',
      zIndex: 1,
      color: brand.ink,
      ...linkedLook,
    }}
  >
    {block.items.map((item, i) => (
      <Box key={`${item.facilityId}-${i}`} sx={{ mb: 0.25 }}>
        {/* Caption size: a part's long name ("Meadow Lane Pitch, Half A booked") and its time fit an hour's height. */}
        <Typography variant="caption" component="div" sx={{ fontWeight: 700, lineHeight: 1.2 }}>
          {item.label}
        </Typography>
        <Typography variant="caption" component="div" sx={{ lineHeight: 1.2, color: brand.muted }}>
          {timeRange(item.startTime, item.endTime)}
          <Box component="span" sx={srOnly}>
            : not for sale here
          </Box>
        </Typography>
      </Box>
    ))}
  </Box>
);
