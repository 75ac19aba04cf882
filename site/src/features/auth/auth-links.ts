import { safeRedirect } from '@courtside/browser';

/**
 * Where to go after signing in travels in the sign-in pages' query string: `next` (a slot the
 * visitor picked: /book?…) or `redirect` (a page that asked for an account). Either is honoured,
 * checked to be a path on this site, and kept under its own name when the visitor switches
 * between login and sign-up.
 */
export type WayBackParam = 'next' | 'redirect';

export interface WayBack {
  param: WayBackParam;
  /** Raw, as the query string has it: check it with safeRedirect before going there. */
  target: string;
}

export function wayBackOf(params: URLSearchParams): WayBack | null {
  for (const param of ['next', 'redirect'] as const) {
    const target = params.get(param);
    if (target) return { param, target };
  }
  return null;
}

/** The other sign-in page (login <-> register), keeping where the visitor was going. */
export function authPageHref(page: '/login' | '/register', redirect: string | null, param: WayBackParam = 'redirect'): string {
  return redirect ? `${page}?${param}=${encodeURIComponent(safeRedirect(redirect))}` : page;
}
