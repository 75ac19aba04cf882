import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import { failure, shortDate } from '../common/format.ts';
import type { SlotChoice } from '../common/slot-times.ts';

export type MoveResult = { ok: true } | { ok: false; reason: string };

/**
 * Moves a booking to another time or facility (PUT /api/admin/bookings/:id, the same rules as
 * booking it). A move the server refuses (taken, closed, outside hours, off the grid) changes
 * nothing: the answer says why, in the server's words, for the caller to show.
 */
export function useMoveBooking() {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  return async (id: string, to: SlotChoice, facilityName: string): Promise<MoveResult> => {
    try {
      await dataProvider.update('bookings', { id, data: to, previousData: { id } });
      notify(`Moved to ${facilityName}, ${shortDate(to.date)} ${to.startTime}–${to.endTime}`, { type: 'success' });
      refresh();
      return { ok: true };
    } catch (error) {
      return { ok: false, reason: `${failure("Couldn't move the booking", error)} It stays where it was.` };
    }
  };
}
