/**
 * Posting the login and sign-up forms. These use fetch directly rather than lib/api.ts:
 * a wrong password must show the form's own message, not trigger the stale-session redirect.
 */
export interface AuthResult<T> {
  ok: boolean;
  status: number;
  message: string;
  reasons: string[];
  data?: T;
  token?: string;
}

export async function postJson<T>(path: string, body: unknown): Promise<AuthResult<T>> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      // A hung request must not leave the button busy forever.
      signal: AbortSignal.timeout(15_000),
    });
  } catch {
    return { ok: false, status: 0, message: 'Could not reach the server. Please check your connection and try again.', reasons: [] };
  }
  const json = (await res.json().catch(() => null)) as
    | { message?: string; data?: T; token?: string; errorMessages?: { path: string; message: string }[] }
    | null;
  const reasons = (json?.errorMessages ?? []).map((e) => e.message).filter(Boolean);
  return { ok: res.ok, status: res.status, message: json?.message ?? '', reasons, data: json?.data, token: json?.token };
}

/** The redirect target carried in this page's query string (raw; check it with safeRedirect). */
export function redirectParam(): string | null {
  return new URLSearchParams(window.location.search).get('redirect');
}

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
