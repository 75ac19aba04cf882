import { safeRedirect } from '@courtside/browser';

/** The other sign-in page (login <-> register), keeping where the visitor was going. */
export function authPageHref(page: '/login' | '/register', redirect: string | null): string {
  return redirect ? `${page}?redirect=${encodeURIComponent(safeRedirect(redirect))}` : page;
}
