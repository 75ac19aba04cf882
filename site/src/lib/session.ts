import type { UserDto } from '@courtside/domain';

/**
 * The signed-in session lives in localStorage under the original product's keys:
 * `accessToken` (the JWT) and `user` (the signed-in user). The back office on the same
 * origin reads the same keys, so one sign-in serves both.
 */
const TOKEN_KEY = 'accessToken';
const USER_KEY = 'user';

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function getUser(): UserDto | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    return raw ? (JSON.parse(raw) as UserDto) : null;
  } catch {
    return null;
  }
}

export function saveSession(token: string, user: UserDto): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  document.documentElement.dataset.session = 'in';
}

export function saveUser(user: UserDto): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
  delete document.documentElement.dataset.session;
}

/** Where to come back to after signing in: only paths on this site. */
export function safeRedirect(target: string | null, fallback = '/dashboard'): string {
  return target && target.startsWith('/') && !target.startsWith('//') ? target : fallback;
}

/** Sends a signed-out visitor to the login page, remembering where they wanted to go. */
export function loginUrlFor(path: string): string {
  return `/login?redirect=${encodeURIComponent(path)}`;
}
