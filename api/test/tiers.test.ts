import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { openChangeFeedFor, type ChangeFeed } from '../src/db/change-feed.ts';
import { cachesOf } from '../src/services/caches.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, book, customer, facility, login, type Actor } from './support/actors.ts';
import { eventually, refused, type Res } from './support/expect.ts';
import { itOnPostgres } from './support/databases.ts';
import { listenLocally, race } from './support/race.ts';

// Customer tiers: staff define them and assign them to customers (with an optional expiry); the
// customer's tier price is what availability shows them and what every booking made for them costs.
// Clock: 2027-03-01T15:00Z = Monday 10:00 in New York (EST). 2027-03-03 is a Wednesday.
const START = '2027-03-01T15:00:00Z';
const DAY = '2027-03-03';
const EVERY_DAY = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
/** $30 an hour from 18:00 every day (the facility's base is $20). */
const PEAK = [{ days: EVERY_DAY, from: '18:00', to: '22:00', pricePerHour: 30 }];

/** An answer as these tests read it: headers, and any field of the body. */
type Answer = { headers: Record<string, unknown>; json(): ReturnType<Res['json']> & Record<string, unknown> } & Res;
interface Slot {
  startTime: string;
  endTime: string;
  price: number;
  tier?: string;
}
interface TierRecord {
  id: string;
  name: string;
  discountPercent: number | null;
  facilityPrices: Record<string, { pricePerHour?: number; rules?: Record<string, number> }> | null;
  customers: number;
}

