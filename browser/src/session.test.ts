import { describe, expect, it } from 'vitest';
import { loginUrlFor, safeRedirect, tokenExpired } from './session.ts';

const jwt = (payload: object) => `h.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.s`;

describe('safeRedirect', () => {
  it('keeps paths on this site', () => {
    expect(safeRedirect('/dashboard/userBookings?x=1')).toBe('/dashboard/userBookings?x=1');
  });

  it('refuses other hosts, however they are written', () => {
    for (const target of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '', null]) {
      expect(safeRedirect(target)).toBe('/dashboard');
    }
    expect(safeRedirect('//evil.example', '/')).toBe('/');
  });
});

describe('loginUrlFor', () => {
  it('carries the way back, encoded', () => {
    expect(loginUrlFor('/facility-booking/abc?date=2026-11-21')).toBe('/login?redirect=%2Ffacility-booking%2Fabc%3Fdate%3D2026-11-21');
  });
});

describe('tokenExpired', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  it('reads the JWT expiry', () => {
    expect(tokenExpired(jwt({ exp: now / 1000 - 1 }), now)).toBe(true);
    expect(tokenExpired(jwt({ exp: now / 1000 + 60 }), now)).toBe(false);
  });

  it('leaves tokens it cannot read to the server', () => {
    expect(tokenExpired('not-a-jwt', now)).toBe(false);
    expect(tokenExpired(jwt({ sub: 'x' }), now)).toBe(false);
  });
});
