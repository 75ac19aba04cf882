import { Box, Tooltip } from '@mui/material';
import { Link } from 'react-admin';
import { timeRange } from '../common/format.ts';
import { srOnly } from '../common/ScreenReaderText.tsx';
import { waitlistAt } from '../waitlist/links.ts';
import { PX_PER_MIN, WAITING_BADGE_HEIGHT, offsetOf, type Span, type WaitingMark as Mark } from './layout.ts';
import { waitingLook } from './look.ts';

/**
 * A time customers wait for, in its facility's column: a line down the column's edge for its
 * span and a "2 waiting" badge that opens the Waitlist at that facility and day. Its name is the
 * words it shows, then the time and the facility for screen readers.
 */
export const WaitingMark = ({ mark, range, facility, date }: { mark: Mark; range: Span; facility: { id: string; name: string }; date: string }) => {
  const times = timeRange(mark.startTime, mark.endTime);
  return (
    <>
      <Box aria-hidden sx={{ position: 'absolute', right: 0, width: 3, top: offsetOf(mark.start, range), height: (mark.end - mark.start) * PX_PER_MIN, bgcolor: waitingLook.bgcolor, zIndex: 2, pointerEvents: 'none' }} />
      <Tooltip describeChild title={`${mark.count === 1 ? '1 customer waits' : `${mark.count} customers wait`} for ${times}: open the waitlist`}>
        <Box
          component={Link}
          to={waitlistAt(facility.id, date)}
          data-testid="day-waiting"
          sx={{
            position: 'absolute',
            right: 6,
            top: mark.badgeTop,
            height: WAITING_BADGE_HEIGHT,
            px: 0.75,
            borderRadius: 1,
            fontSize: 11,
            fontWeight: 700,
            lineHeight: `${WAITING_BADGE_HEIGHT}px`,
            whiteSpace: 'nowrap',
            textDecoration: 'none',
            zIndex: 3,
            ...waitingLook,
            '&:hover': { textDecoration: 'underline' },
            '&:focus-visible': { outline: `2px solid ${waitingLook.bgcolor}`, outlineOffset: 2 },
          }}
        >
          {mark.count} waiting
          <Box component="span" sx={srOnly}>
            {` for ${times} at ${facility.name}`}
          </Box>
        </Box>
      </Tooltip>
    </>
  );
};
