import type { UserDto } from '@courtside/domain';
import { armForm, busy, postJson, redirectParam, say } from './auth.ts';
import { safeRedirect } from '../../lib/session.ts';

export const REGISTER_OK = 'Registration successful!';
export const REGISTER_FAILED = 'Registration failed. Please try again.';

const FIELDS = ['name', 'photoUrl', 'email', 'password', 'phone', 'address'] as const;

/** "password must be 8 to 128 characters long" reads better as "Password must be …". */
function sentence(text: string): string {
  const t = text.trim();
  return t ? t[0]!.toUpperCase() + t.slice(1) + (/[.!?]$/.test(t) ? '' : '.') : '';
}

export function initRegister(form: HTMLFormElement, message: HTMLElement): void {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!form.reportValidity()) return;
    say(message, '');
    const data = new FormData(form);
    const body = Object.fromEntries(FIELDS.map((f) => [f, String(data.get(f) ?? '').trim()])) as Record<(typeof FIELDS)[number], string>;
    body.password = String(data.get('password') ?? '');
    const done = busy(form.querySelector('button[type=submit]')!, 'Creating account…');
    const res = await postJson<UserDto>('/api/auth/signup', body);
    if (res.ok) {
      say(message, REGISTER_OK, 'ok');
      const redirect = redirectParam();
      const next = redirect ? `/login?redirect=${encodeURIComponent(safeRedirect(redirect))}` : '/login';
      window.setTimeout(() => window.location.assign(next), 1200);
      return;
    }
    done();
    const reasons = res.reasons.length ? res.reasons : res.message ? [res.message] : [];
    say(message, [REGISTER_FAILED, ...reasons.map(sentence)].join(' '));
  });
  armForm(form);
}
