import { describe, expect, it } from 'vitest';
import { errorOf } from './test-support.ts';
import { PASSWORD_MAX, PASSWORD_MIN, validatePassword } from './password-policy.ts';

describe('validatePassword', () => {
  it('has bounds 8 and 128', () => {
    expect(PASSWORD_MIN).toBe(8);
    expect(PASSWORD_MAX).toBe(128);
  });

  it('accepts a reasonable password', () => {
    expect(() => validatePassword('correct horse battery staple')).not.toThrow();
    expect(() => validatePassword('Tr1cky-Court')).not.toThrow();
  });

  it('accepts exactly 8 and exactly 128 characters', () => {
    expect(() => validatePassword('k7#Qm2!x')).not.toThrow();
    expect(() => validatePassword('a'.repeat(127) + 'b')).not.toThrow();
  });

  it.each([
    ['empty', ''],
    ['7 characters', 'k7#Qm2!'],
    ['129 characters', 'a'.repeat(128) + 'b'],
    ['1000 characters', 'xY3!'.repeat(250)],
  ])('refuses %s with WEAK_PASSWORD', (_label, password) => {
    const err = errorOf(() => validatePassword(password));
    expect(err.code).toBe('WEAK_PASSWORD');
    expect(err.kind).toBe('invalid');
    expect(err.path).toBe('password');
    expect(err.message).toBe('password must be 8 to 128 characters long');
  });

  it.each(['password', 'PASSWORD', 'Password1', 'pAsSwOrD123', '12345678', 'QWERTYUIOP', 'Courtside123', 'iloveyou', 'LetMeIn1', 'P@ssw0rd'])(
    'refuses the common password %j case-insensitively',
    (password) => {
      const err = errorOf(() => validatePassword(password));
      expect(err.code).toBe('COMMON_PASSWORD');
      expect(err.kind).toBe('invalid');
      expect(err.message).toBe('password is one of the most common passwords; please choose another');
    },
  );

  it('does not refuse passwords that merely contain a common one', () => {
    expect(() => validatePassword('password-for-courtside-42')).not.toThrow();
    expect(() => validatePassword(' password')).not.toThrow();
  });

  it('names the given path', () => {
    expect(errorOf(() => validatePassword('short', 'newPassword')).path).toBe('newPassword');
    const err = errorOf(() => validatePassword('sunshine', 'newPassword'));
    expect(err.path).toBe('newPassword');
    expect(err.message).toBe('newPassword is one of the most common passwords; please choose another');
  });
});
