import type { MovedBookingDto, StaffMoveBody } from '@courtside/contracts';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import { failure, money, shortDate, timeRange } from '../common/format.ts';
import type { SlotChoice } from '../common/slot-times.ts';
import { balanceText, consentFields, moveQuestion, type MoveConsent, type MoveQuestion } from './price-change.ts';

/**
 * The server's answer to a move: done, refused (why, in its words), or waiting for staff to
 * answer a question first (a change of sport, then of price), to move again with that consent.
 */
export type MoveResult = { ok: true } | { ok: false; reason: string; question?: MoveQuestion };

/**
 * Moves a booking to another time or facility (PUT /api/admin/bookings/:id, the same rules as
 * booking it). A move the server refuses (taken, closed, outside hours, off the grid) changes
 * nothing: the answer says why, in the server's words, for the caller to show. A move to
 * another sport, or one that changes the price, is refused until staff agree (`consent`).
 */
export function useMoveBooking() {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  return async (id: string, to: SlotChoice, facilityName: string, consent: MoveConsent = {}): Promise<MoveResult> => {
    try {
      const { data } = await dataProvider.update<MovedBookingDto & { id: string }>('bookings', {
        id,
        data: { ...to, ...consentFields(consent) } satisfies StaffMoveBody,
        previousData: { id } as MovedBookingDto & { id: string },
      });
      const owed = balanceText(data.balance ?? 0, money);
      notify(`Moved to ${facilityName}, ${shortDate(to.date)} ${timeRange(to.startTime, to.endTime)}${owed ? `: ${owed}` : ''}`, { type: 'success' });
      refresh();
      return { ok: true };
    } catch (error) {
      const question = moveQuestion(error, money);
      if (question) return { ok: false, reason: '', question };
      return { ok: false, reason: `${failure("Couldn't move the booking", error)} It stays where it was.` };
    }
  };
}
