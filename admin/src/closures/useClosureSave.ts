import { useState } from 'react';
import { useDataProvider, useNotify, useRedirect } from 'react-admin';
import { conflictsOf, type Conflict } from '../common/conflicts.ts';
import { errorCode } from '../common/errors.ts';
import { countOf, failure } from '../common/format.ts';
import type { ClosureBody } from '@courtside/contracts';

/** Only what the API takes: react-admin's form holds the whole record (facilities, timestamps). */
export const toClosureBody = (data: Record<string, unknown>): ClosureBody => {
  const { facilityIds, start, end, reason, kind } = data as ClosureBody;
  return { facilityIds, start, end, reason, kind };
};

/**
 * Saving a closure (a new one, or `id`'s): over live bookings the API refuses with
 * CLOSURE_CONFLICT and their list. That list is held for staff to see, and confirming saves
 * again with cancelBookings: the closure is made and those bookings cancelled and refunded in
 * one transaction.
 */
export function useClosureSave(id?: string) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const redirect = useRedirect();
  const [held, setHeld] = useState<{ conflicts: Conflict[]; body: ClosureBody }>();
  const [busy, setBusy] = useState(false);

  const saved = (answer: Record<string, unknown>) => {
    const n = typeof answer.cancelledBookings === 'number' ? answer.cancelledBookings : 0;
    notify(n ? `Closure saved; ${countOf(n, 'booking')} cancelled and refunded` : 'Closure saved', { type: 'success' });
    redirect('list', 'closures');
  };
  const refused = (error: unknown) => notify(failure('Failed to save the closure', error), { type: 'error' });

  const mutationOptions = {
    onSuccess: saved,
    onError: (error: unknown, variables: unknown) => {
      const conflicts = errorCode(error) === 'CLOSURE_CONFLICT' ? conflictsOf(error) : undefined;
      if (conflicts) setHeld({ conflicts, body: (variables as { data: ClosureBody }).data });
      else refused(error);
    },
  };

  const cancelBookingsAndSave = async () => {
    if (!held) return;
    const data = { ...held.body, cancelBookings: true };
    setBusy(true);
    try {
      const { data: answer } = id
        ? await dataProvider.update('closures', { id, data, previousData: { id, ...held.body } })
        : await dataProvider.create('closures', { data });
      saved(answer);
    } catch (error) {
      refused(error);
    } finally {
      setHeld(undefined);
      setBusy(false);
    }
  };

  return { mutationOptions, held, busy, cancelBookingsAndSave, keepThem: () => setHeld(undefined) };
}
