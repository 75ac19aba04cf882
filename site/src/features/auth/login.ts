import type { SignInBody, UserDto } from '@courtside/contracts';
import { safeRedirect, saveSession } from '@courtside/browser';
import { MY_BOOKINGS } from '../../lib/paths.ts';
import { armForm, busy, explainedOr, postJson, redirectParam, say, type AuthResult } from './auth.ts';

export const LOGIN_FAILED = 'Login failed. Please check your email and password.';

/** Signs in and keeps the session where the site and the back office read it; the login page and sign-up share it. */
export async function signIn(email: string, password: string): Promise<AuthResult<UserDto>> {
  const res = await postJson<UserDto, SignInBody>('/api/auth/login', { email, password });
  if (res.ok && res.token && res.data) saveSession(res.token, res.data);
  return res;
}

/** Where a sign-in with nowhere to go back to lands: what a customer signs in for. */
export { MY_BOOKINGS };

/** Where signing in leads: back to the page that asked for it, else My bookings. */
export const afterSignIn = (): string => safeRedirect(redirectParam(), MY_BOOKINGS);

/** Too many attempts (the server says when to try again) or no answer: its words; anything else: the form's. */
export const loginFailure = (res: Pick<AuthResult<unknown>, 'code' | 'message'>): string => explainedOr(res, LOGIN_FAILED);

export function initLogin(form: HTMLFormElement, message: HTMLElement): void {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!form.reportValidity()) return;
    say(message, '');
    const data = new FormData(form);
    const done = busy(form.querySelector('button[type=submit]')!, 'Signing in…');
    const res = await signIn(String(data.get('email') ?? '').trim(), String(data.get('password') ?? ''));
    if (res.ok && res.token && res.data) {
      window.location.assign(afterSignIn());
      return;
    }
    done();
    say(message, loginFailure(res));
    (form.elements.namedItem('password') as HTMLInputElement).select();
  });
  armForm(form);
}
