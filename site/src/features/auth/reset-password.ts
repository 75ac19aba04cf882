import type { FailureCode } from '@courtside/browser';
import type { ResetPasswordBody } from '@courtside/contracts';
import { clearSession } from '@courtside/browser';
import { armForm, busy, explainedOr, postJson, say, withReasons, type AuthResult } from './auth.ts';
import { PASSWORDS_DIFFER } from './password-rules.ts';

/**
 * Setting a new password with the emailed link's token. A link that no longer works (used,
 * expired, replaced by a newer one) cannot be fixed by typing again: the page says why, in the
 * server's words, and offers to send a new one. A password the policy refuses can.
 */
export const RESET_LINK_INCOMPLETE = 'This reset link is not complete. Open the link from the email again, or ask for a new one.';
export const RESET_FAILED = 'Could not change the password.';

const LINK_REFUSALS: readonly FailureCode[] = ['RESET_TOKEN_INVALID', 'RESET_TOKEN_USED', 'RESET_TOKEN_EXPIRED'];
const PASSWORD_REFUSALS: readonly FailureCode[] = ['WEAK_PASSWORD', 'COMMON_PASSWORD', 'VALIDATION_FAILED'];

export type ResetOutcome = { kind: 'done' } | { kind: 'ask-again'; text: string } | { kind: 'retry'; text: string };

export function resetOutcome(res: Pick<AuthResult<unknown>, 'ok' | 'code' | 'message' | 'reasons'>): ResetOutcome {
  if (res.ok) return { kind: 'done' };
  if (res.code && LINK_REFUSALS.includes(res.code)) return { kind: 'ask-again', text: res.message || RESET_LINK_INCOMPLETE };
  if (res.code && PASSWORD_REFUSALS.includes(res.code)) return { kind: 'retry', text: withReasons(RESET_FAILED, res) };
  return { kind: 'retry', text: explainedOr(res, `${RESET_FAILED} Please try again.`) };
}

/** The token of the link that opened this page, if it has one. */
export const tokenFrom = (search: string): string | null => new URLSearchParams(search).get('token')?.trim() || null;

export interface ResetElements {
  form: HTMLFormElement;
  message: HTMLElement;
  /** Shown once the password is changed (with the way to log in). */
  done: HTMLElement;
  /** Shown when the link no longer works (with the way to ask again); its `[data-reason]` gets why. */
  again: HTMLElement;
}

export function initResetPassword({ form, message, done, again }: ResetElements): void {
  const finish = (shown: HTMLElement) => {
    form.hidden = true;
    shown.hidden = false;
    shown.focus();
  };
  const askAgain = (text: string) => {
    again.querySelector('[data-reason]')!.textContent = text;
    finish(again);
  };
  const token = tokenFrom(window.location.search);
  if (!token) return askAgain(RESET_LINK_INCOMPLETE);

  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
  // The browser's own check shows the mismatch on the field itself, like a missing value.
  field('confirm').addEventListener('input', () => field('confirm').setCustomValidity(''));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    say(message, '');
    const password = field('password').value;
    field('confirm').setCustomValidity(field('confirm').value && field('confirm').value !== password ? PASSWORDS_DIFFER : '');
    if (!form.reportValidity()) return;
    const restore = busy(form.querySelector('button[type=submit]')!, 'Saving…');
    const outcome = resetOutcome(await postJson<null, ResetPasswordBody>('/api/auth/reset-password', { token, password }));
    restore();
    if (outcome.kind === 'done') {
      // Every session of the account has ended, this browser's too if it had one.
      clearSession();
      return finish(done);
    }
    if (outcome.kind === 'ask-again') return askAgain(outcome.text);
    say(message, outcome.text);
    field('password').select();
  });
  armForm(form);
}
