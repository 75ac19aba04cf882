import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, book, bookAndPay, customer, facility, type Actor } from './support/actors.ts';
import { refused } from './support/expect.ts';

// Price rules and booking policies per facility: stored and
// answered on every facility record, pricing every booking the server makes, carried by every
// availability slot; a facility without rules or policy behaves exactly as before.
// Clock: 2027-03-01T15:00Z = Monday 10:00 in New York (EST). 2027-03-03 is a Wednesday.
const START = '2027-03-01T15:00:00Z';
const DAY = '2027-03-03';
const EVERY_DAY = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
/** $20 an hour, $30 from 18:00 every day. */
const PEAK = [{ days: EVERY_DAY, from: '18:00', to: '22:00', pricePerHour: 30 }];

describe('price rules and booking policies per facility', () => {
  let t: TestApp;
  let staff: Actor;
  let casey: Actor;
  const send = (method: 'POST' | 'PUT' | 'GET' | 'DELETE', url: string, actor?: Actor, payload?: unknown) =>
    t.app.inject({ method, url, headers: actor?.auth, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const hold = (f: { _id: string }, date: string, startTime: string, endTime: string, actor = casey) =>
    send('POST', '/api/bookings', actor, { facility: f._id, date, startTime, endTime });
  const slots = async (f: { _id: string }, date = DAY) =>
    (await send('GET', `/api/check-availability?date=${date}&facility=${f._id}`)).json().data as { startTime: string; endTime: string; price: number }[];

  beforeAll(async () => {
    t = await createTestApp({ clockStart: START, env: { BOOKING_MAX_PER_IP: '0' } });
    staff = await admin(t.app);
    casey = await customer(t.app, 'Casey Customer');
  });
  beforeEach(() => t.clock.set(START));
  afterAll(() => t?.close());

  it('stores the rules and the policy and answers them on the public and back-office records; none by default', async () => {
    const plain = await facility(t.app, staff);
    expect(plain).toMatchObject({ priceRules: [], policy: {} });
    const rules = [
      { days: ['sat', 'sun'], from: '08:00', to: '12:00', pricePerHour: 25.5 },
      { days: ['mon'], from: '18:00', to: '24:00', validFrom: '2027-06-01', validTo: '2027-08-31', pricePerHour: 35 },
    ];
    const policy = { horizonDays: 14, minNoticeMinutes: 60, cancellationHours: 48, minMinutes: 60, maxMinutes: 120 };
    const priced = await facility(t.app, staff, { priceRules: rules, policy });
    for (const url of [`/api/facility/${priced._id}`, `/api/admin/facilities/${priced._id}`]) {
      const res = await send('GET', url, staff);
      expect(res.statusCode, res.body).toBe(200);
      const record = (url.includes('admin') ? res.json() : res.json().data) as Record<string, unknown>;
      // The longest booking is the facility's one field: policy.maxMinutes is folded into it (facility-longest-booking.test.ts).
      const { maxMinutes, ...stored } = policy;
      expect(record).toMatchObject({ priceRules: rules, policy: stored, maxBookingMinutes: maxMinutes });
    }
    // The list answers them too.
    const listed = (await send('GET', '/api/facility')).json().data as { _id: string; priceRules: unknown }[];
    expect(listed.find((f) => f._id === priced._id)?.priceRules).toEqual(rules);

    // An update replaces what it gives and keeps the rest; a null policy field is the default again.
    const changed = await send('PUT', `/api/admin/facilities/${priced._id}`, staff, { policy: { horizonDays: 7, minMinutes: null } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ priceRules: rules, policy: { horizonDays: 7 } });
    expect((changed.json() as { policy: object }).policy).toEqual({ horizonDays: 7 });
    const cleared = await send('PUT', `/api/facility/${priced._id}`, staff, { priceRules: [] });
    expect(cleared.json().data).toMatchObject({ priceRules: [], policy: { horizonDays: 7 } });
  });

  it('prices a booking across a rule boundary piece by piece: 17:00-19:00 with peak from 18:00 is one hour of each', async () => {
    const court = await facility(t.app, staff, { pricePerHour: 20, priceRules: PEAK });
    const booked = await book(t.app, casey, court._id, DAY, '17:00', '19:00');
    expect(booked.payableAmount).toBe(50);
    // A move of the hold is priced by the same rules.
    const moved = await send('PUT', `/api/bookings/${booked._id}`, casey, { startTime: '19:00', endTime: '21:00' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ startTime: '19:00', payableAmount: 60 });
    // So is a desk booking.
    const desk = await send('POST', '/api/admin/bookings', staff, { facilityId: court._id, date: DAY, startTime: '16:00', endTime: '19:00', userId: casey.id, payment: 'unpaid' });
    expect(desk.statusCode, desk.body).toBe(201);
    expect(desk.json()).toMatchObject({ payableAmount: 70 });
  });

  it('every availability slot carries its price, and a hold costs what its slots said', async () => {
    const court = await facility(t.app, staff, { pricePerHour: 20, priceRules: [...PEAK, { days: ['wed'], from: '08:00', to: '10:00', pricePerHour: 12.5 }] });
    const day = await slots(court);
    expect(day).toHaveLength(14);
    const priceAt = (start: string) => day.find((s) => s.startTime === start)!.price;
    expect([priceAt('08:00'), priceAt('09:00'), priceAt('10:00'), priceAt('17:00'), priceAt('18:00'), priceAt('21:00')]).toEqual([12.5, 12.5, 20, 20, 30, 30]);
    for (const [from, to, slotsOf] of [['09:00', '11:00', ['09:00', '10:00']], ['17:00', '20:00', ['17:00', '18:00', '19:00']]] as const) {
      const held = await book(t.app, casey, court._id, DAY, from, to);
      expect(held.payableAmount).toBe(slotsOf.reduce((sum, s) => sum + priceAt(s), 0));
    }
    // A change of the rules shows at once (the cached day is dropped with the facility change).
    const dearer = await send('PUT', `/api/facility/${court._id}`, staff, { priceRules: [{ days: EVERY_DAY, from: '08:00', to: '22:00', pricePerHour: 40 }] });
    expect(dearer.statusCode, dearer.body).toBe(200);
    expect(new Set((await slots(court)).map((s) => s.price))).toEqual(new Set([40]));
  });

  it("the public list's maxPrice compares the cards' \"from\" price: the lowest a current rule gives", async () => {
    const tag = `From ${Date.now().toString(36)}`;
    const mornings = { days: EVERY_DAY, from: '08:00', to: '10:00', pricePerHour: 12 };
    await facility(t.app, staff, { name: `${tag} Cheap Mornings`, pricePerHour: 30, priceRules: [mornings] });
    await facility(t.app, staff, { name: `${tag} Ended Offer`, pricePerHour: 30, priceRules: [{ ...mornings, validTo: '2027-02-28' }] });
    await facility(t.app, staff, { name: `${tag} Dear`, pricePerHour: 30, priceRules: PEAK });
    const names = async (max: number) =>
      ((await send('GET', `/api/facility?q=${encodeURIComponent(tag)}&maxPrice=${max}`)).json().data as { name: string }[]).map((f) => f.name).sort();
    expect(await names(12)).toEqual([`${tag} Cheap Mornings`]);
    expect(await names(29.99)).toEqual([`${tag} Cheap Mornings`]);
    expect(await names(30)).toEqual([`${tag} Cheap Mornings`, `${tag} Dear`, `${tag} Ended Offer`]);
  });

  it('a facility with no rules prices exactly as before: pricePerHour x the real length', async () => {
    const court = await facility(t.app, staff, { pricePerHour: 17.5 });
    expect(new Set((await slots(court)).map((s) => s.price))).toEqual(new Set([17.5]));
    expect((await book(t.app, casey, court._id, DAY, '17:00', '19:00')).payableAmount).toBe(35);
    expect((await book(t.app, casey, court._id, DAY, '08:00', '09:00')).payableAmount).toBe(17.5);
  });

  it('refuses what the facility policy refuses, naming the rule and the facility', async () => {
    const court = await facility(t.app, staff, { name: 'Centre Court', policy: { horizonDays: 14, minNoticeMinutes: 120, minMinutes: 120, maxMinutes: 180 } });
    const beyond = await hold(court, '2027-03-20', '10:00', '12:00');
    expect(beyond.statusCode, beyond.body).toBe(400);
    expect(beyond.json()).toMatchObject({ code: 'BEYOND_HORIZON', message: 'Bookings for Centre Court open 14 days ahead.' });
    expect(await slots(court, '2027-03-20')).toEqual([]);
    // The same court's global default (60 days) would allow it; another court still does.
    const other = await facility(t.app, staff);
    expect((await hold(other, '2027-03-20', '10:00', '12:00')).statusCode).toBe(201);

    const soon = await hold(court, '2027-03-01', '11:00', '13:00');
    expect(soon.statusCode, soon.body).toBe(400);
    expect(soon.json()).toMatchObject({ code: 'TOO_SOON', message: 'Bookings for Centre Court must be made at least 2 hours before they start.' });
    // Availability offers only what may be booked: from 12:00 today.
    expect((await slots(court, '2027-03-01'))[0]!.startTime).toBe('12:00');

    const short = await hold(court, DAY, '10:00', '11:00');
    expect(short.statusCode, short.body).toBe(400);
    expect(short.json()).toMatchObject({ code: 'TOO_SHORT', message: 'A booking at Centre Court must last at least 120 minutes.' });
    const long = await hold(court, DAY, '10:00', '14:00');
    expect(long.statusCode, long.body).toBe(400);
    expect(long.json()).toMatchObject({ code: 'TOO_LONG', message: 'A booking at Centre Court can last at most 180 minutes.' });
    expect((await hold(court, DAY, '10:00', '12:00')).statusCode).toBe(201);

    // The desk keeps its allowances (no notice, a wider horizon) but not the length limits.
    const desk = (startTime: string, endTime: string, date = '2027-03-01') =>
      send('POST', '/api/admin/bookings', staff, { facilityId: court._id, date, startTime, endTime, userId: casey.id, payment: 'unpaid' });
    expect((await desk('11:00', '13:00')).statusCode).toBe(201);
    expect((await desk('10:00', '13:00', '2027-04-20')).statusCode).toBe(201);
    expect((await desk('14:00', '15:00')).json()).toMatchObject({ code: 'TOO_SHORT' });
  });

  it("cancellation follows the facility's window", async () => {
    const strict = await facility(t.app, staff, { policy: { cancellationHours: 72 } });
    const usual = await facility(t.app, staff);
    const a = await bookAndPay(t.app, casey, strict._id, DAY, '10:00', '11:00');
    const b = await bookAndPay(t.app, casey, usual._id, DAY, '10:00', '11:00');
    const strictView = (await send('GET', `/api/bookings/${a.booking._id}`, casey)).json().data as { cancellable: boolean };
    const usualView = (await send('GET', `/api/bookings/${b.booking._id}`, casey)).json().data as { cancellable: boolean; cancellableUntil: string };
    expect(strictView.cancellable).toBe(false);
    expect(usualView).toMatchObject({ cancellable: true, cancellableUntil: '2027-03-02T15:00:00.000Z' });
    const refusedCancel = await send('DELETE', `/api/bookings/${a.booking._id}`, casey);
    expect(refusedCancel.statusCode, refusedCancel.body).toBeGreaterThanOrEqual(400);
    expect(refusedCancel.json().code).toBe('CANCELLATION_WINDOW_PASSED');
    expect((await send('DELETE', `/api/bookings/${b.booking._id}`, casey)).statusCode).toBe(200);
  });

  it('refuses bad rules and policies with a 400 naming the field, and stores nothing', async () => {
    const court = await facility(t.app, staff, { priceRules: PEAK });
    const rules = (third: Record<string, unknown>) => [...PEAK, PEAK[0], { days: ['mon'], from: '10:00', to: '12:00', pricePerHour: 10, ...third }];
    refused(await send('PUT', `/api/admin/facilities/${court._id}`, staff, { priceRules: rules({ to: '09:00' }) }), 'priceRules[2].to');
    refused(await send('PUT', `/api/facility/${court._id}`, staff, { priceRules: rules({ validFrom: '2027-05-01', validTo: '2027-04-01' }) }), 'priceRules[2].validTo');
    refused(await send('PUT', `/api/facility/${court._id}`, staff, { priceRules: rules({ pricePerHour: -5 }) }), 'priceRules[2].pricePerHour');
    refused(await send('PUT', `/api/facility/${court._id}`, staff, { priceRules: rules({ days: ['mon', 'mon'] }) }), 'priceRules[2].days[1]', 'INVALID_PRICE_RULE');
    refused(await send('PUT', `/api/facility/${court._id}`, staff, { policy: { horizonDays: 0 } }), 'policy.horizonDays', 'INVALID_POLICY');
    refused(await send('PUT', `/api/facility/${court._id}`, staff, { policy: { minMinutes: 120, maxMinutes: 60 } }), 'policy.maxMinutes', 'INVALID_POLICY');
    refused(await send('PUT', `/api/facility/${court._id}`, staff, { policy: { bufferMinutes: 241 } }), 'policy.bufferMinutes', 'INVALID_POLICY');
    refused(await send('PUT', `/api/facility/${court._id}`, staff, { policy: { maxActivePerCustomer: 0 } }), 'policy.maxActivePerCustomer', 'INVALID_POLICY');
    const created = await send('POST', '/api/admin/facilities', staff, { name: 'Bad', location: 'X', pricePerHour: 20, description: 'd', imageUrl: '/images/facilities/tennis.svg', priceRules: rules({ from: '25:00' }) });
    expect(created.statusCode, created.body).toBe(400);
    const now = (await send('GET', `/api/facility/${court._id}`)).json().data;
    expect(now).toMatchObject({ priceRules: PEAK, policy: {} });
  });
});
