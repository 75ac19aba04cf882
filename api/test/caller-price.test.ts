import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, customer, facility, type Actor } from './support/actors.ts';

// A facility's hourly price for whoever asks: the list price for visitors and customers without a
// tier, the tier's own (named) for a member, so the facility page and the booking step state the
// price the booking will cost them. Clock: Monday 1 March 2027, 10:00 in New York.
const START = '2027-03-01T15:00:00Z';
const EVERY_DAY = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
/** $30 an hour from 18:00 every day (the facility's base is $20). */
const PEAK = [{ days: EVERY_DAY, from: '18:00', to: '22:00', pricePerHour: 30 }];

describe("a facility's hourly price for the caller", () => {
  let t: TestApp;
  let staff: Actor;
  let member: Actor;
  let guest: Actor;

  const price = async (facilityId: string, who?: Actor) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/facility/${facilityId}/price`, headers: who?.auth });
    return { status: res.statusCode, headers: res.headers, body: res.json() as { data: unknown; message: string } };
  };

  beforeAll(async () => {
    t = await createTestApp({ clockStart: START });
    staff = await admin(t.app);
    member = await customer(t.app, 'Morgan Member');
    guest = await customer(t.app, 'Gale Guest');
    const tier = await t.app.inject({ method: 'POST', url: '/api/admin/tiers', headers: staff.auth, payload: { name: 'Member', discountPercent: 20 } });
    expect(tier.statusCode, tier.body).toBe(201);
    const assigned = await t.app.inject({ method: 'PUT', url: `/api/admin/users/${member.id}`, headers: staff.auth, payload: { tierId: (tier.json() as { id: string }).id } });
    expect(assigned.statusCode, assigned.body).toBe(200);
  });
  afterAll(() => t?.close());

  it('is the list price ("from" when rules vary it) for a visitor and a customer without a tier', async () => {
    const court = await facility(t.app, staff, { priceRules: PEAK });
    const list = { pricePerHour: 20, varies: true };
    for (const who of [undefined, guest]) {
      const res = await price(court._id, who);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ price: list, listPrice: list, tier: null });
    }
  });

  it("is the member's own price, named, beside the list price, and never kept by a shared cache", async () => {
    const court = await facility(t.app, staff, { priceRules: PEAK });
    const res = await price(court._id, member);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ price: { pricePerHour: 16, varies: true }, listPrice: { pricePerHour: 20, varies: true }, tier: 'Member' });
    expect(res.headers['cache-control']).toBe('private, no-store');
    const flat = await facility(t.app, staff, { pricePerHour: 25 });
    expect((await price(flat._id, member)).body.data).toEqual({ price: { pricePerHour: 20, varies: false }, listPrice: { pricePerHour: 25, varies: false }, tier: 'Member' });
  });

  it('answers 404 for a facility that does not exist, and names a malformed id', async () => {
    const missing = await price('00000000-0000-4000-8000-000000000000', member);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Facility not found.');
    const bad = await price('not a uuid!', member);
    expect(bad.status).toBe(400);
  });
});
