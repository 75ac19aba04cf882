import { useState } from 'react';
import { showToast } from '../../lib/toast.ts';
import { startFailure } from './wallet.ts';

/** Opening a hosted payment page (a pack, a gift voucher): which one is on its way, or why it failed. */
export function useHostedPayment() {
  const [opening, setOpening] = useState<string | null>(null);
  const [failure, setFailure] = useState('');

  async function open(which: string, start: () => Promise<string>) {
    if (opening) return;
    setFailure('');
    setOpening(which);
    try {
      window.location.assign(await start());
    } catch (err) {
      const message = startFailure(err);
      setFailure(message);
      showToast(message, 'error');
      setOpening(null);
    }
  }

  return { opening, failure, open };
}
