import { describe, expect, it } from 'vitest';
import { FORGOT_FAILED, FORGOT_SENT, forgotOutcome } from './forgot-password.ts';
import { RESET_FAILED, RESET_LINK_INCOMPLETE, resetOutcome, tokenFrom } from './reset-password.ts';

const failed = (code: string, message: string, reasons: string[] = []) => ({ ok: false, code, message, reasons }) as Parameters<typeof resetOutcome>[0];

describe('forgotOutcome', () => {
  it('says the same neutral words for every answer the server gives to a known or unknown email', () => {
    expect(forgotOutcome({ ok: true, message: 'If an account exists for this email, we have sent it a link.' })).toEqual({ kind: 'ok', text: FORGOT_SENT });
    expect(forgotOutcome({ ok: true, message: '' })).toEqual({ kind: 'ok', text: FORGOT_SENT });
  });

  it("repeats the server's words only when they help", () => {
    expect(forgotOutcome(failed('TOO_MANY_REQUESTS', 'Too many password reset requests.'))).toEqual({ kind: 'error', text: 'Too many password reset requests.' });
    expect(forgotOutcome(failed('UNREACHABLE', 'Could not reach the server.'))).toEqual({ kind: 'error', text: 'Could not reach the server.' });
    expect(forgotOutcome(failed('INTERNAL', 'boom'))).toEqual({ kind: 'error', text: FORGOT_FAILED });
  });
});

describe('resetOutcome', () => {
  it('is done when the server changed the password', () => {
    expect(resetOutcome({ ok: true, message: 'Changed', reasons: [] })).toEqual({ kind: 'done' });
  });

  it('asks for a new link, in the server\'s words, when the link no longer works (by code, whatever the wording)', () => {
    for (const code of ['RESET_TOKEN_USED', 'RESET_TOKEN_EXPIRED', 'RESET_TOKEN_INVALID']) {
      expect(resetOutcome(failed(code, `Said by the server for ${code}.`))).toEqual({ kind: 'ask-again', text: `Said by the server for ${code}.` });
    }
    expect(resetOutcome(failed('RESET_TOKEN_INVALID', ''))).toEqual({ kind: 'ask-again', text: RESET_LINK_INCOMPLETE });
  });

  it('lets the customer try another password when the policy refuses one, naming why', () => {
    expect(resetOutcome(failed('WEAK_PASSWORD', 'x', ['password must be 8 to 128 characters long']))).toEqual({
      kind: 'retry',
      text: `${RESET_FAILED} Password must be 8 to 128 characters long.`,
    });
    expect(resetOutcome(failed('COMMON_PASSWORD', 'password is one of the most common passwords; please choose another'))).toEqual({
      kind: 'retry',
      text: `${RESET_FAILED} Password is one of the most common passwords; please choose another.`,
    });
  });

  it('keeps our own faults in its own words', () => {
    expect(resetOutcome(failed('INTERNAL', 'stack trace'))).toEqual({ kind: 'retry', text: `${RESET_FAILED} Please try again.` });
    expect(resetOutcome(failed('TIMEOUT', 'The server took too long to answer.'))).toEqual({ kind: 'retry', text: 'The server took too long to answer.' });
  });
});

describe('tokenFrom', () => {
  it('reads the token of the emailed link, or none', () => {
    expect(tokenFrom('?token=abc_DEF-123')).toBe('abc_DEF-123');
    expect(tokenFrom('?token=a%2Bb')).toBe('a+b');
    expect(tokenFrom('?token=')).toBeNull();
    expect(tokenFrom('?token=%20')).toBeNull();
    expect(tokenFrom('')).toBeNull();
  });
});
