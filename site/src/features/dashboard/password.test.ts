import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX, PASSWORD_MIN } from '@courtside/domain';
import { PASSWORDS_DIFFER } from '../auth/password-rules.ts';
import { validatePasswordDraft } from './password.ts';

describe('validatePasswordDraft', () => {
  const good = { currentPassword: 'old-Pass-1', newPassword: 'brand-new-Pass-77', confirm: 'brand-new-Pass-77' };

  it('passes a complete draft whose new password is typed twice alike', () => {
    expect(validatePasswordDraft(good)).toEqual({});
  });

  it('names each missing field', () => {
    expect(Object.keys(validatePasswordDraft({ currentPassword: '', newPassword: '', confirm: '' }))).toEqual(['currentPassword', 'newPassword', 'confirm']);
  });

  it("holds the new password to the domain's length bounds, as sign-up does", () => {
    const short = 'x'.repeat(PASSWORD_MIN - 1);
    const long = 'x'.repeat(PASSWORD_MAX + 1);
    expect(validatePasswordDraft({ ...good, newPassword: short, confirm: short }).newPassword).toBe(`Use ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`);
    expect(validatePasswordDraft({ ...good, newPassword: long, confirm: long }).newPassword).toBeDefined();
    expect(validatePasswordDraft({ ...good, newPassword: 'x'.repeat(PASSWORD_MIN), confirm: 'x'.repeat(PASSWORD_MIN) })).toEqual({});
  });

  it('says when the two new passwords differ', () => {
    expect(validatePasswordDraft({ ...good, confirm: 'brand-new-Pass-78' })).toEqual({ confirm: PASSWORDS_DIFFER });
  });
});
