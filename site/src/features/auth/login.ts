import type { UserDto } from '@courtside/domain';
import { safeRedirect, saveSession } from '../../lib/session.ts';
import { armForm, busy, postJson, redirectParam, say } from './auth.ts';

export const LOGIN_FAILED = 'Login failed. Please check your email and password.';

export function initLogin(form: HTMLFormElement, message: HTMLElement): void {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!form.reportValidity()) return;
    say(message, '');
    const data = new FormData(form);
    const done = busy(form.querySelector('button[type=submit]')!, 'Signing in…');
    const res = await postJson<UserDto>('/api/auth/login', {
      email: String(data.get('email') ?? '').trim(),
      password: String(data.get('password') ?? ''),
    });
    if (res.ok && res.token && res.data) {
      saveSession(res.token, res.data);
      window.location.assign(safeRedirect(redirectParam()));
      return;
    }
    done();
    // Too many attempts: the server says when to try again.
    say(message, res.status === 429 && res.message ? res.message : res.status === 0 ? res.message : LOGIN_FAILED);
    (form.elements.namedItem('password') as HTMLInputElement).select();
  });
  armForm(form);
}
