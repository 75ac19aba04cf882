import { useState } from 'react';
import { formatTime } from '@courtside/domain';
import type { SlotChoice } from '../common/slot-times.ts';
import type { OpenBooking } from './BookingPopover.tsx';
import type { ColumnActions } from './FacilityColumn.tsx';
import { useGridMove } from './useGridMove.ts';

/** What the day view does at the desk: a booking's actions open over it, free time opens the booking dialog, bookings move by drag. */
export function useDeskActions(date: string) {
  const [opened, setOpened] = useState<OpenBooking>();
  const [booking, setBooking] = useState<SlotChoice>();
  const move = useGridMove(date);
  const actions: ColumnActions = {
    open: (b, facility, anchor) => setOpened({ booking: b, facility, anchor }),
    book: (facility, start) => setBooking({ facilityId: facility.id, date, startTime: formatTime(start), endTime: formatTime(start + facility.slotMinutes) }),
    move,
  };
  return {
    actions,
    opened,
    closeBooking: () => setOpened(undefined),
    /** The dialog's starting point while it is open. */
    booking,
    newBooking: (at: SlotChoice) => setBooking(at),
    closeDialog: () => setBooking(undefined),
  };
}
