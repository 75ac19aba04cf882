import type { AuthProvider } from 'react-admin';
import type { SignInBody, UserDto } from '@courtside/contracts';
import { canAccess, roleOf } from './access.ts';
import { clearSession, getToken, getUser, saveSession, tokenExpired } from './session.ts';
import { httpClient, sessionEnded } from './dataProvider.ts';
import { errorMessage } from './common/errors.ts';

const SIGN_IN_FAILED = 'Sign-in failed. Please try again.';
const SESSION_ENDED = 'Your session has ended. Please sign in again.';

/**
 * Signs in through the public API and keeps the session where the public site keeps it.
 * Anyone signed in passes checkAuth (so a customer is not signed out of the site); the
 * layout and canAccess keep everyone but staff on the "Staff only" page.
 */
export const authProvider: AuthProvider = {
  async login({ email, username, password }: { email?: string; username?: string; password: string }) {
    try {
      const { json } = await httpClient('/api/auth/login', { method: 'POST', token: null, body: JSON.stringify({ email: (email ?? username ?? '').trim(), password } satisfies SignInBody) });
      const { token, data } = json as { token?: string; data?: UserDto };
      if (!token || !data) throw new Error();
      saveSession(token, data);
    } catch (error) {
      throw new Error(errorMessage(error) || SIGN_IN_FAILED);
    }
    return { redirectTo: '/' };
  },

  async logout() {
    const token = getToken();
    clearSession();
    if (token) await httpClient('/api/auth/logout', { method: 'POST', token }).catch(() => undefined);
    return '/login';
  },

  async checkAuth() {
    const token = getToken();
    if (!token || !getUser()) throw { message: false };
    if (tokenExpired(token)) {
      clearSession();
      throw { message: SESSION_ENDED };
    }
  },

  // httpClient has cleared the session already; this signs the console out with a word why.
  async checkError(error: unknown) {
    if (sessionEnded(error)) throw { message: SESSION_ENDED };
  },

  async getIdentity() {
    const user = getUser();
    if (!user) throw new Error('Not signed in');
    // Only same-origin pictures: the console's content security policy blocks the rest.
    // `photo`, not react-admin's `avatar`: the app bar's user menu shows it (layout/Layout.tsx).
    const photo = user.photoUrl?.startsWith('/') ? user.photoUrl : undefined;
    return { id: user._id, fullName: user.name, photo, email: user.email };
  },

  // The role (desk, manager, owner, user): menus and buttons ask canAccess, a few screens read it.
  async getPermissions() {
    return roleOf(getUser()?.role) ?? null;
  },

  async canAccess(params) {
    return canAccess(getUser()?.role, params);
  },
};
