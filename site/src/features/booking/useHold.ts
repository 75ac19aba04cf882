import { useState } from 'react';
import type { BookingBody, BookingDto } from '@courtside/contracts';
import { api } from '../../lib/api.ts';
import { showToast } from '../../lib/toast.ts';
import { REQUEST_TIMEOUT_MS } from './useFreeSlots.ts';
import { refusalOf, type Refusal } from './refusal.ts';
import { CHECKOUT_PATH } from '../../lib/paths.ts';

/** Where held slots are paid for (and removed, or more added). */
export { CHECKOUT_PATH };

/** How asking for a hold ended: held (on the way to checkout), refused, or the session ended (off to log in). */
export type HoldOutcome = { kind: 'held' } | { kind: 'refused'; refusal: Refusal } | { kind: 'signed-out' };

/** Asking the server to hold a slot (POST /api/bookings: it prices it and checks every rule); held, on to checkout. */
export function useHold() {
  const [submitting, setSubmitting] = useState(false);

  async function hold(request: BookingBody): Promise<HoldOutcome> {
    setSubmitting(true);
    try {
      await api<BookingDto>('/api/bookings', { method: 'POST', body: request, timeoutMs: REQUEST_TIMEOUT_MS });
      window.location.assign(CHECKOUT_PATH);
      return { kind: 'held' };
    } catch (err) {
      setSubmitting(false);
      const refusal = refusalOf(err);
      if (!refusal) return { kind: 'signed-out' };
      showToast(refusal.message, 'error');
      return { kind: 'refused', refusal };
    }
  }

  return { submitting, hold };
}
