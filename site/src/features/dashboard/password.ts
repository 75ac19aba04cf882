import { saveToken } from '@courtside/browser';
import type { ChangePasswordBody } from '@courtside/contracts';
import { api } from '../../lib/api.ts';
import { NEW_PASSWORD, PASSWORDS_DIFFER } from '../auth/password-rules.ts';
import type { Draft, DraftErrors } from '../../ui/useEditableForm.ts';

/** Changing the password from the profile: the current one, the new one twice. */
export const PASSWORD_FIELDS = ['currentPassword', 'newPassword', 'confirm'] as const;
export type PasswordDraft = Draft<(typeof PASSWORD_FIELDS)[number]>;

export const PASSWORD_CHANGED = 'Password changed. You are still signed in here; every other device has been signed out.';

export function validatePasswordDraft(d: PasswordDraft): DraftErrors<keyof PasswordDraft> {
  const errors: DraftErrors<keyof PasswordDraft> = {};
  if (!d.currentPassword) errors.currentPassword = 'Please enter your current password.';
  if (!d.newPassword) errors.newPassword = 'Please enter a new password.';
  else if (d.newPassword.length < NEW_PASSWORD.minLength || d.newPassword.length > NEW_PASSWORD.maxLength) {
    errors.newPassword = `Use ${NEW_PASSWORD.minLength} to ${NEW_PASSWORD.maxLength} characters.`;
  }
  if (!d.confirm) errors.confirm = 'Please enter the new password again.';
  else if (d.confirm !== d.newPassword) errors.confirm = PASSWORDS_DIFFER;
  return errors;
}

/**
 * Changes the password. The server signs out every session of the account and issues this one
 * a fresh token: it is stored at once, so the next call of this page is still signed in.
 */
export async function changePassword(d: PasswordDraft): Promise<void> {
  const res = await api<null>('/api/auth/change-password', { method: 'POST', body: { currentPassword: d.currentPassword, newPassword: d.newPassword } satisfies ChangePasswordBody });
  if (res.token) saveToken(res.token);
}
