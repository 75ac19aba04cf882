import { useState } from 'react';
import type { BookingDto } from '@courtside/contracts';
import { api } from '../../lib/api.ts';
import { showToast } from '../../lib/toast.ts';
import { REQUEST_TIMEOUT_MS } from './useFreeSlots.ts';
import { refusalOf, type Refusal } from './refusal.ts';

export type Held = Pick<BookingDto, '_id' | 'date' | 'startTime' | 'endTime' | 'payableAmount' | 'holdExpiresAt' | 'status' | 'cancellable' | 'cancellableUntil' | 'facility'>;

export interface HoldRequest {
  facility: string;
  date: string;
  startTime: string;
  endTime: string;
}

/** How asking for a hold ended: held, refused (already toasted), or the session ended (off to log in). */
export type HoldOutcome = { kind: 'held' } | { kind: 'refused'; refusal: Refusal } | { kind: 'signed-out' };

/**
 * Asking the server to hold a slot (POST /api/bookings): whether it is on its way, the hold it
 * gave, and dismissing that to book another time.
 */
export function useHold() {
  const [submitting, setSubmitting] = useState(false);
  const [held, setHeld] = useState<Held | null>(null);

  async function hold(request: HoldRequest): Promise<HoldOutcome> {
    setSubmitting(true);
    try {
      const res = await api<Held>('/api/bookings', { method: 'POST', body: request, timeoutMs: REQUEST_TIMEOUT_MS });
      setHeld(res.data);
      showToast(res.message, 'success');
      return { kind: 'held' };
    } catch (err) {
      const refusal = refusalOf(err);
      if (!refusal) return { kind: 'signed-out' };
      showToast(refusal.message, 'error');
      return { kind: 'refused', refusal };
    } finally {
      setSubmitting(false);
    }
  }

  return { held, submitting, hold, dismiss: () => setHeld(null) };
}
