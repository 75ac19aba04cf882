import { useDataProvider } from 'react-admin';
import type { BookedResult } from './Booked.tsx';
import { deskBookingBody, seriesBody, type BookingDraft } from './draft.ts';

/** Sends the draft: one booking (POST /api/admin/bookings, a late entry once staff confirmed it) or, repeating, a weekly series (POST /api/admin/series). */
export function useBookDraft() {
  const dataProvider = useDataProvider();
  return async (draft: BookingDraft, lateEntry = false): Promise<BookedResult> => {
    if (draft.repeat) {
      const { data } = await dataProvider.create('series', { data: seriesBody(draft, draft.repeat) });
      return { kind: 'series', series: data as Extract<BookedResult, { kind: 'series' }>['series'] };
    }
    const { data } = await dataProvider.create('bookings', { data: deskBookingBody(draft, lateEntry) });
    return { kind: 'booking', booking: data as Extract<BookedResult, { kind: 'booking' }>['booking'] };
  };
}
