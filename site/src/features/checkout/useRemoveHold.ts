import { useState } from 'react';
import { showToast } from '../../lib/toast.ts';
import { cancelBooking } from '../dashboard/bookings.ts';

/**
 * Removing a held slot at checkout: the server releases the hold (DELETE /api/bookings/:id, as
 * cancelling a pending booking does), then the list is read again. Which line is on its way, and
 * why the last removal failed.
 */
export function useRemoveHold(refresh: () => Promise<void>) {
  const [removing, setRemoving] = useState<string | null>(null);
  const [failure, setFailure] = useState('');

  async function remove(id: string) {
    setRemoving(id);
    setFailure('');
    try {
      showToast(await cancelBooking(id), 'success');
    } catch (err) {
      setFailure((err as Error).message);
    } finally {
      await refresh();
      setRemoving(null);
    }
  }

  return { removing, failure, remove };
}
