import { describe, expect, it } from 'vitest';
import type { UserDto } from '@courtside/contracts';
import { getToken, getUser, loginUrlFor, safeRedirect, saveSession, saveToken, tokenExpired } from './session.ts';

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

  it('refuses paths a browser would read as another host (tabs, line breaks and backslashes are dropped or turned into slashes)', () => {
    for (const target of ['/\t/evil.example', '/\n/evil.example', '/\r\n/evil.example', '/x\\..\\\\evil.example', '/\u0000', `/${'a'.repeat(2048)}`]) {
      expect(safeRedirect(target)).toBe('/dashboard');
    }
  });

  it('keeps a chosen slot with its query string whole', () => {
    const next = '/book?facility=f1&date=2026-11-21&start=18%3A00&end=19%3A00';
    expect(safeRedirect(next)).toBe(next);
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

describe('saveToken', () => {
  it('replaces the token and keeps the signed-in user (a password change renews the session)', () => {
    const stored = new Map<string, string>();
    const storage = { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v), removeItem: (k: string) => void stored.delete(k) };
    Object.assign(globalThis, { localStorage: storage });
    try {
      const user = { _id: 'u1', name: 'Casey', email: 'c@example.com', phone: '1', address: 'x', photoUrl: '', role: 'user', emailReminders: true } satisfies UserDto;
      saveSession('old', user);
      saveToken('fresh');
      expect(getToken()).toBe('fresh');
      expect(getUser()).toEqual(user);
    } finally {
      Reflect.deleteProperty(globalThis, 'localStorage');
    }
  });
});
