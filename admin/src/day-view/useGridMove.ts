import { useRef, useState } from 'react';
import { useNotify } from 'react-admin';
import { formatTime, parseTime } from '@courtside/domain';
import type { SlotChoice } from '../common/slot-times.ts';
import type { DayViewBooking, DayViewFacility } from '../types.ts';
import type { MoveConsent, MoveQuestion } from '../bookings/price-change.ts';
import { useMoveBooking } from '../bookings/useMoveBooking.ts';
import { snapToGrid } from './layout.ts';

/** Where a dragged booking would land: a facility and a span of minutes on its grid. */
export interface DropTarget {
  facilityId: string;
  start: number;
  end: number;
}

interface Dragging {
  booking: DayViewBooking;
  from: string;
  /** Minutes from the booking's start to where it was grabbed, so it lands where the pointer shows it. */
  grab: number;
}

/**
 * Dragging a booking on the day grid to another time or facility row: the target is outlined
 * on the facility's slot grid while it moves, dropping asks the server to move it, and a
 * refusal says why while the booking stays where it was (nothing moves until the server agrees).
 * A drop onto another sport, or one that changes the price, waits for staff to agree (question, agree).
 */
export function useGridMove(date: string) {
  const move = useMoveBooking();
  const notify = useNotify();
  const dragging = useRef<Dragging>(undefined);
  const [target, setTarget] = useState<DropTarget>();
  const [moving, setMoving] = useState(false);
  // A drop the server asks staff about (another sport, another price): where to, the question, and what they agreed to so far.
  const [asked, setAsked] = useState<{ question: MoveQuestion; id: string; to: SlotChoice; facilityName: string; consent: MoveConsent }>();

  const send = async (id: string, to: SlotChoice, facilityName: string, consent: MoveConsent) => {
    setMoving(true);
    const result = await move(id, to, facilityName, consent);
    setMoving(false);
    setTarget(undefined);
    setAsked(!result.ok && result.question ? { question: result.question, id, to, facilityName, consent } : undefined);
    if (!result.ok && !result.question) notify(result.reason, { type: 'error' });
  };

  const landing = (facility: DayViewFacility, minute: number): DropTarget | undefined => {
    const d = dragging.current;
    if (!d || facility.isDeleted || !facility.hours) return undefined;
    const length = parseTime(d.booking.endTime) - parseTime(d.booking.startTime);
    const start = snapToGrid(facility, minute - d.grab);
    return { facilityId: facility.id, start, end: start + length };
  };

  return {
    target,
    moving,
    start: (booking: DayViewBooking, from: string, grab: number) => {
      dragging.current = { booking, from, grab };
    },
    /** Over a column at a minute of the day: true when a drop there is a move (the browser is told to allow it). */
    over: (facility: DayViewFacility, minute: number) => {
      const next = landing(facility, minute);
      if (next && (next.facilityId !== target?.facilityId || next.start !== target.start)) setTarget(next);
      return next !== undefined;
    },
    drop: async (facility: DayViewFacility, minute: number) => {
      const d = dragging.current;
      const to = landing(facility, minute);
      dragging.current = undefined;
      if (!d || !to || (to.facilityId === d.from && formatTime(to.start) === d.booking.startTime)) return setTarget(undefined);
      setTarget(to);
      await send(d.booking.id, { facilityId: to.facilityId, date, startTime: formatTime(to.start), endTime: formatTime(to.end) }, facility.name, {});
    },
    /** What the server asks of a drop (another sport, another price), for staff to answer before anything moves. */
    question: asked?.question,
    /** Staff agree: the drop is sent again with that consent (and the server may ask the next question). */
    agree: async () => {
      if (!asked) return;
      await send(asked.id, asked.to, asked.facilityName, { ...asked.consent, ...asked.question.consent });
    },
    keepPlace: () => setAsked(undefined),
    /** The drag ended without a drop on the grid (Esc, or let go elsewhere): nothing moves. */
    end: () => {
      if (!dragging.current) return;
      dragging.current = undefined;
      setTarget(undefined);
    },
  };
}

export type GridMove = ReturnType<typeof useGridMove>;
