import type { AuthProvider } from 'react-admin';
import type { UserDto } from '@courtside/domain';
import { canAccess } from './access.ts';
import { clearSession, getToken, getUser, saveSession, tokenExpired } from './session.ts';

/**
 * Signs in through the public API and keeps the session where the public site keeps it.
 * Anyone signed in passes checkAuth (so a customer is not signed out of the site); the
 * layout and canAccess keep everyone but staff on the "Staff only" page.
 */
export const authProvider: AuthProvider = {
  async login({ email, username, password }: { email?: string; username?: string; password: string }) {
    const res = await fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ email: (email ?? username ?? '').trim(), password }),
    });
    const body = (await res.json().catch(() => ({}))) as { token?: string; data?: UserDto; message?: string };
    if (!res.ok || !body.token || !body.data) throw new Error(body.message || 'Sign-in failed. Please try again.');
    saveSession(body.token, body.data);
    return { redirectTo: '/' };
  },

  async logout() {
    const token = getToken();
    clearSession();
    if (token) {
      await fetch('/api/auth/logout', { method: 'POST', headers: { Authorization: `Bearer ${token}` } }).catch(() => undefined);
    }
    return '/login';
  },

  async checkAuth() {
    const token = getToken();
    if (!token || !getUser()) throw { message: false };
    if (tokenExpired(token)) {
      clearSession();
      throw { message: 'Your session has ended. Please sign in again.' };
    }
  },

  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      clearSession();
      throw { message: 'Your session has ended. Please sign in again.' };
    }
  },

  async getIdentity() {
    const user = getUser();
    if (!user) throw new Error('Not signed in');
    // Only same-origin pictures: the console's content security policy blocks the rest.
    // `photo`, not react-admin's `avatar`: the app bar's user menu shows it (layout/Layout.tsx).
    const photo = user.photoUrl?.startsWith('/') ? user.photoUrl : undefined;
    return { id: user._id, fullName: user.name, photo, email: user.email };
  },

  async getPermissions() {
    return getUser()?.role ?? null;
  },

  async canAccess(params) {
    return canAccess(getUser()?.role, params);
  },
};
