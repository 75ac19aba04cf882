import type { AccountBody, UserDto } from '@courtside/contracts';
import { armForm, busy, postJson, say, wayBack, withReasons, type AuthResult } from './auth.ts';
import { afterSignIn, signIn } from './login.ts';
import { authPageHref } from './auth-links.ts';

export const REGISTER_OK = 'Registration successful! Signing you in…';
export const REGISTER_FAILED = 'Registration failed. Please try again.';

const FIELDS = ['name', 'email', 'password', 'phone', 'address', 'photoUrl'] as const;

/** The server's reasons as sentences when it gave any (a weak password, an email in use): the real reason only; else the form's own words. */
export const registerFailure = (res: Pick<AuthResult<unknown>, 'message' | 'reasons'>): string => withReasons('', res).trim() || REGISTER_FAILED;

export function initRegister(form: HTMLFormElement, message: HTMLElement): void {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!form.reportValidity()) return;
    say(message, '');
    const data = new FormData(form);
    const body = Object.fromEntries(FIELDS.map((f) => [f, String(data.get(f) ?? '').trim()])) as Record<(typeof FIELDS)[number], string>;
    body.password = String(data.get('password') ?? '');
    // The photo is optional: an empty field is left out rather than sent as "".
    const { photoUrl, ...required } = body;
    const done = busy(form.querySelector('button[type=submit]')!, 'Creating account…');
    const res = await postJson<UserDto, AccountBody>('/api/auth/signup', photoUrl ? body : required);
    if (res.ok) {
      say(message, REGISTER_OK, 'ok');
      // Signed in with the same credentials, as the login page would, and on to where login would go.
      const session = await signIn(body.email, body.password);
      if (session.ok && session.token) return window.location.assign(afterSignIn());
      // The account exists either way: let them sign in by hand.
      say(message, 'Your account is ready. Please log in.', 'ok');
      const back = wayBack();
      window.setTimeout(() => window.location.assign(authPageHref('/login', back?.target ?? null, back?.param)), 1200);
      return;
    }
    done();
    say(message, registerFailure(res));
  });
  armForm(form);
}
