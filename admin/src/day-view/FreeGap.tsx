import { useState, type MouseEvent } from 'react';
import { Box, Typography } from '@mui/material';
import type { DayViewFacility } from '../types.ts';
import { brand } from '../theme.ts';
import { clockTime, timeRange } from '../common/format.ts';
import { bookableStarts, offsetOf, PX_PER_MIN, slotUnder, type Span } from './layout.ts';

/** Gaps shorter than this are left without words: no room for them. */
const LABELLED_GAP = 30;

const label = (gap: Span) => `Free ${timeRange(gap.start, gap.end)}`;

/**
 * Free time in a facility's column. Where a slot fits it is a button: a click books the slot
 * under the pointer (outlined as the pointer moves), Enter or Space the gap's first slot.
 */
export const FreeGap = ({ facility, gap, range, onBook }: { facility: DayViewFacility; gap: Span; range: Span; onBook: (start: number) => void }) => {
  const [hover, setHover] = useState<number>();
  const starts = bookableStarts(facility, gap);
  const place = { position: 'absolute', left: 0, right: 0, top: offsetOf(gap.start, range), height: (gap.end - gap.start) * PX_PER_MIN } as const;
  const words = gap.end - gap.start >= LABELLED_GAP && (
    <Typography variant="caption" component="span" sx={{ color: brand.free, fontWeight: 500, display: 'block', px: 1.5, pt: 0.5 }}>
      {label(gap)}
    </Typography>
  );
  if (facility.isDeleted || starts.length === 0) return <Box sx={place}>{words}</Box>;
  const slotAt = (e: MouseEvent<HTMLElement>) => slotUnder(facility, gap, gap.start + (e.clientY - e.currentTarget.getBoundingClientRect().top) / PX_PER_MIN);
  return (
    <Box
      role="button"
      tabIndex={0}
      aria-label={`${label(gap)}: book ${facility.name} from ${clockTime(starts[0]!)}`}
      data-testid="day-free"
      onClick={(e) => onBook(slotAt(e) ?? starts[0]!)}
      onKeyDown={(e) => {
        if (e.key !== 'Enter' && e.key !== ' ') return;
        e.preventDefault();
        onBook(starts[0]!);
      }}
      onMouseMove={(e) => {
        const at = slotAt(e);
        if (at !== hover) setHover(at);
      }}
      onMouseLeave={() => setHover(undefined)}
      sx={{ ...place, cursor: 'pointer', '&:focus-visible': { outline: `2px solid ${brand.main}`, outlineOffset: -3 } }}
    >
      {words}
      {hover !== undefined && (
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            left: 4,
            right: 4,
            top: (hover - gap.start) * PX_PER_MIN + 2,
            height: facility.slotMinutes * PX_PER_MIN - 4,
            border: `1px dashed ${brand.main}`,
            borderRadius: 1,
            bgcolor: 'rgba(227, 241, 232, 0.85)',
            px: 1,
            py: 0.25,
            pointerEvents: 'none',
          }}
        >
          <Typography variant="caption" sx={{ color: brand.dark, fontWeight: 600 }}>
            + Book {clockTime(hover)}
          </Typography>
        </Box>
      )}
    </Box>
  );
};
