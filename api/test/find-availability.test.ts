import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { sql, type KyselyPlugin, type QueryResult, type UnknownRow } from 'kysely';
import { everyDay } from '@courtside/domain';
import type { AvailabilityDto, FacilityAvailabilityDto, SlotDto } from '@courtside/contracts';
import { buildApp, type App } from '../src/app.ts';
import { ChangeCache } from '../src/db/change-cache.ts';
import { openChangeFeedFor, type ChangeFeed } from '../src/db/change-feed.ts';
import { cachesOf } from '../src/services/caches.ts';
import { backend, createTestApp, type TestApp } from './support/test-app.ts';
import { admin, book, customer, facility, login, type Actor } from './support/actors.ts';
import { eventually, refused } from './support/expect.ts';

// Clock: 2027-03-01T15:00Z = Monday 10:00 in New York (EST). Tomorrow, 2027-03-02, is a Tuesday.
const START = '2027-03-01T15:00:00Z';
const TODAY = '2027-03-01';
const TOMORROW = '2027-03-02';
const WEDNESDAY = '2027-03-03';
const MINUTE = 60_000;
const hours = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `${String(from + i).padStart(2, '0')}:00`);

/**
 * GET /api/availability against the real app on both databases. `app` is an API process with
 * the change feed (its answers are cached); `t.app` is another process on the same database,
 * without a cache: changes made there reach `app` only through the database's notifications.
 * Each test uses facilities of its own sport, so the tests do not see each other's.
 */
