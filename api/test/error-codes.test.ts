import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { DomainError, ERROR_CODES, RateLimited } from '@courtside/domain';
import { retryAfterOf, toErrorResponse } from '../src/http/error-response.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { customer, type Actor } from './support/actors.ts';

/** Clients branch on `code`: every kind of failure carries one from ERROR_CODES, and the OpenAPI document lists them. */
describe('error codes on the wire', () => {
  describe('toErrorResponse', () => {
    it('keeps a DomainError code, with its field', () => {
      expect(toErrorResponse(new DomainError('conflict', 'HOLD_LIMIT_REACHED', 'Too many holds.', 'facility'))).toEqual({
        success: false,
        statusCode: 409,
        code: 'HOLD_LIMIT_REACHED',
        message: 'Too many holds.',
        errorMessages: [{ path: 'facility', message: 'Too many holds.' }],
      });
    });

    it.each([
      ['23P01', 409, 'SLOT_TAKEN'],
      ['23505', 409, 'ALREADY_EXISTS'],
      ['23503', 409, 'STILL_REFERENCED'],
      ['22P02', 400, 'BAD_FORMAT'],
      ['22001', 400, 'TOO_LONG'],
      ['22021', 400, 'BAD_CHARACTER'],
      ['22003', 400, 'OUT_OF_RANGE'],
    ])('maps SQLSTATE %s to %i %s', (sqlstate, statusCode, code) => {
      expect(toErrorResponse(Object.assign(new Error('db'), { code: sqlstate }))).toMatchObject({ statusCode, code });
    });

    it('names the linked facility that holds the time (linked courts), and keeps the plain words for the facility itself', () => {
      const linked = Object.assign(new Error('db'), { code: '23P01', constraint: 'bookings_linked', detail: 'Half A' });
      expect(toErrorResponse(linked)).toMatchObject({ statusCode: 409, code: 'SLOT_TAKEN', message: 'Half A is booked then. Please choose another time.' });
      const own = Object.assign(new Error('db'), { code: '23P01', constraint: 'bookings_no_overlap', detail: 'Key (facility_id, ...) conflicts' });
      expect(toErrorResponse(own).message).toBe('This time slot is already booked. Please choose another time.');
      const closed = Object.assign(new Error('db'), { code: 'CSH02', detail: 'Meadow Lane Pitch' });
      expect(toErrorResponse(closed)).toMatchObject({ statusCode: 409, code: 'FACILITY_CLOSED', message: 'Meadow Lane Pitch is closed then. Please choose another time.' });
      expect(toErrorResponse(Object.assign(new Error('db'), { code: 'CSH02', detail: '' })).message).toBe('The facility is closed at that time. Please choose another time.');
      expect(toErrorResponse(Object.assign(new Error('db'), { code: 'CSH08' }))).toMatchObject({ statusCode: 409, code: 'LINK_REFUSED' });
    });

    it("gives Fastify's own refusals a code by status, and hides server faults behind INTERNAL", () => {
      expect(toErrorResponse(Object.assign(new Error('too big'), { statusCode: 413 }))).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE' });
      expect(toErrorResponse(Object.assign(new Error('odd'), { statusCode: 400 }))).toMatchObject({ statusCode: 400, code: 'BAD_REQUEST' });
      const fault = toErrorResponse(new Error('SELECT * FROM secrets'));
      expect(fault).toMatchObject({ statusCode: 500, code: 'INTERNAL' });
      expect(fault.message).not.toContain('SELECT');
    });

    it('reads Retry-After from a RateLimited refusal only', () => {
      expect(retryAfterOf(new RateLimited('Slow down.', 7))).toBe(7);
      expect(retryAfterOf(new DomainError('rate_limited', 'TOO_MANY_REQUESTS', 'x'))).toBeUndefined();
    });
  });

  describe('through the app', () => {
    let t: TestApp;
    let casey: Actor;
    beforeAll(async () => {
      t = await createTestApp();
      casey = await customer(t.app);
    });
    afterAll(() => t?.close());

    const codeOf = async (opts: InjectOptions) => {
      const res = await t.app.inject(opts);
      return [res.statusCode, res.json().code] as const;
    };

    it('answers the common refusals with their codes', async () => {
      expect(await codeOf({ url: '/api/bookings/user/x' })).toEqual([401, 'UNAUTHENTICATED']);
      expect(await codeOf({ url: '/api/admin/stats', headers: casey.auth })).toEqual([403, 'ADMIN_ONLY']);
      expect(await codeOf({ url: '/api/no-such-route' })).toEqual([404, 'ROUTE_NOT_FOUND']);
      expect(await codeOf({ url: '/api/facility/3f0c6a52-2b1d-4c8e-9a57-0d6f1e2b3c4d' })).toEqual([404, 'FACILITY_NOT_FOUND']);
      expect(await codeOf({ method: 'POST', url: '/api/bookings', headers: casey.auth, payload: { facility: 'x' } })).toEqual([400, 'VALIDATION_FAILED']);
      expect(await codeOf({ url: '/api/facility/%E0%A4%A' })).toEqual([400, 'BAD_URL']);
    });

    it('documents the code and its values in the OpenAPI error envelope', async () => {
      const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
      const refusal = doc.paths['/api/bookings'].post.responses['409'].content['application/json'].schema;
      expect(refusal.required).toContain('code');
      expect(refusal.properties.code.enum).toEqual([...ERROR_CODES]);
    });
  });
});
