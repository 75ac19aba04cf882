import type { UserDto } from '@courtside/contracts';

/**
 * The signed-in session lives in localStorage under the original product's keys: `accessToken`
 * (the JWT) and `user` (the signed-in user). The public site and the back office share the
 * origin and these keys, so one sign-in serves both; the site's pre-paint scripts read them too.
 */
export const SESSION_KEYS = { token: 'accessToken', user: 'user' } as const;

/** The login page, which takes `?redirect=` back to where the visitor wanted to go. */
export const LOGIN_PATH = '/login';
export const REGISTER_PATH = '/register';

/** The `<html>` flag the site's styles use to show the signed-in navigation. */
const flagSignedIn = (on: boolean) => {
  if (typeof document === 'undefined') return;
  if (on) document.documentElement.dataset.session = 'in';
  else delete document.documentElement.dataset.session;
};

export function getToken(): string | null {
  try {
    return localStorage.getItem(SESSION_KEYS.token);
  } catch {
    return null;
  }
}

export function getUser(): UserDto | null {
  try {
    const raw = localStorage.getItem(SESSION_KEYS.user);
    return raw ? (JSON.parse(raw) as UserDto) : null;
  } catch {
    return null;
  }
}

export function saveSession(token: string, user: UserDto): void {
  saveToken(token);
  saveUser(user);
  flagSignedIn(true);
}

/** Replaces this session's token, keeping its user: a password change issues the session a fresh one. */
export function saveToken(token: string): void {
  localStorage.setItem(SESSION_KEYS.token, token);
}

export function saveUser(user: UserDto): void {
  localStorage.setItem(SESSION_KEYS.user, JSON.stringify(user));
}

export function clearSession(): void {
  try {
    localStorage.removeItem(SESSION_KEYS.token);
    localStorage.removeItem(SESSION_KEYS.user);
  } catch {
    /* storage blocked: nothing was kept either */
  }
  flagSignedIn(false);
}

/** True when the token's own expiry (JWT `exp`) has passed; unreadable tokens are left to the server. */
export function tokenExpired(token: string, now = Date.now()): boolean {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
    return typeof payload.exp === 'number' && payload.exp * 1000 <= now;
  } catch {
    return false;
  }
}

/**
 * Where to come back to after signing in: only paths on this site. Browsers drop tabs and line
 * breaks from URLs and read a backslash as a slash, so "/\t/evil.example" would leave the site:
 * any control character or backslash refuses the target, as does anything that is not a path.
 */
export function safeRedirect(target: string | null, fallback = '/dashboard'): string {
  if (!target || target.length > 2048 || !target.startsWith('/') || target.startsWith('//')) return fallback;
  return /[\u0000-\u001f\u007f\\]/.test(target) ? fallback : target;
}

/** Sends a signed-out visitor to the login page, remembering where they wanted to go. */
export function loginUrlFor(path: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(path)}`;
}
