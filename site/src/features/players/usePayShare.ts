import { useState } from 'react';
import { payShare } from './playing.ts';

/**
 * Pay your share: the server opens the page that takes it and the browser goes there; a refusal
 * (paid already, the due time passed, nothing left to pay) stays on screen in the server's words.
 */
export function usePayShare() {
  const [paying, setPaying] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<{ bookingId: string; message: string } | null>(null);

  async function pay(bookingId: string) {
    setPaying(bookingId);
    setRefusal(null);
    try {
      window.location.assign(await payShare(bookingId));
    } catch (err) {
      setRefusal({ bookingId, message: (err as Error).message });
      setPaying(null);
    }
  }

  return { paying, refusal, pay };
}
