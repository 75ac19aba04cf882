import { useEffect, useState } from 'react';
import { isAbort } from '../../lib/api.ts';
import { fetchPreview, hasSession, joinBooking, type JoinOutcome, type PreviewLoad } from './join.ts';

export type JoinPage = { kind: 'loading' } | PreviewLoad;

/**
 * The link's page: the booking read once the page runs (with the session, if any: the answer
 * then says whether the caller is on it already), and Join. `retry` reads it again.
 */
export function useJoin(token: string) {
  const [page, setPage] = useState<JoinPage>({ kind: 'loading' });
  const [signedIn, setSignedIn] = useState(false);
  const [joining, setJoining] = useState(false);
  const [outcome, setOutcome] = useState<Exclude<JoinOutcome, { kind: 'signed-out' }> | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    setSignedIn(hasSession());
    const ctrl = new AbortController();
    fetchPreview(token, ctrl.signal).then(setPage, (err: unknown) => {
      if (!isAbort(err)) throw err;
    });
    return () => ctrl.abort();
  }, [token, attempt]);

  async function join() {
    setJoining(true);
    setOutcome(null);
    const result = await joinBooking(token);
    setJoining(false);
    // Signed out meanwhile: the API client is on its way to the login page, and back here.
    if (result.kind === 'signed-out') return;
    setOutcome(result);
    if (result.kind === 'joined') setPage({ kind: 'ready', preview: result.preview });
  }

  const retry = () => {
    setPage({ kind: 'loading' });
    setAttempt((n) => n + 1);
  };
  return { page, signedIn, joining, outcome, join, retry };
}