describe('customer tiers', () => {
  let t: TestApp;
  let staff: Actor;
  let member: Actor;
  let guest: Actor;
  let tierCount = 0;

  const send = (method: 'POST' | 'PUT' | 'GET' | 'DELETE', url: string, actor?: Actor | { authorization: string }, payload?: unknown): Promise<Answer> =>
    t.app.inject({
      method,
      url,
      headers: actor ? ('auth' in actor ? actor.auth : actor) : undefined,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    }) as Promise<Answer>;
  const slots = async (f: { _id: string }, who?: Actor | { authorization: string }, date = DAY) => {
    const res = await send('GET', `/api/check-availability?date=${date}&facility=${f._id}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Slot[];
  };
  const priceAt = (day: Slot[], start: string) => day.find((s) => s.startTime === start)!;
  const newTier = async (body: Record<string, unknown>) => {
    const res = await send('POST', '/api/admin/tiers', staff, { name: `Tier ${++tierCount}`, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as unknown as TierRecord;
  };
  const assign = (who: Actor, tierId: string | null, tierExpiresAt?: string | null) =>
    send('PUT', `/api/admin/users/${who.id}`, staff, { tierId, ...(tierExpiresAt === undefined ? {} : { tierExpiresAt }) });

  beforeAll(async () => {
    t = await createTestApp({ clockStart: START });
    staff = await admin(t.app);
    member = await customer(t.app, 'Morgan Member');
    guest = await customer(t.app, 'Gale Guest');
  });
  beforeEach(async () => {
    t.clock.set(START);
    // Every test starts with a member without a tier.
    expect((await assign(member, null)).statusCode).toBe(200);
  });
  afterAll(() => t?.close());

  describe('staff define tiers at /api/admin/tiers', () => {
    it('creates, reads, lists (with how many customers hold each), replaces and deletes', async () => {
      const court = await facility(t.app, staff, { priceRules: PEAK });
      const created = await send('POST', '/api/admin/tiers', staff, { name: ' Gold Member ', discountPercent: 15 });
      expect(created.statusCode, created.body).toBe(201);
      const gold = created.json() as unknown as TierRecord & { createdAt: string };
      expect(gold).toMatchObject({ name: 'Gold Member', discountPercent: 15, facilityPrices: null, customers: 0, createdAt: '2027-03-01T15:00:00.000Z' });
      expect((await send('GET', `/api/admin/tiers/${gold.id}`, staff)).json()).toEqual(gold);

      const prices = { [court._id]: { pricePerHour: 15, rules: { '0': 24.5 } } };
      const coach = await send('POST', '/api/admin/tiers', staff, { name: 'Coach', discountPercent: null, facilityPrices: prices });
      expect(coach.statusCode, coach.body).toBe(201);
      expect(coach.json()).toMatchObject({ name: 'Coach', discountPercent: null, facilityPrices: prices, customers: 0 });
      const coachId = coach.json().id as string;

      expect((await assign(member, gold.id)).statusCode).toBe(200);
      const list = await send('GET', `/api/admin/tiers?sort=${encodeURIComponent('["name","ASC"]')}&range=[0,99]&filter=${encodeURIComponent('{"q":"o"}')}`, staff);
      expect(list.statusCode, list.body).toBe(200);
      const listed = list.json() as unknown as TierRecord[];
      expect(listed.map((r) => [r.name, r.customers])).toEqual([['Coach', 0], ['Gold Member', 1]]);
      expect(list.headers['content-range']).toBe('tiers 0-1/2');
      // getMany, as react-admin's reference fields ask.
      const many = await send('GET', `/api/admin/tiers?filter=${encodeURIComponent(JSON.stringify({ id: [coachId] }))}`, staff);
      expect((many.json() as unknown as TierRecord[]).map((r) => r.id)).toEqual([coachId]);
      const byCustomers = await send('GET', `/api/admin/tiers?sort=${encodeURIComponent('["customers","DESC"]')}`, staff);
      expect((byCustomers.json() as unknown as TierRecord[])[0]!.id).toBe(gold.id);

      // PUT takes the whole record, as react-admin sends it: its own fields are ignored.
      const replaced = await send('PUT', `/api/admin/tiers/${coachId}`, staff, { ...coach.json(), name: 'Coaches', facilityPrices: { [court._id]: { pricePerHour: 12 } } });
      expect(replaced.statusCode, replaced.body).toBe(200);
      expect(replaced.json()).toMatchObject({ id: coachId, name: 'Coaches', facilityPrices: { [court._id]: { pricePerHour: 12 } } });
      // A kind can change: the other one is sent as null.
      const toPercent = await send('PUT', `/api/admin/tiers/${coachId}`, staff, { name: 'Coaches', discountPercent: 5, facilityPrices: null });
      expect(toPercent.json()).toMatchObject({ discountPercent: 5, facilityPrices: null });

      const deleted = await send('DELETE', `/api/admin/tiers/${coachId}`, staff);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(deleted.json()).toMatchObject({ id: coachId, name: 'Coaches' });
      expect((await send('GET', `/api/admin/tiers/${coachId}`, staff)).json()).toMatchObject({ statusCode: 404, code: 'TIER_NOT_FOUND' });
      expect((await send('PUT', `/api/admin/tiers/${coachId}`, staff, { name: 'Gone', discountPercent: 5 })).json()).toMatchObject({ statusCode: 404, code: 'TIER_NOT_FOUND' });
      expect((await send('DELETE', `/api/admin/tiers/${coachId}`, staff)).json()).toMatchObject({ statusCode: 404, code: 'TIER_NOT_FOUND' });
    });

    it('names are unique whatever their case', async () => {
      const first = await newTier({ name: 'Junior', discountPercent: 10 });
      const again = await send('POST', '/api/admin/tiers', staff, { name: 'JUNIOR', discountPercent: 20 });
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json()).toMatchObject({ code: 'ALREADY_EXISTS', errorMessages: [{ path: 'name' }] });
      const other = await newTier({ discountPercent: 20 });
      const renamed = await send('PUT', `/api/admin/tiers/${other.id}`, staff, { name: 'junior', discountPercent: 20 });
      expect(renamed.json()).toMatchObject({ statusCode: 409, code: 'ALREADY_EXISTS' });
      // Its own name in another case is no clash.
      expect((await send('PUT', `/api/admin/tiers/${first.id}`, staff, { name: 'JUNIOR', discountPercent: 10 })).statusCode).toBe(200);
    });

    it('refuses every mistake with a 400 naming the field', async () => {
      const court = await facility(t.app, staff, { priceRules: PEAK });
      const f = court._id;
      const post = (body: Record<string, unknown>) => send('POST', '/api/admin/tiers', staff, { name: 'Refused', ...body });
      refused(await post({ name: '   ', discountPercent: 10 }), 'name');
      refused(await post({ name: 'x'.repeat(61), discountPercent: 10 }), 'name');
      refused(await send('POST', '/api/admin/tiers', staff, { discountPercent: 10 }), 'name');
      refused(await post({}), 'discountPercent', 'INVALID_TIER');
      refused(await post({ discountPercent: null, facilityPrices: null }), 'discountPercent', 'INVALID_TIER');
      refused(await post({ discountPercent: 10, facilityPrices: { [f]: { pricePerHour: 10 } } }), 'facilityPrices', 'INVALID_TIER');
      refused(await post({ discountPercent: 0 }), 'discountPercent');
      refused(await post({ discountPercent: 101 }), 'discountPercent');
      refused(await post({ discountPercent: 12.5 }), 'discountPercent');
      refused(await post({ discountPercent: '10' }), 'discountPercent');
      refused(await post({ facilityPrices: {} }), 'facilityPrices', 'INVALID_TIER');
      refused(await post({ facilityPrices: { [f]: {} } }), `facilityPrices.${f}`, 'INVALID_TIER');
      refused(await post({ facilityPrices: { [f]: { rules: {} } } }), `facilityPrices.${f}`, 'INVALID_TIER');
      refused(await post({ facilityPrices: { [f]: { pricePerHour: -5 } } }), `facilityPrices.${f}.pricePerHour`);
      refused(await post({ facilityPrices: { [f]: { rules: { '0': 2_000_000 } } } }), `facilityPrices.${f}.rules.0`);
      refused(await post({ facilityPrices: { [f]: { rules: { '0': 1.234 } } } }), `facilityPrices.${f}.rules.0`, 'INVALID_AMOUNT');
      // The facility has one rule (index 0): index 1 is unknown, and so is anything not an index.
      const unknownRule = await post({ facilityPrices: { [f]: { rules: { '1': 10 } } } });
      refused(unknownRule, `facilityPrices.${f}.rules.1`, 'INVALID_TIER');
      expect(unknownRule.json().message).toBe(`facilityPrices.${f}.rules.1: no such price rule at this facility`);
      refused(await post({ facilityPrices: { [f]: { rules: { peak: 10 } } } }), `facilityPrices.${f}.rules.peak`, 'INVALID_TIER');
      const stranger = '00000000-0000-4000-8000-000000000000';
      const unknownFacility = await post({ facilityPrices: { [stranger]: { pricePerHour: 10 } } });
      refused(unknownFacility, `facilityPrices.${stranger}`, 'INVALID_TIER');
      expect(unknownFacility.json().message).toBe(`facilityPrices.${stranger}: no such facility`);
      refused(await post({ facilityPrices: { 'not-an-id': { pricePerHour: 10 } } }), 'facilityPrices.not-an-id', 'INVALID_TIER');
      // The same checks on a replacement.
      const tier = await newTier({ discountPercent: 10 });
      refused(await send('PUT', `/api/admin/tiers/${tier.id}`, staff, { name: tier.name, discountPercent: 10, facilityPrices: { [f]: { pricePerHour: 1 } } }), 'facilityPrices', 'INVALID_TIER');
      refused(await send('PUT', `/api/admin/tiers/${tier.id}`, staff, { name: tier.name, facilityPrices: { [f]: { rules: { '3': 1 } } } }), `facilityPrices.${f}.rules.3`, 'INVALID_TIER');
      // Nothing refused was stored.
      const names = (await send('GET', '/api/admin/tiers?range=[0,499]', staff)).json() as unknown as TierRecord[];
      expect(names.map((r) => r.name)).not.toContain('Refused');
    });
  });

  describe("a customer's tier on /api/admin/users/:id", () => {
    it('staff set and clear tierId and tierExpiresAt; the user records answer them', async () => {
      const tier = await newTier({ discountPercent: 10 });
      const set = await assign(member, tier.id, '2027-12-31T23:59:59.000Z');
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json()).toMatchObject({ id: member.id, tierId: tier.id, tierExpiresAt: '2027-12-31T23:59:59.000Z' });
      expect((await send('GET', `/api/admin/users/${member.id}`, staff)).json()).toMatchObject({ tierId: tier.id, tierExpiresAt: '2027-12-31T23:59:59.000Z' });
      const listed = (await send('GET', `/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ id: [member.id, guest.id] }))}`, staff)).json() as unknown as { id: string; tierId: string | null }[];
      expect(Object.fromEntries(listed.map((u) => [u.id, u.tierId]))).toEqual({ [member.id]: tier.id, [guest.id]: null });
      // The whole record back, as react-admin sends it, changes nothing.
      const whole = await send('PUT', `/api/admin/users/${member.id}`, staff, set.json());
      expect(whole.json()).toMatchObject({ tierId: tier.id, tierExpiresAt: '2027-12-31T23:59:59.000Z', name: 'Morgan Member' });
      // The expiry alone; then no expiry.
      expect((await send('PUT', `/api/admin/users/${member.id}`, staff, { tierExpiresAt: '2028-01-31T05:00:00.000Z' })).json()).toMatchObject({ tierId: tier.id, tierExpiresAt: '2028-01-31T05:00:00.000Z' });
      expect((await assign(member, tier.id, null)).json()).toMatchObject({ tierId: tier.id, tierExpiresAt: null });
      // Taking the tier away takes its expiry too.
      await assign(member, tier.id, '2027-12-31T23:59:59.000Z');
      expect((await assign(member, null)).json()).toMatchObject({ tierId: null, tierExpiresAt: null });
      // The customer's own profile has no tier fields to show or take.
      expect(Object.keys((await send('GET', '/api/auth/me', member)).json().data as object)).not.toContain('tierId');
    });

    it('refuses an unknown tier (naming tierId) and a bad expiry (naming tierExpiresAt)', async () => {
      refused(await assign(member, '00000000-0000-4000-8000-000000000000'), 'tierId', 'INVALID_TIER');
      refused(await assign(member, 'gold'), 'tierId');
      const tier = await newTier({ discountPercent: 10 });
      refused(await assign(member, tier.id, 'next year'), 'tierExpiresAt');
      refused(await assign(member, tier.id, '2027-02-30'), 'tierExpiresAt');
      refused(await assign(member, tier.id, '0000-01-01T00:00:00Z'), 'tierExpiresAt');
      refused(await assign(member, tier.id, '2101-01-01T00:00:00Z'), 'tierExpiresAt');
      const row = await t.database.db.selectFrom('users').select(['tier_id']).where('id', '=', member.id).executeTakeFirstOrThrow();
      expect(row.tier_id).toBeNull();
      // An account that is not there (or deactivated): 404.
      expect((await send('PUT', '/api/admin/users/00000000-0000-4000-8000-000000000000', staff, { tierId: tier.id })).json()).toMatchObject({ statusCode: 404, code: 'USER_NOT_FOUND' });
    });

    it('a customer cannot give themselves a tier: their profile update drops tierId and tierExpiresAt', async () => {
      const tier = await newTier({ discountPercent: 50 });
      const own = await send('PUT', '/api/auth/me', member, { name: 'Morgan Member', tierId: tier.id, tierExpiresAt: null });
      expect(own.statusCode, own.body).toBe(200);
      const row = await t.database.db.selectFrom('users').select(['tier_id', 'tier_expires_at']).where('id', '=', member.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ tier_id: null, tier_expires_at: null });
      // The staff route is closed to them.
      expect((await send('PUT', `/api/admin/users/${member.id}`, member, { tierId: tier.id })).statusCode).toBe(403);
      const court = await facility(t.app, staff);
      expect(priceAt(await slots(court, member), '10:00')).toEqual({ startTime: '10:00', endTime: '11:00', price: 20 });
      expect((await book(t.app, member, court._id, DAY, '10:00', '11:00')).payableAmount).toBe(20);
    });
  });

  describe('what a member sees and pays', () => {
    it('a discount tier: every slot shows the member price (named), and the hold costs it; anyone else sees public prices', async () => {
      const court = await facility(t.app, staff, { priceRules: PEAK });
      const tier = await newTier({ name: 'Member', discountPercent: 20 });
      await assign(member, tier.id);
      const day = await slots(court, member);
      expect(priceAt(day, '17:00')).toEqual({ startTime: '17:00', endTime: '18:00', price: 16, tier: 'Member' });
      expect(priceAt(day, '18:00')).toMatchObject({ price: 24, tier: 'Member' });
      expect(day.every((s) => s.tier === 'Member')).toBe(true);
      // Across the peak boundary: one hour of each, 20% off the exact total.
      const held = await book(t.app, member, court._id, DAY, '17:00', '19:00');
      expect(held.payableAmount).toBe(40);
      expect(held.payableAmount).toBe(priceAt(day, '17:00').price + priceAt(day, '18:00').price);

      // Without a token, with a bad one, or as a customer without a tier: public prices, never a 401.
      for (const who of [undefined, { authorization: 'Bearer nope.nope.nope' }, { authorization: 'Basic x' }, guest]) {
        const pub = await slots(court, who);
        expect(priceAt(pub, '16:00')).toEqual({ startTime: '16:00', endTime: '17:00', price: 20 });
        expect(priceAt(pub, '20:00').price).toBe(30);
        expect(pub.some((s) => 'tier' in s)).toBe(false);
      }
      expect((await book(t.app, guest, court._id, DAY, '10:00', '12:00')).payableAmount).toBe(40);
      // A revoked session is a visitor too.
      const revoked = await customer(t.app, 'Rita Revoked');
      await assign(revoked, tier.id);
      expect(priceAt(await slots(court, revoked), '13:00').price).toBe(16);
      expect((await send('POST', '/api/auth/logout', revoked)).statusCode).toBe(200);
      expect(priceAt(await slots(court, revoked), '13:00')).toEqual({ startTime: '13:00', endTime: '14:00', price: 20 });
      // "Today" (no date) is priced for the caller too.
      const today = (await send('GET', `/api/check-availability?facility=${court._id}`, member)).json().data as Slot[];
      expect(priceAt(today, '18:00')).toMatchObject({ price: 24, tier: 'Member' });
      expect(priceAt(today, '11:00')).toMatchObject({ price: 16, tier: 'Member' });
    });

    it("a tier with its own prices at a facility with a peak rule: base and rule prices, booked across the boundary; other facilities' prices are public", async () => {
      const court = await facility(t.app, staff, { pricePerHour: 20, priceRules: PEAK });
      const elsewhere = await facility(t.app, staff, { pricePerHour: 20, priceRules: PEAK });
      const tier = await newTier({ name: 'Coach', facilityPrices: { [court._id]: { pricePerHour: 15, rules: { '0': 24 } } } });
      await assign(member, tier.id);
      const day = await slots(court, member);
      expect([priceAt(day, '10:00'), priceAt(day, '17:00'), priceAt(day, '18:00'), priceAt(day, '21:00')].map((s) => [s.price, s.tier])).toEqual([
        [15, 'Coach'],
        [15, 'Coach'],
        [24, 'Coach'],
        [24, 'Coach'],
      ]);
      const held = await book(t.app, member, court._id, DAY, '17:00', '19:00');
      expect(held.payableAmount).toBe(39);
      // The tier prices nothing at the other facility: public prices there, not named.
      const other = await slots(elsewhere, member);
      expect(priceAt(other, '18:00')).toEqual({ startTime: '18:00', endTime: '19:00', price: 30 });
      expect((await book(t.app, member, elsewhere._id, DAY, '17:00', '19:00')).payableAmount).toBe(50);
      // Only the base price of its own: the peak costs the public price.
      const baseOnly = await newTier({ facilityPrices: { [court._id]: { pricePerHour: 10 } } });
      await assign(member, baseOnly.id);
      expect((await book(t.app, member, court._id, DAY, '20:00', '22:00')).payableAmount).toBe(60);
      expect((await book(t.app, member, court._id, DAY, '08:00', '09:00')).payableAmount).toBe(10);
      // A tier price above the public one is never charged.
      const dear = await newTier({ facilityPrices: { [court._id]: { pricePerHour: 50 } } });
      await assign(member, dear.id);
      expect(priceAt(await slots(court, member), '11:00').price).toBe(20);
    });

    it('an expired tier gives public prices: it counts until its expiry, judged at the moment of the price', async () => {
      const court = await facility(t.app, staff);
      const tier = await newTier({ name: 'Annual', discountPercent: 50 });
      await assign(member, tier.id, '2027-03-01T16:00:00.000Z');
      expect(priceAt(await slots(court, member), '14:00')).toMatchObject({ price: 10, tier: 'Annual' });
      t.clock.set('2027-03-01T15:59:59Z');
      expect((await book(t.app, member, court._id, DAY, '08:00', '09:00')).payableAmount).toBe(10);
      // The moment it expires (the signed-in state kept in memory does not change that).
      t.clock.set('2027-03-01T16:00:00Z');
      expect(priceAt(await slots(court, member), '14:00')).toEqual({ startTime: '14:00', endTime: '15:00', price: 20 });
      expect((await book(t.app, member, court._id, DAY, '09:00', '10:00')).payableAmount).toBe(20);
      // Already expired when assigned.
      await assign(member, tier.id, '2027-02-01T00:00:00.000Z');
      expect(priceAt(await slots(court, member), '14:00').price).toBe(20);
      // Renewed: member prices again, at once.
      await assign(member, tier.id, '2028-03-01T00:00:00.000Z');
      expect(priceAt(await slots(court, member), '14:00').price).toBe(10);
    });

    it("a change to the tier (or to who holds it) shows at once in the member's prices", async () => {
      const court = await facility(t.app, staff);
      const tier = await newTier({ name: 'Monthly', discountPercent: 10 });
      await assign(member, tier.id);
      expect(priceAt(await slots(court, member), '10:00').price).toBe(18);
      const changed = await send('PUT', `/api/admin/tiers/${tier.id}`, staff, { name: 'Monthly Plus', discountPercent: 25 });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(priceAt(await slots(court, member), '10:00')).toMatchObject({ price: 15, tier: 'Monthly Plus' });
      expect((await book(t.app, member, court._id, DAY, '10:00', '11:00')).payableAmount).toBe(15);
      await assign(member, null);
      expect(priceAt(await slots(court, member), '11:00')).toEqual({ startTime: '11:00', endTime: '12:00', price: 20 });
    });

    it('staff booking, moving and setting up a series for a member charge the member price', async () => {
      const court = await facility(t.app, staff, { pricePerHour: 20, priceRules: PEAK });
      const tier = await newTier({ name: 'Club', discountPercent: 20 });
      await assign(member, tier.id);
      const desk = await send('POST', '/api/admin/bookings', staff, { facilityId: court._id, date: DAY, startTime: '17:00', endTime: '19:00', userId: member.id, payment: 'unpaid' });
      expect(desk.statusCode, desk.body).toBe(201);
      expect(desk.json()).toMatchObject({ payableAmount: 40 });
      // The staff member's own tier (none) does not matter, the customer's does; a guest pays public prices.
      const forGuest = await send('POST', '/api/admin/bookings', staff, { facilityId: court._id, date: DAY, startTime: '10:00', endTime: '11:00', userId: guest.id, payment: 'unpaid' });
      expect(forGuest.json()).toMatchObject({ payableAmount: 20 });

      // A move of the member's unpaid hold by staff is priced for the member.
      const held = await book(t.app, member, court._id, DAY, '12:00', '13:00');
      const moved = await send('PUT', `/api/bookings/${held._id}`, staff, { startTime: '20:00', endTime: '22:00', confirmPriceChange: true });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json().data).toMatchObject({ startTime: '20:00', payableAmount: 48 });

      const series = await send('POST', '/api/admin/series', staff, {
        facilityId: court._id, firstDate: '2027-03-04', startTime: '18:00', endTime: '19:00', every: 1, count: 3, userId: member.id, payment: 'unpaid', onConflict: 'fail',
      });
      expect(series.statusCode, series.body).toBe(201);
      expect((series.json() as { occurrences: { payableAmount: number }[] }).occurrences.map((o) => o.payableAmount)).toEqual([24, 24, 24]);
    });
  });

  describe('another API process, which keeps signed-in customers (and their tiers) in memory', () => {
    let cached: App;
    let feed: ChangeFeed;

    beforeAll(async () => {
      feed = (await openChangeFeedFor(t.database))!;
      cached = await buildApp({ config: t.config, db: t.database.db, jwtSecret: 'a-test-secret-that-is-long-enough-for-hs256', clock: t.clock.now, changes: feed });
      await cached.ready();
      await eventually(async () => expect(feed.live).toBe(true));
    });
    afterAll(async () => {
      await cached?.close();
      await feed?.close();
    });

    it("hears a change to the tier, or to who holds it, and prices the member's next answer with it", async () => {
      const court = await facility(t.app, staff);
      const tier = await newTier({ name: 'Seasonal', discountPercent: 10 });
      await assign(member, tier.id);
      const here = await login(cached, member.email);
      const priceThere = async () => {
        const res = await cached.inject({ url: `/api/check-availability?date=${DAY}&facility=${court._id}`, headers: here.auth });
        return priceAt(res.json().data as Slot[], '10:00');
      };
      expect(await priceThere()).toMatchObject({ price: 18, tier: 'Seasonal' });
      expect(cachesOf(cached.ctx).authStates.get(member.id, '', t.clock.now().getTime())?.tier?.tier.name).toBe('Seasonal');
      expect((await send('PUT', `/api/admin/tiers/${tier.id}`, staff, { name: 'Seasonal', discountPercent: 30 })).statusCode).toBe(200);
      await eventually(async () => expect((await priceThere()).price).toBe(14));
      await assign(member, null);
      await eventually(async () => expect(await priceThere()).toEqual({ startTime: '10:00', endTime: '11:00', price: 20 }));
    });
  });

  describe('deleting a tier', () => {
    it('is refused with TIER_IN_USE while customers hold it, saying how many; deactivated accounts do not count', async () => {
      const tier = await newTier({ name: 'Founders', discountPercent: 10 });
      const second = await customer(t.app, 'Sam Second');
      const gone = await customer(t.app, 'Dee Deactivated');
      await assign(member, tier.id);
      await assign(second, tier.id, '2027-01-01T00:00:00.000Z');
      await assign(gone, tier.id);
      expect((await send('DELETE', `/api/users/${gone.id}`, staff)).statusCode).toBe(200);
      expect(((await send('GET', `/api/admin/tiers/${tier.id}`, staff)).json() as unknown as TierRecord).customers).toBe(2);

      const refusedDelete = await send('DELETE', `/api/admin/tiers/${tier.id}`, staff);
      expect(refusedDelete.statusCode, refusedDelete.body).toBe(409);
      expect(refusedDelete.json()).toMatchObject({ code: 'TIER_IN_USE', message: '2 customers hold the tier "Founders". Give them another tier (or none) before deleting it.' });
      await assign(second, null);
      expect((await send('DELETE', `/api/admin/tiers/${tier.id}`, staff)).json()).toMatchObject({ code: 'TIER_IN_USE', message: expect.stringMatching(/^1 customer holds/) });

      await assign(member, null);
      const deleted = await send('DELETE', `/api/admin/tiers/${tier.id}`, staff);
      expect(deleted.statusCode, deleted.body).toBe(200);
      const row = await t.database.db.selectFrom('users').select('tier_id').where('id', '=', gone.id).executeTakeFirstOrThrow();
      expect(row.tier_id).toBeNull();
    });

    itOnPostgres('racing an assignment over HTTP: either the delete or the assignment wins, never a customer holding a deleted tier', async () => {
      const base = await listenLocally(t.app);
      const http = (method: string, url: string, body: unknown) =>
        fetch(`${base}${url}`, { method, headers: { ...staff.auth, 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.status);
      const customers = [member, guest];
      for (let round = 0; round < 10; round++) {
        const tier = await newTier({ discountPercent: 10 });
        const [deleted, ...assigned] = await race([
          () => http('DELETE', `/api/admin/tiers/${tier.id}`, {}),
          ...customers.map((c) => () => http('PUT', `/api/admin/users/${c.id}`, { tierId: tier.id })),
        ]);
        const held = await t.database.db.selectFrom('users').select('id').where('tier_id', '=', tier.id).execute();
        const exists = await t.database.db.selectFrom('tiers').select('id').where('id', '=', tier.id).executeTakeFirst();
        if (deleted === 200) {
          expect(exists).toBeUndefined();
          expect(held).toEqual([]);
          for (const status of assigned) expect([200, 400]).toContain(status);
          // An assignment that won committed before the delete looked: the delete was refused instead.
          expect(assigned.every((s) => s === 400)).toBe(true);
        } else {
          expect(deleted).toBe(409);
          expect(exists).toBeDefined();
          expect(held.length).toBe(assigned.filter((s) => s === 200).length);
        }
        for (const c of customers) await assign(c, null);
      }
    });
  });
});
