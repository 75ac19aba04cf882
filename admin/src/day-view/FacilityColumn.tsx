import { Box, Typography } from '@mui/material';
import type { DayViewBooking, DayViewFacility } from '../types.ts';
import { brand } from '../theme.ts';
import { timeRange } from '../common/format.ts';
import { closedSpans, COLUMN_WIDTH, freeGaps, linkedBlocks, offsetOf, PX_PER_MIN, waitingMarks, type Span } from './layout.ts';
import { closedLook } from './look.ts';
import { BookingBlock } from './BookingBlock.tsx';
import { ClosureBlock } from './ClosureBlock.tsx';
import { FreeGap } from './FreeGap.tsx';
import { LinkedBlock } from './LinkedBlock.tsx';
import { WaitingMark } from './WaitingMark.tsx';
import type { GridMove } from './useGridMove.ts';

export interface ColumnActions {
  /** A booking's actions, over the block. */
  open: (booking: DayViewBooking, facility: DayViewFacility, anchor: HTMLElement) => void;
  /** Book this facility from a minute of the day (a free slot clicked). */
  book: (facility: DayViewFacility, start: number) => void;
  move: GridMove;
}

/** Where a dragged booking would land, outlined; "Moving…" while the server is asked. */
const DropOutline = ({ target, range, moving }: { target: Span; range: Span; moving: boolean }) => (
  <Box
    data-testid="day-drop-target"
    sx={{
      position: 'absolute',
      left: 4,
      right: 4,
      top: offsetOf(target.start, range) + 1,
      height: (target.end - target.start) * PX_PER_MIN - 2,
      border: `2px dashed ${brand.dark}`,
      borderRadius: 1,
      bgcolor: 'rgba(227, 241, 232, 0.7)',
      px: 1,
      zIndex: 3,
      pointerEvents: 'none',
    }}
  >
    <Typography variant="caption" sx={{ fontWeight: 700, color: brand.dark }}>
      {moving ? 'Moving…' : `Move here ${timeRange(target.start, target.end)}`}
    </Typography>
  </Box>
);

/**
 * A facility's day against the hours: time it is not open hatched, closures drawn with their
 * reason, time a linked facility holds in grey, free time to book, bookings in place, times
 * customers wait for marked. Bookings can be
 * dropped here from any column.
 */
export const FacilityColumn = ({ facility, date, range, actions }: { facility: DayViewFacility; date: string; range: Span; actions: ColumnActions }) => {
  const { move } = actions;
  const minuteAt = (e: { clientY: number; currentTarget: HTMLElement }) => range.start + (e.clientY - e.currentTarget.getBoundingClientRect().top) / PX_PER_MIN;
  const target = move.target?.facilityId === facility.id ? move.target : undefined;
  return (
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
      data-facility={facility.name}
      onDragOver={(e) => {
        if (move.over(facility, minuteAt(e))) {
          e.preventDefault();
          e.dataTransfer.dropEffect = 'move';
        }
      }}
      onDrop={(e) => {
        e.preventDefault();
        void move.drop(facility, minuteAt(e));
      }}
    >
      {closedSpans(facility, range).map((s) => (
        <Box key={s.start} sx={{ position: 'absolute', left: 0, right: 0, top: offsetOf(s.start, range), height: (s.end - s.start) * PX_PER_MIN, ...closedLook }} />
      ))}
      {freeGaps(facility).map((g) => (
        <FreeGap key={`free-${g.start}`} facility={facility} gap={g} range={range} onBook={(start) => actions.book(facility, start)} />
      ))}
      {linkedBlocks(facility, range).map((b) => (
        <LinkedBlock key={`linked-${b.start}`} block={b} range={range} />
      ))}
      {facility.closures.map((c) => (
        <ClosureBlock key={c.id} closure={c} range={range} />
      ))}
      {facility.bookings.map((b) => (
        <BookingBlock key={b.id} booking={b} range={range} onOpen={(anchor) => actions.open(b, facility, anchor)} onGrab={(grab) => move.start(b, facility.id, grab)} onRelease={move.end} />
      ))}
      {waitingMarks(facility, range).map((m) => (
        <WaitingMark key={`waiting-${m.startTime}-${m.endTime}`} mark={m} range={range} facility={facility} date={date} />
      ))}
      {target && <DropOutline target={target} range={range} moving={move.moving} />}
    </Box>
  );
};
