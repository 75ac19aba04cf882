import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { httpClient } from './dataProvider.ts';

/** localStorage as the session module uses it, in memory. */
const storage = new Map<string, string>();
const memoryStorage = {
  getItem: (k: string) => storage.get(k) ?? null,
  setItem: (k: string, v: string) => void storage.set(k, v),
  removeItem: (k: string) => void storage.delete(k),
};

const answer = (status: number, body: unknown) => vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
const sentAuthorization = (fetch: ReturnType<typeof answer>) => new Headers(fetch.mock.calls[0]![1]?.headers).get('Authorization');

describe('httpClient', () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', memoryStorage);
    storage.set('accessToken', 'session-token');
    storage.set('user', '{"_id":"u1"}');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    storage.clear();
  });

  it("sends the session's token and answers the parsed JSON", async () => {
    const fetch = answer(200, { data: 1 });
    vi.stubGlobal('fetch', fetch);
    const { json } = await httpClient('/api/admin/stats');
    expect(json).toEqual({ data: 1 });
    expect(sentAuthorization(fetch)).toBe('Bearer session-token');
  });

  it('clears the session when the API no longer accepts its token, and still rejects', async () => {
    vi.stubGlobal('fetch', answer(401, { code: 'UNAUTHENTICATED', message: 'Your session has ended. Please sign in again.' }));
    await expect(httpClient('/api/admin/stats')).rejects.toMatchObject({ body: { code: 'UNAUTHENTICATED' } });
    expect(storage.has('accessToken')).toBe(false);
  });

  it('keeps the session for other refusals and for calls with a token of their own', async () => {
    vi.stubGlobal('fetch', answer(401, { code: 'BAD_CREDENTIALS', message: 'Email or password is incorrect.' }));
    await expect(httpClient('/api/auth/login', { method: 'POST', token: null, body: '{}' })).rejects.toThrow('Email or password is incorrect.');
    vi.stubGlobal('fetch', answer(401, { code: 'UNAUTHENTICATED', message: 'no' }));
    await expect(httpClient('/api/auth/logout', { method: 'POST', token: 'old-token' })).rejects.toBeDefined();
    expect(storage.get('accessToken')).toBe('session-token');
  });

  it('sends no token when asked to sign in', async () => {
    const fetch = answer(200, { token: 't', data: {} });
    vi.stubGlobal('fetch', fetch);
    await httpClient('/api/auth/login', { method: 'POST', token: null, body: '{}' });
    expect(sentAuthorization(fetch)).toBeNull();
  });
});
