import { describe, expect, it } from 'vitest';
import { CHECK_FAILED, NOT_SIX_DIGITS, SIGNED_OUT, backspace, looksLikeDeviceKey, outcomeOf, pressDigit } from './kiosk.ts';

describe('the door kiosk', () => {
  it('shows the server words for an answer, welcome or not', () => {
    expect(outcomeOf(200, { allow: true, message: 'Welcome, Ana: Court 3 until 7:00 PM' }, null)).toEqual({ tone: 'welcome', message: 'Welcome, Ana: Court 3 until 7:00 PM' });
    expect(outcomeOf(200, { allow: false, reason: 'ended', message: 'This booking has ended.' }, null)).toEqual({ tone: 'refused', message: 'This booking has ended.' });
  });

  it('a revoked key signs the tablet out; too many wrong codes says for how long; the rest in its own words', () => {
    expect(outcomeOf(401, { code: 'UNAUTHENTICATED' }, null)).toEqual({ tone: 'signed-out', message: SIGNED_OUT });
    expect(outcomeOf(429, { code: 'TOO_MANY_REQUESTS' }, '600')).toEqual({ tone: 'blocked', message: 'Too many wrong codes. Please try again in 10 minutes or ask the staff.' });
    expect(outcomeOf(400, {}, null)).toEqual({ tone: 'refused', message: NOT_SIX_DIGITS });
    expect(outcomeOf(503, null, null)).toEqual({ tone: 'error', message: CHECK_FAILED });
  });

  it('takes six digits at most, and only digits', () => {
    expect(pressDigit('12345', '6')).toBe('123456');
    expect(pressDigit('123456', '7')).toBe('123456');
    expect(pressDigit('1', 'x')).toBe('1');
    expect(backspace('12')).toBe('1');
    expect(backspace('')).toBe('');
  });

  it('knows a device key when it sees one', () => {
    expect(looksLikeDeviceKey(` csd_${'a'.repeat(43)} `)).toBe(true);
    expect(looksLikeDeviceKey(`csd_${'a'.repeat(42)}`)).toBe(false);
    expect(looksLikeDeviceKey('eyJhbGciOi.x.y')).toBe(false);
  });
});
