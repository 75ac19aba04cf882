import type { ForgotPasswordBody } from '@courtside/contracts';
import { armForm, busy, explainedOr, postJson, say, type AuthResult } from './auth.ts';

/**
 * Asking for a reset link. The answer reads the same whether or not the email has an account
 * (the server's answer is the same too), so the page tells nobody who is a customer.
 */
export const FORGOT_SENT = 'If an account exists for that email, we sent a link to reset the password. It works once; check your spam folder if it does not arrive.';
export const FORGOT_FAILED = 'Could not send the link. Please try again.';

export function forgotOutcome(res: Pick<AuthResult<unknown>, 'ok' | 'code' | 'message'>): { text: string; kind: 'ok' | 'error' } {
  return res.ok ? { text: FORGOT_SENT, kind: 'ok' } : { text: explainedOr(res, FORGOT_FAILED), kind: 'error' };
}

export function initForgotPassword(form: HTMLFormElement, message: HTMLElement): void {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!form.reportValidity()) return;
    say(message, '');
    const email = String(new FormData(form).get('email') ?? '').trim();
    const done = busy(form.querySelector('button[type=submit]')!, 'Sending…');
    const outcome = forgotOutcome(await postJson<null, ForgotPasswordBody>('/api/auth/forgot-password', { email }));
    done();
    say(message, outcome.text, outcome.kind);
  });
  armForm(form);
}
