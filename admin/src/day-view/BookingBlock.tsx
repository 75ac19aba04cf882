import { Box, Tooltip, Typography } from '@mui/material';
import { parseTime } from '@courtside/domain';
import type { DayViewBooking } from '../types.ts';
import { brand } from '../theme.ts';
import { bookingSpan, offsetOf, PX_PER_MIN, type Span } from './layout.ts';
import { bookingLook, tagLook } from './look.ts';
import { blockSpoken, blockTag, blockTime, bookingDetails } from './booking-text.ts';
import { srOnly } from '../common/ScreenReaderText.tsx';
import { useDeskCash } from './desk-cash.ts';
import { attendanceMark } from '../attendance/attendance-text.ts';

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
  const cash = useDeskCash(booking.id).amount;
  const tag = blockTag(booking, cash);
  const mark = attendanceMark(booking.attendance);
  // Too short for two lines of text (a 15- or 30-minute block): one line, tight to the edges.
  const oneLine = height < TWO_LINES;
  // A 15-minute block is 13 px tall: smaller type, so the name and the state still read whole.
  const tiny = height < 20;
  return (
    // describeChild: the tooltip's details describe the block; its name stays the text it shows.
    <Tooltip describeChild title={bookingDetails(booking)}>
      <Box
        role="button"
        tabIndex={0}
        aria-haspopup="dialog"
        data-testid="day-booking"
        data-payment={tag.tone}
        data-attendance={booking.attendance}
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
          py: oneLine ? 0 : 0.5,
          overflow: 'hidden',
          cursor: 'grab',
          borderRadius: 1,
          ...bookingLook(booking),
          boxShadow: '0 1px 2px rgba(27,36,48,0.08)',
          '&:hover, &:focus-visible': { boxShadow: '0 2px 8px rgba(27,36,48,0.18)', zIndex: 2 },
          '&:focus-visible': { outline: `2px solid ${brand.dark}`, outlineOffset: 1 },
        }}
      >
        {/* Read in DOM order ("Ann Lee 10:00–11:00 · Confirmed · Paid", its name), laid out by the grid: name and
            tag on the first line, the time under them. The tag never shrinks: a narrow block cuts the name, never the state. */}
        <Box sx={{ display: 'grid', gridTemplateColumns: mark ? 'minmax(0, 1fr) auto auto' : 'minmax(0, 1fr) auto', gridTemplateAreas: mark ? '"name mark tag" "time time time"' : '"name tag" "time time"', columnGap: 0.5, alignItems: 'center', height: oneLine ? '100%' : undefined }}>
          <Typography variant="body2" sx={{ gridArea: 'name', fontWeight: 600, lineHeight: tiny ? 1 : 1.25, fontSize: tiny ? 11 : undefined }} noWrap>
            {booking.customer.name}
          </Typography>{' '}
          <Typography variant="caption" sx={oneLine ? srOnly : { gridArea: 'time', display: 'block', lineHeight: 1.3, color: 'text.secondary' }} noWrap>
            {blockTime(booking)}
          </Typography>
          <Box component="span" sx={srOnly}>
            {blockSpoken(booking, cash)}
          </Box>
          {mark && (
            <Box
              component="span"
              data-testid="attendance-mark"
              aria-label={booking.attendance === 'checked_in' ? 'Checked in' : 'No-show'}
              sx={{ gridArea: 'mark', px: 0.5, borderRadius: 0.5, fontSize: 11, fontWeight: 700, lineHeight: tiny ? 1 : '16px', whiteSpace: 'nowrap', ...(booking.attendance === 'checked_in' ? { bgcolor: '#1b7f3b', color: '#fff' } : { bgcolor: '#8a4b00', color: '#fff' }) }}
            >
              {mark}
            </Box>
          )}
          <Box
            component="span"
            data-testid="block-tag"
            sx={{ gridArea: 'tag', px: 0.5, borderRadius: 0.5, fontSize: 11, fontWeight: 700, lineHeight: tiny ? 1 : '16px', whiteSpace: 'nowrap', ...tagLook[tag.tone] }}
          >
            {tag.label}
          </Box>
        </Box>
      </Box>
    </Tooltip>
  );
};
