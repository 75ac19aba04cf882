import { useCallback, useEffect, useState } from 'react';
import { api, isAbort } from '../../lib/api.ts';
import type { Slot, SlotsState } from './booking.ts';
import { slotsFailure } from './refusal.ts';

/** How long a request may hang before the form says so (and the spinner goes). */
export const REQUEST_TIMEOUT_MS = 15_000;

/**
 * The free slots of a facility on a date, asked again when either changes or on `reload()`.
 * A newer question aborts the older one, so a slow answer never overwrites a newer day. The
 * signed-in customer's token goes with it (the client's default), so each slot's price is theirs
 * (their tier's, named on the slot); a token the server no longer takes just gets public prices.
 */
export function useFreeSlots(facilityId: string, date: string, enabled: boolean) {
  const [state, setState] = useState<SlotsState>({ status: 'loading' });
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    const query = new URLSearchParams({ date, facility: facilityId });
    api<Slot[]>(`/api/check-availability?${query}`, { signal: controller.signal, timeoutMs: REQUEST_TIMEOUT_MS })
      .then((res) => setState({ status: 'ready', slots: res.data }))
      .catch((err: unknown) => {
        if (!isAbort(err)) setState({ status: 'error', message: slotsFailure(err) });
      });
    return () => controller.abort();
  }, [date, enabled, facilityId, round]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { state, slots: state.status === 'ready' ? state.slots : [], reload };
}
