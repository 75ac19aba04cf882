import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, book, customer, facility, type Actor } from './support/actors.ts';

const JSON_TYPE = { 'content-type': 'application/json' };

/**
 * Many HTTP clients send `Content-Type: application/json` on every request, those with nothing
 * to send included: an empty body under that type is no body. A route that needs a body still
 * refuses a request without one, saying so.
 */
describe('JSON bodies: an empty one is no body', () => {
  let t: TestApp;
  let staff: Actor;
  let casey: Actor;
  let court: { _id: string };

  beforeAll(async () => {
    t = await createTestApp({ clockStart: '2027-03-01T15:00:00Z' });
    staff = await admin(t.app);
    casey = await customer(t.app);
    court = await facility(t.app, staff);
  });
  afterAll(() => t?.close());

  it('a DELETE naming JSON with an empty body is served: a customer cancels, staff deactivate a user', async () => {
    const hold = await book(t.app, casey, court._id, '2027-03-05', '10:00', '11:00');
    const cancelled = await t.app.inject({ method: 'DELETE', url: `/api/bookings/${hold._id}`, headers: { ...casey.auth, ...JSON_TYPE }, payload: '' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.status).toBe('cancelled');

    const leaving = await customer(t.app, 'Leaving Customer');
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${leaving.id}`, headers: { ...staff.auth, ...JSON_TYPE }, payload: '' });
    expect(gone.statusCode, gone.body).toBe(200);
  });

  it('a POST without a body to give is served too: staff record a desk payment', async () => {
    const desk = await t.app.inject({
      method: 'POST',
      url: '/api/admin/bookings',
      headers: staff.auth,
      payload: { facilityId: court._id, date: '2027-03-05', startTime: '12:00', endTime: '13:00', userId: casey.id, payment: 'unpaid' },
    });
    expect(desk.statusCode, desk.body).toBe(201);
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/bookings/${desk.json().id}/mark-paid`, headers: { ...staff.auth, ...JSON_TYPE }, payload: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().paymentStatus).toBe('paid');
  });

  it('a POST that needs a body and gets an empty one is a 400 naming the missing body, and books nothing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/bookings', headers: { ...casey.auth, ...JSON_TYPE }, payload: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errorMessages: [{ path: 'body' }] });
    expect(res.json().message).toMatch(/^body is required/);
    // No content type at all: the same answer.
    const bare = await t.app.inject({ method: 'POST', url: '/api/bookings', headers: casey.auth });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toBe(res.json().message);
  });

  it('a body that is not JSON is still refused, and so is one that would poison a prototype', async () => {
    const broken = await t.app.inject({ method: 'POST', url: '/api/bookings', headers: { ...casey.auth, ...JSON_TYPE }, payload: '{"facility":' });
    expect(broken.statusCode).toBe(400);
    const poisoned = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { ...casey.auth, ...JSON_TYPE },
      payload: `{"facility":"${court._id}","date":"2027-03-05","startTime":"14:00","endTime":"15:00","__proto__":{"role":"admin"}}`,
    });
    expect(poisoned.statusCode).toBe(400);
  });
});
