import { useCallback, useEffect, useState } from 'react';
import type { WaitlistEntryDto } from '@courtside/contracts';
import { isAbort } from '../../lib/api.ts';
import { confirmDialog } from '../../lib/confirm-dialog.ts';
import { showToast } from '../../lib/toast.ts';
import { fetchWaitlist, leaveQuestion, leaveWaitlist } from './waitlist.ts';

export type WaitlistLoad = { phase: 'loading' } | { phase: 'error' } | { phase: 'ready'; entries: WaitlistEntryDto[] };

/**
 * The signed-in customer's waitlist entries, and leaving one (or declining its offer): asked
 * first, said how it went, then both lists read again (a declined offer was a hold in My bookings).
 */
export function useWaitlist(onChange: () => Promise<void>) {
  const [load, setLoad] = useState<WaitlistLoad>({ phase: 'loading' });
  const [busy, setBusy] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    try {
      setLoad({ phase: 'ready', entries: await fetchWaitlist() });
    } catch (err) {
      if (!isAbort(err)) setLoad({ phase: 'error' });
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  async function leave(entry: WaitlistEntryDto) {
    const question = leaveQuestion(entry);
    const ok = await confirmDialog({ ...question, cancelLabel: entry.status === 'offered' ? 'Keep it' : 'Stay in line', danger: true });
    if (!ok) return;
    setBusy(entry.id);
    try {
      showToast(await leaveWaitlist(entry), 'success');
    } catch (err) {
      showToast((err as Error).message, 'error');
    } finally {
      setBusy(null);
      await Promise.all([refresh(), onChange()]);
    }
  }

  /** An offer lapsed on this clock: read the lists again (the hold went on to the next in line). */
  const lapsed = useCallback(() => void Promise.all([refresh(), onChange()]), [refresh, onChange]);

  return { load, refresh, busy, leave, lapsed };
}
