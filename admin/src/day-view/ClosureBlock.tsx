import { Box, Tooltip, Typography } from '@mui/material';
import { Link } from 'react-admin';
import type { DayViewClosure } from '../types.ts';
import { brand } from '../theme.ts';
import { kindLabel } from '../closures/closure-text.ts';
import { bookingSpan, offsetOf, PX_PER_MIN, type Span } from './layout.ts';
import { closureLook } from './look.ts';
import { timeRange } from '../common/format.ts';
import { useCan } from '../common/useCan.ts';

/** A closure in its facility's column: hatched, with its reason; for a manager it opens the closure (to move or reopen it). */
export const ClosureBlock = ({ closure, range }: { closure: DayViewClosure; range: Span }) => {
  const editable = useCan('closures', 'edit');
  const { start, end } = bookingSpan(closure, range);
  if (end <= start) return null;
  const link = editable ? { component: Link, to: `/closures/${closure.id}` } : {};
  return (
    <Tooltip describeChild title={`${closure.reason}: closed ${timeRange(closure.startTime, closure.endTime)} (${kindLabel(closure.kind)}).${editable ? ' Open it to change or reopen.' : ''}`}>
      <Box
        {...link}
        data-testid="day-closure"
        sx={{
          position: 'absolute',
          top: offsetOf(start, range),
          height: (end - start) * PX_PER_MIN,
          left: 0,
          right: 0,
          px: 1,
          py: 0.5,
          overflow: 'hidden',
          textDecoration: 'none',
          zIndex: 1,
          ...closureLook,
          '&:focus-visible': { outline: `2px solid ${brand.dark}`, outlineOffset: -2 },
        }}
      >
        {/* The reason first (what staff need), then when: the link is named by what it shows. */}
        <Box sx={{ display: 'inline-block', maxWidth: '100%', px: 0.75, py: 0.25, borderRadius: 0.5, bgcolor: 'rgba(255,255,255,0.92)', color: brand.ink }}>
          <Typography variant="body2" sx={{ fontWeight: 700, lineHeight: 1.25 }} noWrap>
            {closure.reason}
          </Typography>{' '}
          <Typography variant="caption" component="div" sx={{ lineHeight: 1.25, color: brand.muted }} noWrap>
            Closed {timeRange(closure.startTime, closure.endTime)} · {kindLabel(closure.kind)}
          </Typography>
        </Box>
      </Box>
    </Tooltip>
  );
};
