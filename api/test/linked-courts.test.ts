import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, book, customer, facility, type Actor } from './support/actors.ts';

// Clock: 2027-03-01 15:00Z = 10:00 in New York.
describe('linked courts', () => {
  let t: TestApp;
  let staff: Actor;
  let casey: Actor;
  let pitch: { _id: string; name: string };
  let halfA: { _id: string; name: string };
  let halfB: { _id: string; name: string };

  const free = async (facilityId: string, date: string) =>
    ((await t.app.inject({ url: `/api/check-availability?facility=${facilityId}&date=${date}` })).json().data as { startTime: string }[]).map((s) => s.startTime);

  beforeAll(async () => {
    t = await createTestApp();
    staff = await admin(t.app);
    casey = await customer(t.app, 'Casey Linked');
    pitch = await facility(t.app, staff, { name: 'Whole Pitch' });
    halfA = await facility(t.app, staff, { name: 'Half A', parentId: pitch._id });
    halfB = await facility(t.app, staff, { name: 'Half B', parentId: pitch._id });
  });
  afterAll(() => t.close());

  it('a booking on a half takes the whole pitch, not the other half', async () => {
    expect(await free(pitch._id, '2027-03-10')).toContain('12:00');
    const res = await book(t.app, casey, halfA._id, '2027-03-10', '12:00', '13:00');
    expect(res).toBeTruthy();
    expect(await free(pitch._id, '2027-03-10')).not.toContain('12:00');
    expect(await free(halfB._id, '2027-03-10')).toContain('12:00');
    const whole = await t.app.inject({ method: 'POST', url: '/api/bookings', headers: casey.auth, payload: { facility: pitch._id, date: '2027-03-10', startTime: '12:00', endTime: '13:00' } });
    expect(whole.statusCode, whole.body).toBe(409);
    expect(whole.json()).toMatchObject({ code: 'SLOT_TAKEN', message: 'Half A is booked then. Please choose another time.' });
    const got = await t.app.inject({ url: `/api/facility/${pitch._id}` });
    expect(got.json().data.parts.map((p: { name: string }) => p.name)).toEqual(['Half A', 'Half B']);
  });
});
