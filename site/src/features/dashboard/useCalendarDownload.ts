import { useState } from 'react';
import type { BookingDto } from '@courtside/contracts';
import { showToast } from '../../lib/toast.ts';
import { downloadBookingCalendar } from './bookings.ts';

/** "Add to calendar" on My Bookings: downloads the booking's .ics; `busy` is the booking being fetched. */
export function useCalendarDownload() {
  const [busy, setBusy] = useState<string | null>(null);

  async function download(b: BookingDto) {
    setBusy(b._id);
    try {
      await downloadBookingCalendar(b);
    } catch (err) {
      showToast((err as Error).message, 'error');
    } finally {
      setBusy(null);
    }
  }

  return { busy, download };
}
