import { clearSession, getToken } from '@courtside/browser';
import { api } from '../../lib/api.ts';

/**
 * Sidebar Logout: revoke the token on the server (a failure does not matter), forget it here,
 * go home. The token is given explicitly, so an already expired one does not bounce to /login.
 */
export async function logout(): Promise<void> {
  const token = getToken();
  if (token) await api('/api/auth/logout', { method: 'POST', token }).catch(() => undefined);
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
