import { useCallback, useEffect, useState } from 'react';
import type { BookingDto } from '@courtside/contracts';
import { isAbort } from '../lib/api.ts';
import { fetchUserBookings } from '../lib/bookings.ts';

export type BookingsLoad = { phase: 'loading' } | { phase: 'error' } | { phase: 'ready'; bookings: BookingDto[]; at: number };

/**
 * The signed-in customer's bookings for an island: loading, failed (with a retry) or ready,
 * with the time they were read. `recheckMs` moves that time on while the page is open, so
 * holds that lapse meanwhile show as lapsed without asking the server again.
 */
export function useUserBookings(userId: string, { recheckMs }: { recheckMs?: number } = {}) {
  const [load, setLoad] = useState<BookingsLoad>({ phase: 'loading' });

  const refresh = useCallback(async () => {
    try {
      const bookings = await fetchUserBookings(userId);
      setLoad({ phase: 'ready', bookings, at: Date.now() });
    } catch (err) {
      if (!isAbort(err)) setLoad({ phase: 'error' });
    }
  }, [userId]);

  useEffect(() => {
    void refresh();
    if (!recheckMs) return;
    const timer = window.setInterval(() => setLoad((l) => (l.phase === 'ready' ? { ...l, at: Date.now() } : l)), recheckMs);
    return () => window.clearInterval(timer);
  }, [refresh, recheckMs]);

  return { load, refresh };
}
