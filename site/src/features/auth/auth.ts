import { ApiError, type FailureCode } from '@courtside/browser';
import { api } from '../../lib/api.ts';
import { wayBackOf, type WayBack } from './auth-links.ts';

/**
 * Posting the login and sign-up forms. No token is sent, so a wrong password shows the form's
 * own message and never counts as an ended session.
 */
export interface AuthResult<T> {
  ok: boolean;
  /** Why it failed, when it did. */
  code?: FailureCode;
  message: string;
  reasons: string[];
  data?: T;
  token?: string;
}

/** A hung request must not leave the button busy forever. */
const AUTH_TIMEOUT_MS = 15_000;

/** Posts one of the contracts' request bodies (`body` typed as the route's) without a session. */
export async function postJson<T, Body extends object = object>(path: string, body: Body): Promise<AuthResult<T>> {
  try {
    const res = await api<T>(path, { method: 'POST', body, token: null, timeoutMs: AUTH_TIMEOUT_MS });
    return { ok: true, message: res.message, reasons: [], data: res.data, token: res.token };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return { ok: false, code: err.code, message: err.message, reasons: err.fields.map((f) => f.message).filter(Boolean) };
  }
}

/** Failures whose own words help (when to try again, that no answer came): the server's words; any other: `fallback`. */
export function explainedOr(res: Pick<AuthResult<unknown>, 'code' | 'message'>, fallback: string): string {
  const explained = res.code === 'TOO_MANY_REQUESTS' || res.code === 'UNREACHABLE' || res.code === 'TIMEOUT';
  return explained && res.message ? res.message : fallback;
}

/** "password must be 8 to 128 characters long" reads better as "Password must be …". */
function sentence(text: string): string {
  const t = text.trim();
  return t ? t[0]!.toUpperCase() + t.slice(1) + (/[.!?]$/.test(t) ? '' : '.') : '';
}

/** The form's own words (`lead`), then the server's reasons (each field's, else its message) as sentences. */
export function withReasons(lead: string, res: Pick<AuthResult<unknown>, 'message' | 'reasons'>): string {
  const reasons = res.reasons.length ? res.reasons : res.message ? [res.message] : [];
  return [lead, ...reasons.map(sentence)].join(' ');
}

/** Where this page's query string says to go after signing in (`next` or `redirect`; raw: check it with safeRedirect). */
export function wayBack(): WayBack | null {
  return wayBackOf(new URLSearchParams(window.location.search));
}

/** The target alone. */
export const redirectParam = (): string | null => wayBack()?.target ?? null;

/** Shows a message in a form's status element (hidden when empty). */
export function say(el: HTMLElement, text: string, kind: 'error' | 'ok' = 'error'): void {
  el.textContent = text;
  el.hidden = !text;
  el.classList.toggle('alert-error', kind === 'error');
  el.classList.toggle('alert-ok', kind === 'ok');
}

/** Toggles a submit button's busy state; returns a function that restores it. */
export function busy(button: HTMLButtonElement, label: string): () => void {
  const original = button.textContent ?? '';
  button.disabled = true;
  button.textContent = label;
  return () => {
    button.disabled = false;
    button.textContent = original;
  };
}

/**
 * The submit button ships disabled and is enabled once the form's handler is attached: a
 * click before that would post the form to the page itself (the session needs the script).
 */
export function armForm(form: HTMLFormElement): void {
  form.querySelector<HTMLButtonElement>('button[type=submit]')!.disabled = false;
}
