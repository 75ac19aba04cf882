import { Box, Tooltip, Typography } from '@mui/material';
import { parseTime } from '@courtside/domain';
import type { DayViewBooking } from '../types.ts';
import { brand } from '../theme.ts';
import { srOnly } from '../common/ScreenReaderText.tsx';
import { bookingSpan, offsetOf, PX_PER_MIN, type Span } from './layout.ts';
import { bookingLook } from './look.ts';
import { blockLine, bookingDetails } from './booking-text.ts';

/** A block too short for this shows its second line to screen readers only. */
const TWO_LINES = 34;

/**
 * One booking in its facility's column: click, Enter or Space open its actions; the mouse can
 * drag it to another time or facility (`onGrab` says how far below its start it was taken).
 */
export const BookingBlock = ({
  booking,
  range,
  onOpen,
  onGrab,
  onRelease,
}: {
  booking: DayViewBooking;
  range: Span;
  onOpen: (anchor: HTMLElement) => void;
  onGrab: (minutesIntoBooking: number) => void;
  onRelease: () => void;
}) => {
  const { start, end } = bookingSpan(booking, range);
  const height = (end - start) * PX_PER_MIN;
  return (
    // describeChild: the tooltip's details describe the block; its name stays the text it shows.
    <Tooltip describeChild title={bookingDetails(booking)}>
      <Box
        role="button"
        tabIndex={0}
        aria-haspopup="dialog"
        data-testid="day-booking"
        draggable
        onDragStart={(e) => {
          e.dataTransfer.effectAllowed = 'move';
          e.dataTransfer.setData('text/plain', booking.id);
          const clipped = start - parseTime(booking.startTime);
          onGrab(clipped + (e.clientY - e.currentTarget.getBoundingClientRect().top) / PX_PER_MIN);
        }}
        onDragEnd={onRelease}
        onClick={(e) => onOpen(e.currentTarget)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter' && e.key !== ' ') return;
          e.preventDefault();
          onOpen(e.currentTarget);
        }}
        sx={{
          position: 'absolute',
          top: offsetOf(start, range) + 1,
          height: height - 2,
          left: 4,
          right: 4,
          px: 1,
          py: 0.5,
          overflow: 'hidden',
          cursor: 'grab',
          borderRadius: 1,
          ...bookingLook(booking.status),
          boxShadow: '0 1px 2px rgba(27,36,48,0.08)',
          '&:hover, &:focus-visible': { boxShadow: '0 2px 8px rgba(27,36,48,0.18)', zIndex: 2 },
          '&:focus-visible': { outline: `2px solid ${brand.dark}`, outlineOffset: 1 },
        }}
      >
        {/* The button's name is what it shows (who, when, state); a block too short for the second line still says it. */}
        <Typography variant="body2" sx={{ fontWeight: 600, lineHeight: 1.25 }} noWrap>
          {booking.customer.name}
        </Typography>{' '}
        <Typography variant="caption" sx={height >= TWO_LINES ? { display: 'block', lineHeight: 1.3, color: 'text.secondary' } : srOnly} noWrap>
          {blockLine(booking)}
        </Typography>
      </Box>
    </Tooltip>
  );
};
