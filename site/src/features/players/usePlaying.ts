import { useCallback, useEffect, useState } from 'react';
import type { PlayingBookingDto } from '@courtside/contracts';
import { isAbort } from '../../lib/api.ts';
import { confirmDialog } from '../../lib/confirm-dialog.ts';
import { showToast } from '../../lib/toast.ts';
import { LEFT, fetchPlaying, leaveBooking, leaveQuestion } from './playing.ts';

export type PlayingLoad = { phase: 'loading' } | { phase: 'error' } | { phase: 'ready'; bookings: PlayingBookingDto[] };

/** The bookings the customer plays in, and leaving one: asked first, said how it went, then read again. */
export function usePlaying() {
  const [load, setLoad] = useState<PlayingLoad>({ phase: 'loading' });
  const [busy, setBusy] = useState<string | null>(null);

  const refresh = useCallback(async (signal?: AbortSignal) => {
    try {
      setLoad({ phase: 'ready', bookings: await fetchPlaying(signal) });
    } catch (err) {
      if (!isAbort(err)) setLoad({ phase: 'error' });
    }
  }, []);

  useEffect(() => {
    const ctrl = new AbortController();
    void refresh(ctrl.signal);
    return () => ctrl.abort();
  }, [refresh]);

  async function leave(p: PlayingBookingDto) {
    if (!(await confirmDialog({ ...leaveQuestion(p), danger: true }))) return;
    setBusy(p.bookingId);
    try {
      await leaveBooking(p.bookingId);
      showToast(LEFT, 'success');
    } catch (err) {
      showToast((err as Error).message, 'error');
    } finally {
      setBusy(null);
      await refresh();
    }
  }

  return { load, busy, leave, refresh: () => refresh() };
}
