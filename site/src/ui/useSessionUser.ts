import { useCallback, useEffect, useState } from 'react';
import type { UserDto } from '@courtside/contracts';
import { clearSession, getToken, getUser, loginUrlFor, saveUser } from '@courtside/browser';
import { api, failureCode, isAbort } from '../lib/api.ts';

/** Shows the back-office entries of the sidebar to staff (the layout reads html[data-role]). */
export function applyRole(user: UserDto | null): void {
  if (user?.role) document.documentElement.dataset.role = user.role;
  else delete document.documentElement.dataset.role;
}

export type SessionState =
  | { phase: 'loading' }
  | { phase: 'ready'; user: UserDto }
  | { phase: 'error'; message: string };

/**
 * The dashboard's signed-in user. The page is a static shell: the stored user shows at once,
 * GET /api/auth/me then verifies the token and refreshes it. No token: off to the login page
 * (coming back here afterwards); an expired token is signed out by the API client (lib/api.ts).
 */
export function useSessionUser() {
  const [state, setState] = useState<SessionState>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!getToken()) {
      window.location.replace(loginUrlFor(window.location.pathname + window.location.search));
      return;
    }
    const cached = getUser();
    if (cached) {
      setState({ phase: 'ready', user: cached });
      applyRole(cached);
    }
    const ctrl = new AbortController();
    api<UserDto>('/api/auth/me', { signal: ctrl.signal })
      .then((res) => {
        saveUser(res.data);
        applyRole(res.data);
        setState({ phase: 'ready', user: res.data });
      })
      .catch((err: unknown) => {
        // An ended session is signed out by the API client, on its way to the login page.
        if (isAbort(err) || failureCode(err) === 'UNAUTHENTICATED') return;
        if (failureCode(err) === 'USER_NOT_FOUND') {
          // The account no longer exists: sign out cleanly.
          clearSession();
          window.location.replace(loginUrlFor(window.location.pathname));
          return;
        }
        if (!cached) setState({ phase: 'error', message: err instanceof Error ? err.message : 'Could not load your profile.' });
      });
    return () => ctrl.abort();
  }, [attempt]);

  const setUser = useCallback((user: UserDto) => {
    saveUser(user);
    applyRole(user);
    setState({ phase: 'ready', user });
  }, []);
  const retry = useCallback(() => {
    setState({ phase: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { state, setUser, retry };
}