describe(`find a court: every facility's free slots in one call (${backend})`, () => {
  let t: TestApp;
  let app: App;
  let feed: ChangeFeed;
  let staff: Actor;
  /** Staff and a customer of the other process. */
  let otherStaff: Actor;
  let otherCustomer: Actor;
  let casey: Actor;

  const find = async (query: string, headers: Record<string, string> = {}, on: App = app) => {
    const res = await on.inject({ url: `/api/availability?${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toMatchObject({ success: true, statusCode: 200 });
    return res.json().data as AvailabilityDto;
  };
  const names = (d: AvailabilityDto) => d.facilities.map((f) => f.name);
  const startsOf = (f: FacilityAvailabilityDto | undefined) => (f?.slots ?? []).map((s) => s.startTime);
  const entry = (d: AvailabilityDto, id: string) => d.facilities.find((f) => f._id === id);
  const single = async (facilityId: string, date: string, headers: Record<string, string> = {}) => {
    const res = await app.inject({ url: `/api/check-availability?date=${date}&facility=${facilityId}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as SlotDto[];
  };
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, who: Actor, payload?: object, on: App = app) =>
    on.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp({ clockStart: START });
    feed = (await openChangeFeedFor(t.database))!;
    app = await buildApp({ config: t.config, db: t.database.db, jwtSecret: randomBytes(32).toString('hex'), clock: t.clock.now, changes: feed });
    await app.ready();
    await eventually(async () => expect(feed.live).toBe(true));
    staff = await admin(app);
    casey = await customer(app, 'Casey Customer');
    otherStaff = await admin(t.app, 'Other Admin');
    otherCustomer = await customer(t.app, 'Olive Other');
  });
  beforeEach(() => t.clock.set(START));
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  describe('filters', () => {
    let centre: { _id: string };
    let annex: { _id: string };
    let tennis: { _id: string };

    beforeAll(async () => {
      centre = await facility(app, staff, { name: 'Padel Centre', sport: 'padel', pricePerHour: 30 });
      annex = await facility(app, staff, { name: 'padel annex', sport: 'padel', location: 'Annex Road', imageUrl: '/images/facilities/padel.svg' });
      tennis = await facility(app, staff, { name: 'Tennis Lawn', sport: 'tennis' });
    });

    it('lists every facility of the sport with its free slots and their prices, by name, in the documented shape', async () => {
      const day = await find(`date=${TOMORROW}&sport=padel`);
      expect(day.date).toBe(TOMORROW);
      expect(day.alternatives).toBeNull();
      expect(names(day)).toEqual(['padel annex', 'Padel Centre']);
      const [first, second] = day.facilities;
      expect(Object.keys(first!).sort()).toEqual(['_id', 'imageUrl', 'location', 'name', 'pricePerHour', 'slots', 'sport', 'timezone']);
      expect(first).toMatchObject({ _id: annex._id, location: 'Annex Road', sport: 'padel', imageUrl: '/images/facilities/padel.svg', timezone: 'America/New_York', pricePerHour: 20 });
      expect(startsOf(first)).toEqual(hours(8, 22));
      expect(first!.slots[0]).toEqual({ startTime: '08:00', endTime: '09:00', price: 20 });
      expect(second).toMatchObject({ _id: centre._id, pricePerHour: 30 });
      expect(second!.slots.every((s) => s.price === 30)).toBe(true);
    });

    it('without a sport, every sport; one sport never answers for another', async () => {
      const all = await find(`date=${TOMORROW}`);
      for (const f of [centre, annex, tennis]) expect(entry(all, f._id)).toBeDefined();
      expect(names(await find(`date=${TOMORROW}&sport=tennis`))).toEqual(['Tennis Lawn']);
      expect(names(await find(`date=${TOMORROW}&sport=padel`))).toEqual(['padel annex', 'Padel Centre']);
    });

    it('from and to keep the slots that start in [from, to); either may be left out; to may be 24:00', async () => {
      const slots = async (query: string) => startsOf(entry(await find(`date=${TOMORROW}&sport=padel&${query}`), centre._id));
      expect(await slots('from=10:00&to=12:00')).toEqual(['10:00', '11:00']);
      expect(await slots('from=10:30&to=12:00')).toEqual(['11:00']);
      expect(await slots('from=20:00')).toEqual(['20:00', '21:00']);
      expect(await slots('to=09:00')).toEqual(['08:00']);
      // The times of day: morning, afternoon, evening.
      expect(await slots('from=06:00&to=12:00')).toEqual(hours(8, 12));
      expect(await slots('from=12:00&to=17:00')).toEqual(hours(12, 17));
      expect(await slots('from=17:00&to=24:00')).toEqual(hours(17, 22));
    });

    it('a facility with no free slot in the window is left out', async () => {
      await book(app, casey, annex._id, TOMORROW, '20:00', '22:00');
      const late = await find(`date=${TOMORROW}&sport=padel&from=20:00&to=24:00`);
      expect(names(late)).toEqual(['Padel Centre']);
    });

    it('today: slots that have started are gone (10:00 in New York now)', async () => {
      expect(startsOf(entry(await find(`date=${TODAY}&sport=tennis`), tennis._id))).toEqual(hours(11, 22));
    });
  });

  describe('the single-facility rules, on the same code path', () => {
    it('opening hours, a booking on a facility with a changeover, a closure, notice, horizon and price rules: the same slots and prices as /api/check-availability', async () => {
      const court = await facility(app, staff, {
        name: 'Rules Court',
        sport: 'badminton',
        pricePerHour: 16,
        priceRules: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '17:00', to: '24:00', pricePerHour: 24 }],
        policy: { bufferMinutes: 15, minNoticeMinutes: 120, horizonDays: 3 },
        slotMinutes: 30,
      });
      await book(app, casey, court._id, TOMORROW, '10:00', '11:00');
      const closed = await send('POST', '/api/admin/closures', staff, { facilityIds: [court._id], start: `${TOMORROW}T14:00`, end: `${TOMORROW}T15:30`, reason: 'Coaching clinic', kind: 'event' });
      expect(closed.statusCode, closed.body).toBe(201);
      for (const date of [TODAY, TOMORROW, '2027-03-04', '2027-03-05']) {
        const found = entry(await find(`date=${date}&sport=badminton`), court._id);
        const slots = await single(court._id, date);
        expect(found?.slots ?? [], date).toEqual(slots);
      }
      const tomorrow = startsOf(entry(await find(`date=${TOMORROW}&sport=badminton`), court._id));
      // A booking 10:00-11:00 takes exactly its slots (its changeover comes out of its play): 09:30 and 11:00 stay on sale. The closure takes 14:00-15:30.
      expect(tomorrow).toContain('09:30');
      expect(tomorrow).not.toContain('10:00');
      expect(tomorrow).not.toContain('10:30');
      expect(tomorrow).toContain('11:00');
      expect(tomorrow).toContain('11:30');
      expect(tomorrow).not.toContain('14:00');
      expect(tomorrow).not.toContain('15:00');
      expect(tomorrow).toContain('15:30');
      // Notice: nothing before 12:00 today (10:00 now, two hours' notice).
      expect(startsOf(entry(await find(`date=${TODAY}&sport=badminton`), court._id))[0]).toBe('12:00');
      // Horizon: three days ahead ends on Thursday 10:00; Friday is not open for booking yet.
      expect(startsOf(entry(await find(`date=2027-03-04&sport=badminton`), court._id)).at(-1)).toBe('10:00');
      expect(entry(await find(`date=2027-03-05&sport=badminton`), court._id)).toBeUndefined();
      // Price rules: the evening peak.
      const evening = entry(await find(`date=${TOMORROW}&sport=badminton&from=16:30&to=17:30`), court._id)!;
      expect(evening.slots).toEqual([
        // 30-minute slots less the 15-minute changeover: 15 minutes of play each.
        { startTime: '16:30', endTime: '17:00', price: 8, playMinutes: 15 },
        { startTime: '17:00', endTime: '17:30', price: 12, playMinutes: 15 },
      ]);
    });

    it('closed days are left out', async () => {
      const weekdays = { ...everyDay(), tue: null };
      const court = await facility(app, staff, { name: 'Closed Tuesdays', sport: 'badminton', openingHours: weekdays });
      expect(entry(await find(`date=${TOMORROW}&sport=badminton`), court._id)).toBeUndefined();
      expect(startsOf(entry(await find(`date=${WEDNESDAY}&sport=badminton`), court._id))).toEqual(hours(8, 22));
    });

    it('a daylight-saving day in two zones: New York springs forward (2027-03-14), Lord Howe falls back half an hour (2027-04-04)', async () => {
      const allDay = everyDay({ open: '00:00', close: '24:00' });
      const ny = await facility(app, staff, { name: 'DST New York', sport: 'squash', openingHours: allDay });
      const lh = await facility(app, staff, { name: 'DST Lord Howe', sport: 'squash', openingHours: allDay, timezone: 'Australia/Lord_Howe' });
      // 08:00 on 14 March in Lord Howe is 21:00 UTC the day before: read on the facility's own calendar.
      await book(app, casey, lh._id, '2027-03-14', '08:00', '09:00');

      const spring = await find('date=2027-03-14&sport=squash');
      const nyDay = entry(spring, ny._id)!;
      expect(startsOf(nyDay)).not.toContain('02:00');
      expect(nyDay.slots).toHaveLength(23);
      expect(startsOf(entry(spring, lh._id))).toEqual(hours(0, 24).filter((h) => h !== '08:00'));

      const autumn = await find('date=2027-04-04&sport=squash');
      const lhDay = entry(autumn, lh._id)!;
      expect(lhDay.slots).toHaveLength(24);
      // 01:00-02:00 lasts 90 minutes that night (the clocks go back from 02:00 to 01:30): priced for 90.
      expect(lhDay.slots[1]).toEqual({ startTime: '01:00', endTime: '02:00', price: 30 });
      expect(entry(autumn, ny._id)!.slots).toHaveLength(24);
      for (const [date, f] of [['2027-03-14', ny], ['2027-03-14', lh], ['2027-04-04', lh], ['2027-04-04', ny]] as const) {
        expect(entry(await find(`date=${date}&sport=squash`), f._id)!.slots).toEqual(await single(f._id, date));
      }
    });

    it('a deleted facility is not listed, at once in this process and soon after a deletion elsewhere', async () => {
      const here = await facility(app, staff, { name: 'Deleted Here', sport: 'football' });
      const there = await facility(app, staff, { name: 'Deleted There', sport: 'football' });
      await eventually(async () => expect(names(await find(`date=${TOMORROW}&sport=football`))).toEqual(['Deleted Here', 'Deleted There']));
      expect((await send('DELETE', `/api/facility/${here._id}`, staff)).statusCode).toBe(200);
      expect(names(await find(`date=${TOMORROW}&sport=football`))).toEqual(['Deleted There']);
      expect((await send('DELETE', `/api/facility/${there._id}`, otherStaff, undefined, t.app)).statusCode).toBe(200);
      await eventually(async () => expect(names(await find(`date=${TOMORROW}&sport=football`))).toEqual([]));
    });
  });

  describe('kept in memory, never stale', () => {
    let court: { _id: string };
    const free = async () => startsOf(entry(await find(`date=${TOMORROW}&sport=basketball`), court._id));

    beforeAll(async () => {
      court = await facility(app, staff, { name: 'Cached Court', sport: 'basketball' });
    });

    it('serves a repeated search from memory: the same body, and the cache holds it', async () => {
      const query = `/api/availability?date=${TOMORROW}&sport=basketball&from=08:00`;
      await eventually(async () => {
        await app.inject({ url: query });
        expect(cachesOf(app.ctx).searches.get('*', `${TOMORROW}|basketball|08:00|`, t.clock.now().getTime())).toBeDefined();
      });
      const first = await app.inject({ url: query });
      const second = await app.inject({ url: query });
      expect(second.body).toBe(first.body);
      // Another process, with no cache, answers the same.
      expect((await t.app.inject({ url: query })).json()).toEqual(first.json());
    });

    it("a booking made in this process is gone at once; one made elsewhere as soon as the database says so", async () => {
      expect(await free()).toContain('09:00');
      await book(app, casey, court._id, TOMORROW, '09:00', '10:00');
      expect(await free()).not.toContain('09:00');
      expect(await free()).toContain('12:00');
      await book(t.app, otherCustomer, court._id, TOMORROW, '12:00', '13:00');
      await eventually(async () => expect(await free()).not.toContain('12:00'), 2_000);
    });

    it('a closure made elsewhere, and one made here, are gone as soon', async () => {
      expect(await free()).toContain('14:00');
      const there = await send('POST', '/api/admin/closures', otherStaff, { facilityIds: [court._id], start: `${TOMORROW}T14:00`, end: `${TOMORROW}T15:00`, reason: 'Repairs', kind: 'maintenance' }, t.app);
      expect(there.statusCode, there.body).toBe(201);
      await eventually(async () => expect(await free()).not.toContain('14:00'), 2_000);
      expect(await free()).toContain('16:00');
      const here = await send('POST', '/api/admin/closures', staff, { facilityIds: [court._id], start: `${TOMORROW}T16:00`, end: `${TOMORROW}T17:00`, reason: 'Repairs', kind: 'maintenance' });
      expect(here.statusCode, here.body).toBe(201);
      expect(await free()).not.toContain('16:00');
    });

    it('a booking cancelled straight in SQL by another tool is heard too', async () => {
      expect(await free()).not.toContain('09:00');
      await sql`UPDATE bookings SET status = 'cancelled', cancelled_at = now()
        WHERE facility_id = ${court._id} AND starts_at = '2027-03-02T14:00:00Z'`.execute(t.database.db);
      await eventually(async () => expect(await free()).toContain('09:00'), 2_000);
    });

    it('a lapsed hold is free again at its expiry, with no write (the answer carries when it lapses)', async () => {
      await book(app, casey, court._id, TOMORROW, '19:00', '20:00');
      expect(await free()).not.toContain('19:00');
      t.clock.advance(15 * MINUTE - 1);
      expect(await free()).not.toContain('19:00');
      t.clock.advance(1);
      expect(await free()).toContain('19:00');
    });

    it("today's slot is dropped the moment it starts", async () => {
      const today = async () => startsOf(entry(await find(`date=${TODAY}&sport=basketball`), court._id));
      expect(await today()).toContain('11:00');
      t.clock.set('2027-03-01T16:00:00Z'); // 11:00 in New York
      expect(await today()).not.toContain('11:00');
      expect(await today()).toContain('12:00');
    });

    it('a price change reaches the cached answer', async () => {
      const before = entry(await find(`date=${TOMORROW}&sport=basketball`), court._id)!;
      expect(before.slots[0]!.price).toBe(20);
      expect((await send('PUT', `/api/facility/${court._id}`, otherStaff, { pricePerHour: 26 }, t.app)).statusCode).toBe(200);
      await eventually(async () => expect(entry(await find(`date=${TOMORROW}&sport=basketball`), court._id)!.slots[0]!.price).toBe(26), 2_000);
    });

    it('the cache of searches stays bounded: past its size, its oldest answers go (one group holds them all)', () => {
      const cache = new ChangeCache<string>(feed, { groupOf: () => '*', maxEntries: 3 });
      const now = Date.now();
      for (const key of ['a', 'b', 'c', 'd', 'e']) expect(cache.store('*', key, key, cache.ticket(), now, now + MINUTE)).toBe(true);
      expect(cache.size).toBe(3);
      expect(['a', 'b', 'c', 'd', 'e'].map((k) => cache.get('*', k, now) ?? null)).toEqual([null, null, 'c', 'd', 'e']);
    });
  });

  describe("the caller's prices", () => {
    it("a customer with a tier sees the tier's prices and its name on each slot; everyone else the public prices, from the same cached answer", async () => {
      const court = await facility(app, staff, { name: 'Member Court', sport: 'volleyball', pricePerHour: 40 });
      const other = await facility(app, staff, { name: 'Nonmember Court', sport: 'volleyball', pricePerHour: 40 });
      const tier = await send('POST', '/api/admin/tiers', staff, { name: 'Members', facilityPrices: { [court._id]: { pricePerHour: 30 } } });
      expect(tier.statusCode, tier.body).toBe(201);
      const member = await customer(app, 'Morgan Member');
      expect((await send('PUT', `/api/admin/users/${member.id}`, staff, { tierId: tier.json().id })).statusCode).toBe(200);
      const memberAuth = (await login(app, member.email)).auth;

      const query = `date=${TOMORROW}&sport=volleyball&from=10:00&to=11:00`;
      const publicDay = await find(query);
      expect(publicDay.facilities.map((f) => f.slots)).toEqual([[{ startTime: '10:00', endTime: '11:00', price: 40 }], [{ startTime: '10:00', endTime: '11:00', price: 40 }]]);
      const theirs = await find(query, memberAuth);
      expect(entry(theirs, court._id)!.slots).toEqual([{ startTime: '10:00', endTime: '11:00', price: 30, tier: 'Members' }]);
      expect(entry(theirs, other._id)!.slots).toEqual([{ startTime: '10:00', endTime: '11:00', price: 40 }]);
      // The single-facility answer agrees.
      expect(await single(court._id, TOMORROW, memberAuth)).toContainEqual({ startTime: '10:00', endTime: '11:00', price: 30, tier: 'Members' });
      // The cached answer stays public; a bad token is no error, just public prices.
      expect(await find(query)).toEqual(publicDay);
      expect(await find(query, { authorization: 'Bearer not.a.token' })).toEqual(publicDay);
      expect(await find(query, casey.auth)).toEqual(publicDay);
      // A percentage tier prices every facility.
      const percent = await send('POST', '/api/admin/tiers', staff, { name: 'Half', discountPercent: 50 });
      expect((await send('PUT', `/api/admin/users/${member.id}`, staff, { tierId: percent.json().id })).statusCode).toBe(200);
      const half = await find(query, memberAuth);
      expect(half.facilities.map((f) => f.slots[0]!.price)).toEqual([20, 20]);
      expect(half.facilities.every((f) => f.slots[0]!.tier === 'Half')).toBe(true);
    });
  });

  describe('when nothing is free: alternatives', () => {
    let daytime: { _id: string };
    let wednesdays: { _id: string };

    beforeAll(async () => {
      daytime = await facility(app, staff, { name: 'Daytime Pool', sport: 'swimming', openingHours: everyDay({ open: '08:00', close: '17:00' }) });
      const closed = Object.fromEntries(Object.keys(everyDay()).map((d) => [d, null]));
      wednesdays = await facility(app, staff, { name: 'Wednesday Nights Pool', sport: 'swimming', openingHours: { ...closed, wed: { open: '17:00', close: '22:00' } } });
    });

    it("counts the day's free slots outside the window per time of day, and names the next date with room in it", async () => {
      const evening = await find(`date=${TOMORROW}&sport=swimming&from=17:00&to=24:00`);
      expect(evening).toEqual({
        date: TOMORROW,
        facilities: [],
        alternatives: { outsideWindow: [{ name: 'morning', count: 4 }, { name: 'afternoon', count: 5 }], nextDate: WEDNESDAY },
      });
      const wednesday = await find(`date=${WEDNESDAY}&sport=swimming&from=17:00&to=24:00`);
      expect(names(wednesday)).toEqual(['Wednesday Nights Pool']);
      expect(wednesday.alternatives).toBeNull();
    });

    it('a slot taken in the window counts no more; when the next date fills up, nextDate moves on', async () => {
      await book(app, casey, daytime._id, TOMORROW, '08:00', '09:00');
      const morning = await find(`date=${TOMORROW}&sport=swimming&from=06:00&to=08:00`);
      expect(morning.alternatives).toEqual({ outsideWindow: [{ name: 'morning', count: 3 }, { name: 'afternoon', count: 5 }], nextDate: null });

      // Wednesday the 3rd fills up elsewhere: the next Wednesday evening is 8 days after Tuesday the 2nd, too far.
      await book(t.app, otherCustomer, wednesdays._id, WEDNESDAY, '17:00', '21:00');
      await book(t.app, otherCustomer, wednesdays._id, WEDNESDAY, '21:00', '22:00');
      await eventually(async () => expect((await find(`date=${TOMORROW}&sport=swimming&from=17:00&to=24:00`)).alternatives?.nextDate).toBeNull(), 2_000);
      expect((await find(`date=${WEDNESDAY}&sport=swimming&from=17:00&to=24:00`)).alternatives?.nextDate).toBe('2027-03-10');
    });

    it('looks up to 7 days ahead, within the booking horizon', async () => {
      expect((await find('date=2027-03-09&sport=swimming&from=17:00')).alternatives?.nextDate).toBe('2027-03-10');
      expect((await find('date=2027-03-04&sport=swimming&from=17:00')).alternatives?.nextDate).toBe('2027-03-10');
      // Bookings open 60 days ahead (to 30 April): Wednesday 28 April is offered, 5 May not yet.
      expect((await find('date=2027-04-27&sport=swimming&from=17:00')).alternatives?.nextDate).toBe('2027-04-28');
      expect((await find('date=2027-04-29&sport=swimming&from=17:00')).alternatives).toEqual({
        outsideWindow: [{ name: 'morning', count: 4 }, { name: 'afternoon', count: 5 }],
        nextDate: null,
      });
    });

    it('a sport nobody offers: nothing to try; the last date there is still answers', async () => {
      expect(await find(`date=${TOMORROW}&sport=other&from=06:00&to=07:00`)).toMatchObject({ facilities: [], alternatives: { outsideWindow: [], nextDate: null } });
      expect((await find('date=2100-12-31&sport=swimming')).alternatives).toEqual({ outsideWindow: [], nextDate: null });
    });
  });

  describe('malformed questions', () => {
    it.each([
      ['', 'date', 'VALIDATION_FAILED'],
      ['date=tomorrow', 'date', 'VALIDATION_FAILED'],
      ['date=2027-02-30', 'date', 'INVALID_DATE'],
      ['date=1999-12-31', 'date', 'DATE_OUT_OF_RANGE'],
      [`date=${TOMORROW}&sport=curling`, 'sport', 'VALIDATION_FAILED'],
      [`date=${TOMORROW}&sport=Padel`, 'sport', 'VALIDATION_FAILED'],
      [`date=${TOMORROW}&from=9:00`, 'from', 'VALIDATION_FAILED'],
      [`date=${TOMORROW}&from=25:00`, 'from', 'INVALID_TIME'],
      [`date=${TOMORROW}&from=10:60`, 'from', 'INVALID_TIME'],
      [`date=${TOMORROW}&to=noon`, 'to', 'VALIDATION_FAILED'],
      [`date=${TOMORROW}&to=24:30`, 'to', 'INVALID_TIME'],
      [`date=${TOMORROW}&from=12:00&to=12:00`, 'to', 'END_BEFORE_START'],
      [`date=${TOMORROW}&from=18:00&to=09:00`, 'to', 'END_BEFORE_START'],
      [`date=${TOMORROW}&from=24:00`, 'to', 'END_BEFORE_START'],
    ])('?%s is a 400 naming %s (%s)', async (query, field, code) => {
      const res = await app.inject({ url: `/api/availability?${query}` });
      refused(res, field, code);
      expect(res.json()).toMatchObject({ success: false, statusCode: 400 });
      // Asked again (a cache would be the place a bad answer could hide): the same refusal.
      refused(await app.inject({ url: `/api/availability?${query}` }), field, code);
    });
  });

  // Last: its hundred halls are of sport "other", which the alternatives' tests expect nobody to offer.
  describe('work done per search', () => {
    let counted: App;
    let statements: string[] = [];

    beforeAll(async () => {
      const counter: KyselyPlugin = {
        transformQuery: (args) => args.node,
        transformResult: async (args): Promise<QueryResult<UnknownRow>> => {
          statements.push(args.queryId.queryId);
          return args.result;
        },
      };
      // Another API process on the same database, without the change feed: no cache, so every search is a miss.
      counted = await buildApp({ config: t.config, db: t.database.db.withPlugin(counter), jwtSecret: randomBytes(32).toString('hex'), clock: t.clock.now });
      await counted.ready();
      await sql`INSERT INTO facilities (name, location, price_per_hour_cents, description, image_url, timezone, opening_hours, slot_minutes, max_booking_minutes, sport, price_rules)
        SELECT 'Hall ' || lpad(i::text, 3, '0'), 'Bulk', 1500, 'One of many.', '/images/facilities/basketball.svg',
          CASE WHEN i % 2 = 0 THEN 'America/New_York' ELSE 'Europe/London' END,
          ${JSON.stringify(everyDay())}::jsonb, 60, 240, 'other',
          ${JSON.stringify([{ days: ['tue'], from: '18:00', to: '22:00', pricePerHourCents: 2500 }])}::jsonb
        FROM generate_series(1, 100) AS i`.execute(t.database.db);
      // Each hall is busy some of the day: bookings and a closure.
      await sql`INSERT INTO bookings (facility_id, user_id, starts_at, ends_at, payable_cents, status, payment_status, hold_expires_at)
        SELECT f.id, ${casey.id}, '2027-03-02T15:00:00Z', '2027-03-02T16:00:00Z', 2000, 'confirmed', 'paid', NULL
        FROM facilities f WHERE f.sport = 'other' AND f.location = 'Bulk'`.execute(t.database.db);
    });
    afterAll(async () => counted?.close());

    it('100 facilities: one statement for a day with free slots, two for an empty one (the next days), never one per facility', async () => {
      statements = [];
      const res = await counted.inject({ url: `/api/availability?date=${TOMORROW}&sport=other` });
      expect(res.statusCode, res.body).toBe(200);
      const day = res.json().data as AvailabilityDto;
      expect(day.facilities).toHaveLength(100);
      expect(day.facilities.filter((f) => f.timezone === 'America/New_York').every((f) => !startsOf(f).includes('10:00'))).toBe(true);
      expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(2);
      expect(statements).toHaveLength(1);

      statements = [];
      const none = await counted.inject({ url: `/api/availability?date=${TOMORROW}&sport=other&from=03:00&to=04:00` });
      expect(none.json().data).toMatchObject({ facilities: [], alternatives: { nextDate: null } });
      expect(statements.length).toBeLessThanOrEqual(2);
    });

    it('20 visitors asking the same new question at once cause one read, not 20 (with the change feed)', async () => {
      const ownFeed = (await openChangeFeedFor(t.database))!;
      const counter: KyselyPlugin = {
        transformQuery: (args) => args.node,
        transformResult: async (args): Promise<QueryResult<UnknownRow>> => {
          statements.push(args.queryId.queryId);
          return args.result;
        },
      };
      const cachedAndCounted = await buildApp({ config: t.config, db: t.database.db.withPlugin(counter), jwtSecret: randomBytes(32).toString('hex'), clock: t.clock.now, changes: ownFeed });
      try {
        await cachedAndCounted.ready();
        await eventually(async () => expect(ownFeed.live).toBe(true));
        statements = [];
        const answers = await Promise.all(
          Array.from({ length: 20 }, () => cachedAndCounted.inject({ url: `/api/availability?date=${TOMORROW}&sport=other&from=09:00&to=12:00` })),
        );
        expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
        expect(new Set(answers.map((a) => a.body)).size).toBe(1);
        expect((answers[0]!.json().data as AvailabilityDto).facilities).toHaveLength(100);
        expect(statements, statements.join('\n')).toHaveLength(1);
      } finally {
        await cachedAndCounted.close();
      }
    });

    it('the prices of a tier cost no statement more than the public ones, beyond knowing who asks', async () => {
      const tier = await send('POST', '/api/admin/tiers', staff, { name: 'Bulk Half', discountPercent: 50 });
      const buyer = await customer(app, 'Bulk Buyer');
      expect((await send('PUT', `/api/admin/users/${buyer.id}`, staff, { tierId: tier.json().id })).statusCode).toBe(200);
      const auth = (await login(counted, buyer.email)).auth;
      statements = [];
      const res = await counted.inject({ url: `/api/availability?date=${TOMORROW}&sport=other&from=08:00&to=09:00`, headers: auth });
      const day = res.json().data as AvailabilityDto;
      expect(day.facilities).toHaveLength(100);
      expect(day.facilities[0]!.slots[0]).toMatchObject({ price: 7.5, tier: 'Bulk Half' });
      // Who is asking (their account and tier) and the search itself.
      expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(3);
    });
  });
});
