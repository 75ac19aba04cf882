import { useState } from 'react';
import type { WaitlistBody } from '@courtside/contracts';
import { showToast } from '../../lib/toast.ts';
import { joinWaitlist, outcomeView, type JoinOutcome, type OutcomeView } from './waitlist.ts';

/** Joining the waitlist from an island: busy while asking, then what the answer says (kept on screen, and a toast for a refusal). */
export function useJoinWaitlist(onOutcome?: (outcome: JoinOutcome) => void) {
  const [busy, setBusy] = useState(false);
  const [view, setView] = useState<OutcomeView | null>(null);

  async function join(body: WaitlistBody) {
    setBusy(true);
    setView(null);
    const outcome = await joinWaitlist(body);
    setBusy(false);
    onOutcome?.(outcome);
    // Signed out: the client is on its way to the login page, and back.
    if (outcome.kind === 'signed-out') return;
    const next = outcomeView(outcome);
    if (next.tone === 'error') showToast(next.text, 'error');
    setView(next);
  }

  return { busy, view, join, reset: () => setView(null) };
}
