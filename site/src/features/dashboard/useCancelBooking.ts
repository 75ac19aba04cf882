import { useState } from 'react';
import type { BookingDto } from '@courtside/contracts';
import { confirmDialog } from '../../lib/confirm-dialog.ts';
import { showToast } from '../../lib/toast.ts';
import { cancelBooking, cancelQuestion } from './bookings.ts';

/** Cancelling from My Bookings (`refundToWallet`: the venue refunds card payments as credit): ask first, say how it went, then read the list again. `busy` is the booking being cancelled. */
export function useCancelBooking(refresh: () => Promise<void>, refundToWallet = false) {
  const [busy, setBusy] = useState<string | null>(null);

  async function cancel(b: BookingDto) {
    const ok = await confirmDialog({ title: 'Cancel this booking?', message: cancelQuestion(b, refundToWallet), confirmLabel: 'Cancel booking', cancelLabel: 'Keep it', danger: true });
    if (!ok) return;
    setBusy(b._id);
    try {
      showToast(await cancelBooking(b._id), 'success');
    } catch (err) {
      showToast((err as Error).message, 'error');
    } finally {
      setBusy(null);
      await refresh();
    }
  }

  return { busy, cancel };
}
