import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, TIMEOUT_MESSAGE, UNREACHABLE_MESSAGE, createApiClient, isAbort } from './api-client.ts';

/** A tiny API: each path answers one way, and echoes what it was sent. */
function answer(req: IncomingMessage, res: ServerResponse, body: string) {
  const json = (status: number, payload: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(payload));
  };
  switch (req.url) {
    case '/echo':
      return json(200, { success: true, statusCode: 200, message: 'ok', data: { method: req.method, auth: req.headers.authorization ?? null, type: req.headers['content-type'] ?? null, body: body ? JSON.parse(body) : null } });
    case '/headers':
      return json(200, { success: true, statusCode: 200, message: 'ok', data: req.headers });
    case '/taken':
      return json(409, { success: false, statusCode: 409, code: 'SLOT_TAKEN', message: 'This time slot is already booked.', errorMessages: [{ path: '', message: 'This time slot is already booked.' }] });
    case '/free':
      return json(409, { success: false, statusCode: 409, code: 'SLOT_FREE', message: 'That time is free: book it.', errorMessages: [], freeSlots: [{ facilityId: 'f1', facilityName: 'Court 1', date: '2026-11-21', startTime: '18:00', endTime: '19:00' }] });
    case '/invalid':
      return json(400, { success: false, statusCode: 400, code: 'VALIDATION_FAILED', message: 'body/name is required', errorMessages: [{ path: '/body/name', message: 'body/name is required' }] });
    case '/ended':
      return json(401, { success: false, statusCode: 401, code: 'UNAUTHENTICATED', message: 'Please log in again.', errorMessages: [] });
    case '/booking.ics':
      res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' });
      return res.end(`BEGIN:VCALENDAR\r\nX-AUTH:${req.headers.authorization ?? ''}\r\nX-ACCEPT:${req.headers.accept ?? ''}\r\nEND:VCALENDAR\r\n`);
    case '/not-json':
      res.writeHead(502, { 'content-type': 'text/html' });
      return res.end('<h1>Bad gateway</h1>');
    case '/slow':
      return void setTimeout(() => json(200, { success: true, statusCode: 200, message: 'late', data: null }), 2_000);
    default:
      return json(404, { success: false, statusCode: 404, code: 'ROUTE_NOT_FOUND', message: 'Not found', errorMessages: [] });
  }
}

let server: Server;
let baseUrl = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => answer(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const failureOf = async (p: Promise<unknown>) => p.then(() => { throw new Error('expected the call to fail'); }, (err: unknown) => err);

describe('createApiClient', () => {
  it('sends JSON with the given token and returns the envelope', async () => {
    const api = createApiClient({ baseUrl });
    const res = await api<{ method: string; auth: string; type: string; body: unknown }>('/echo', { method: 'POST', body: { a: 1 }, token: 'T' });
    expect(res.data).toEqual({ method: 'POST', auth: 'Bearer T', type: 'application/json', body: { a: 1 } });
    expect(res.message).toBe('ok');
  });

  it("sends the client's own headers with every call (a server-side page's: whom it calls for), its accept and token winning", async () => {
    const api = createApiClient({ baseUrl, headers: { 'x-courtside-visitor': '198.51.100.7', accept: 'text/plain' } });
    expect((await api<Record<string, string>>('/headers', { token: 'T' })).data).toMatchObject({ 'x-courtside-visitor': '198.51.100.7', accept: 'application/json', authorization: 'Bearer T' });
  });

  it('sends no token when there is none (no stored session here)', async () => {
    const api = createApiClient({ baseUrl });
    expect((await api<{ auth: string | null; type: string | null }>('/echo')).data).toMatchObject({ auth: null, type: null });
  });

  it("carries the server's status, code, message and field errors", async () => {
    const api = createApiClient({ baseUrl });
    const taken = await failureOf(api('/taken', { method: 'POST', body: {} }));
    expect(taken).toBeInstanceOf(ApiError);
    expect(taken).toMatchObject({ status: 409, code: 'SLOT_TAKEN', message: 'This time slot is already booked.' });
    expect(await failureOf(api('/invalid'))).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: '/body/name', message: 'body/name is required' }] });
    expect(taken).toMatchObject({ freeSlots: [] });
  });

  it('carries the free slots a refusal offers instead', async () => {
    const api = createApiClient({ baseUrl });
    expect(await failureOf(api('/free', { method: 'POST', body: {} }))).toMatchObject({
      code: 'SLOT_FREE',
      freeSlots: [{ facilityId: 'f1', facilityName: 'Court 1', date: '2026-11-21', startTime: '18:00', endTime: '19:00' }],
    });
  });

  it('reads an answer that is not the envelope as an internal failure', async () => {
    const api = createApiClient({ baseUrl });
    expect(await failureOf(api('/not-json'))).toMatchObject({ status: 502, code: 'INTERNAL', message: 'The server answered 502.' });
  });

  it('says when the server cannot be reached', async () => {
    const api = createApiClient({ baseUrl: 'http://127.0.0.1:1' });
    expect(await failureOf(api('/echo'))).toMatchObject({ status: 0, code: 'UNREACHABLE', message: UNREACHABLE_MESSAGE });
  });

  it('gives up after the timeout, but lets the caller abort quietly', async () => {
    const api = createApiClient({ baseUrl });
    expect(await failureOf(api('/slow', { timeoutMs: 100 }))).toMatchObject({ code: 'TIMEOUT', message: TIMEOUT_MESSAGE });
    const controller = new AbortController();
    const call = api('/slow', { signal: controller.signal, timeoutMs: 5_000 });
    controller.abort();
    expect(isAbort(await failureOf(call))).toBe(true);
  });

  it('reports an ended session only for the stored session, never for a token the caller gave', async () => {
    const ended: string[] = [];
    const api = createApiClient({ baseUrl, onSessionEnded: (err) => ended.push(err.code) });
    expect(await failureOf(api('/ended', { token: 'given' }))).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect(await failureOf(api('/ended'))).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(ended).toEqual([]);
  });

  it('downloads a file with the token, and fails with the same ApiError as a JSON call', async () => {
    const api = createApiClient({ baseUrl });
    const file = await api.file('/booking.ics', { token: 'T' });
    expect(file.type).toMatch(/^text\/calendar/);
    expect(await file.text()).toBe('BEGIN:VCALENDAR\r\nX-AUTH:Bearer T\r\nX-ACCEPT:*/*\r\nEND:VCALENDAR\r\n');
    expect(await failureOf(api.file('/taken'))).toMatchObject({ status: 409, code: 'SLOT_TAKEN', message: 'This time slot is already booked.' });
    expect(await failureOf(api.file('/not-json'))).toMatchObject({ status: 502, code: 'INTERNAL' });
    const ended: string[] = [];
    const watched = createApiClient({ baseUrl, onSessionEnded: (err) => ended.push(err.code) });
    expect(await failureOf(watched.file('/ended', { token: 'given' }))).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(ended).toEqual([]);
  });

  it("reports when the server no longer accepts the stored session's token", async () => {
    const stored = new Map([['accessToken', 'stale']]);
    const storage = { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v), removeItem: (k: string) => void stored.delete(k) };
    Object.assign(globalThis, { localStorage: storage });
    try {
      const ended: string[] = [];
      const api = createApiClient({ baseUrl, onSessionEnded: (err) => ended.push(err.code) });
      expect((await api<{ auth: string }>('/echo')).data.auth).toBe('Bearer stale');
      await failureOf(api('/ended'));
      expect(ended).toEqual(['UNAUTHENTICATED']);
    } finally {
      Reflect.deleteProperty(globalThis, 'localStorage');
    }
  });
});
