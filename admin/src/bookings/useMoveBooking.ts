import type { MovedBookingDto, PriceChangeDto } from '@courtside/contracts';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import { failure, money, shortDate } from '../common/format.ts';
import type { SlotChoice } from '../common/slot-times.ts';
import { balanceText, unconfirmedPriceChange } from './price-change.ts';

/**
 * The server's answer to a move: done, refused (why, in its words), or waiting for staff to
 * confirm the price change it would make (the change, to show before moving again with confirmPrice).
 */
export type MoveResult = { ok: true } | { ok: false; reason: string; priceChange?: PriceChangeDto };

/**
 * Moves a booking to another time or facility (PUT /api/admin/bookings/:id, the same rules as
 * booking it). A move the server refuses (taken, closed, outside hours, off the grid) changes
 * nothing: the answer says why, in the server's words, for the caller to show. A move that
 * changes the price is refused until staff confirm it (`confirmPrice`).
 */
export function useMoveBooking() {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  return async (id: string, to: SlotChoice, facilityName: string, confirmPrice = false): Promise<MoveResult> => {
    try {
      const { data } = await dataProvider.update<MovedBookingDto & { id: string }>('bookings', {
        id,
        data: { ...to, ...(confirmPrice ? { confirmPriceChange: true } : {}) },
        previousData: { id } as MovedBookingDto & { id: string },
      });
      const owed = balanceText(data.balance ?? 0, money);
      notify(`Moved to ${facilityName}, ${shortDate(to.date)} ${to.startTime}–${to.endTime}${owed ? `: ${owed}` : ''}`, { type: 'success' });
      refresh();
      return { ok: true };
    } catch (error) {
      const priceChange = unconfirmedPriceChange(error);
      if (priceChange) return { ok: false, reason: '', priceChange };
      return { ok: false, reason: `${failure("Couldn't move the booking", error)} It stays where it was.` };
    }
  };
}
