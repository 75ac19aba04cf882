import { clearSession, getToken } from '../../lib/session.ts';

/**
 * Sidebar Logout: revoke the token on the server (a failure does not matter), forget it here,
 * go home. Plain fetch, not lib/api.ts: an already expired token must not bounce to /login.
 */
export async function logout(): Promise<void> {
  const token = getToken();
  if (token) {
    try {
      await fetch('/api/auth/logout', { method: 'POST', headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
    } catch {
      /* signing out locally is what counts */
    }
  }
  clearSession();
  delete document.documentElement.dataset.role;
  window.location.assign('/');
}

export function bindLogoutButtons(root: ParentNode = document): void {
  for (const btn of root.querySelectorAll<HTMLButtonElement>('[data-logout]')) {
    btn.addEventListener('click', () => {
      btn.disabled = true;
      btn.setAttribute('aria-busy', 'true');
      void logout();
    });
  }
}
