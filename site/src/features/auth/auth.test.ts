import { describe, expect, it } from 'vitest';
import { LOGIN_FAILED, loginFailure } from './login.ts';
import { REGISTER_FAILED, registerFailure } from './register.ts';
import { authPageHref, wayBackOf } from './auth-links.ts';

describe('loginFailure', () => {
  it("repeats the server's words only when they help: too many attempts, or no answer", () => {
    expect(loginFailure({ code: 'TOO_MANY_REQUESTS', message: 'Try again in 5 minutes.' })).toBe('Try again in 5 minutes.');
    expect(loginFailure({ code: 'UNREACHABLE', message: 'Could not reach the server.' })).toBe('Could not reach the server.');
    expect(loginFailure({ code: 'BAD_CREDENTIALS', message: 'Invalid email or password' })).toBe(LOGIN_FAILED);
  });
});

describe('registerFailure', () => {
  it("gives each of the server's reasons as a sentence", () => {
    expect(registerFailure({ message: 'x', reasons: ['password must be 8 to 128 characters long'] })).toBe('Password must be 8 to 128 characters long.');
    expect(registerFailure({ message: 'An account with this email already exists.', reasons: [] })).toBe('An account with this email already exists.');
    expect(registerFailure({ message: '', reasons: [] })).toBe(REGISTER_FAILED);
  });
});

describe('authPageHref', () => {
  it('keeps a safe way back, and only that', () => {
    expect(authPageHref('/login', '/facility-booking/1')).toBe('/login?redirect=%2Ffacility-booking%2F1');
    expect(authPageHref('/register', '//evil.example')).toBe('/register?redirect=%2Fdashboard');
    expect(authPageHref('/login', null)).toBe('/login');
  });
});

describe('the way back after signing in', () => {
  it('is `next` (a picked slot) before `redirect`, each kept under its own name', () => {
    const next = '/book?facility=f1&date=2026-11-21&start=18%3A00&end=19%3A00';
    const params = new URLSearchParams({ next, redirect: '/dashboard' });
    expect(wayBackOf(params)).toEqual({ param: 'next', target: next });
    expect(wayBackOf(new URLSearchParams('redirect=%2Fdashboard'))).toEqual({ param: 'redirect', target: '/dashboard' });
    expect(wayBackOf(new URLSearchParams(''))).toBeNull();
    expect(authPageHref('/register', next, 'next')).toBe(`/register?next=${encodeURIComponent(next)}`);
    expect(authPageHref('/login', 'https://evil.example/', 'next')).toBe('/login?next=%2Fdashboard');
  });
});
