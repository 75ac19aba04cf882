import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { everyDay } from '@courtside/domain';
import { buildApp, type App } from '../src/app.ts';
import { openChangeFeedFor } from '../src/db/change-feed.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, book, bookAndPay, customer, facility, login, openCheckout, providerPays, type Actor } from './support/actors.ts';
import { eventually, type Res } from './support/expect.ts';
import { countOverlaps, itOnPostgres } from './support/databases.ts';
import { race } from './support/race.ts';

// Clock: 2027-03-01 15:00Z = Monday 10:00 in New York.
const START = '2027-03-01T15:00:00Z';
const MINUTE = 60_000;

interface Court {
  _id: string;
  name: string;
}
/** A parent and its two parts, made for one test so no other test's bookings meet them. */
interface Ground {
  whole: Court;
  a: Court;
  b: Court;
}
/** A create body with only the required fields. */
const newCourt = (name: string) => ({ name, location: 'Riverside Park', pricePerHour: 20, description: 'A test court.', imageUrl: '/images/facilities/tennis.svg' });

// What a customer reads when a linked facility holds the time (domain linkedTakenMessage / linkedClosedMessage).
const bookedThen = (f: Court) => `${f.name} is booked then. Please choose another time.`;
const closedThen = (f: Court) => `${f.name} is closed then. Please choose another time.`;

/** A refusal with this status and code (and message, when given). */
function refused(res: Res, status: number, code: string, message?: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().code, res.body).toBe(code);
  if (message !== undefined) expect(res.json().message).toBe(message);
}

describe('linked courts', () => {
  let t: TestApp;
  let staff: Actor;
  let casey: Actor;
  let dana: Actor;

  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: Actor, payload?: object) =>
    t.app.inject({ method, url, headers: who?.auth, ...(payload === undefined ? {} : { payload }) });
  const free = async (f: Court, date: string) =>
    ((await send('GET', `/api/check-availability?facility=${f._id}&date=${date}`)).json().data as { startTime: string }[]).map((s) => s.startTime);
  const tryBook = (who: Actor, f: Court, date: string, startTime: string, endTime: string) =>
    send('POST', '/api/bookings', who, { facility: f._id, date, startTime, endTime });
  const desk = (f: Court, date: string, startTime: string, endTime: string, guest: string) =>
    send('POST', '/api/admin/bookings', staff, { facilityId: f._id, date, startTime, endTime, guest: { name: guest }, payment: 'unpaid' });
  const status = async (bookingId: string) =>
    (await t.database.db.selectFrom('bookings').select(['status', 'payment_status', 'facility_id']).where('id', '=', bookingId).executeTakeFirstOrThrow());
  const facilityDto = async (f: Court) => (await send('GET', `/api/admin/facilities/${f._id}`, staff)).json();

  let grounds = 0;
  /** A $90/h whole and two $50/h halves, sharing `overrides` (time zone, hours, sport); `parts` for the halves only. */
  async function ground(overrides: Record<string, unknown> = {}, parts: Record<string, unknown> = {}): Promise<Ground> {
    const name = `Pitch ${++grounds}`;
    const whole = await facility(t.app, staff, { name, pricePerHour: 90, ...overrides });
    const a = await facility(t.app, staff, { name: `${name}, Half A`, pricePerHour: 50, ...overrides, ...parts, parentId: whole._id });
    const b = await facility(t.app, staff, { name: `${name}, Half B`, pricePerHour: 50, ...overrides, ...parts, parentId: whole._id });
    return { whole, a, b };
  }

  beforeAll(async () => {
    t = await createTestApp({ clockStart: START });
    staff = await admin(t.app);
    casey = await customer(t.app, 'Casey Linked');
    dana = await customer(t.app, 'Dana Linked');
  });
  afterEach(() => t.clock.set(START));
  afterAll(() => t?.close());

  it('a booking on a half takes the whole pitch, not the other half', async () => {
    const { whole, a, b } = await ground();
    expect(await free(whole, '2027-03-10')).toContain('12:00');
    await book(t.app, casey, a._id, '2027-03-10', '12:00', '13:00');
    expect(await free(whole, '2027-03-10')).not.toContain('12:00');
    expect(await free(b, '2027-03-10')).toContain('12:00');
    refused(await tryBook(casey, whole, '2027-03-10', '12:00', '13:00'), 409, 'SLOT_TAKEN', bookedThen(a));
    const got = await send('GET', `/api/facility/${whole._id}`);
    expect(got.json().data.parts.map((p: { name: string }) => p.name)).toEqual([a.name, b.name]);
  });

  it('customer holds: a part takes its parent and the parent its parts, both ways and named; the two parts and adjacent hours do not block; a cancellation frees the parent', async () => {
    const { whole, a, b } = await ground();
    const day = '2027-03-02';
    const onA = await book(t.app, casey, a._id, day, '12:00', '13:00');
    refused(await tryBook(dana, whole, day, '12:00', '13:00'), 409, 'SLOT_TAKEN', bookedThen(a));
    // Overlapping only partly is refused too.
    refused(await tryBook(dana, whole, day, '11:00', '13:00'), 409, 'SLOT_TAKEN', bookedThen(a));
    const onB = await book(t.app, dana, b._id, day, '12:00', '13:00');
    // Adjacent hours on the parent are free.
    await book(t.app, dana, whole._id, day, '11:00', '12:00');
    await book(t.app, dana, whole._id, day, '13:00', '14:00');

    await book(t.app, casey, whole._id, day, '15:00', '16:00');
    refused(await tryBook(dana, a, day, '15:00', '16:00'), 409, 'SLOT_TAKEN', bookedThen(whole));
    refused(await tryBook(dana, b, day, '14:00', '16:00'), 409, 'SLOT_TAKEN', bookedThen(whole));
    await book(t.app, dana, b._id, day, '16:00', '17:00');

    // With half A's booking cancelled the pitch is still taken by half B's, and says so.
    expect((await send('DELETE', `/api/bookings/${onA._id}`, casey)).statusCode).toBe(200);
    refused(await tryBook(casey, whole, day, '12:00', '13:00'), 409, 'SLOT_TAKEN', bookedThen(b));
    expect((await send('DELETE', `/api/bookings/${onB._id}`, dana)).statusCode).toBe(200);
    expect(await free(whole, day)).toContain('12:00');
    await book(t.app, casey, whole._id, day, '12:00', '13:00');
    expect(await countOverlaps(t.database.db)).toBe(0);
  });

  it('a lapsed hold on a part does not block the parent: the booking expires it, and its late payment is refunded and flagged', async () => {
    const { whole, a } = await ground();
    const day = '2027-03-03';
    const lapsing = await book(t.app, casey, a._id, day, '10:00', '11:00');
    const { orderId } = await openCheckout(t.app, casey, [lapsing._id], 50);
    refused(await tryBook(dana, whole, day, '10:00', '11:00'), 409, 'SLOT_TAKEN', bookedThen(a));

    t.clock.advance(16 * MINUTE);
    expect(await free(whole, day)).toContain('10:00');
    const taken = await book(t.app, dana, whole._id, day, '10:00', '11:00');
    expect(await status(lapsing._id)).toMatchObject({ status: 'expired' });

    // The money arrives late: the pitch is Dana's, so Casey's half is not confirmed over it.
    expect(await providerPays(t.app, orderId)).toBe('flagged');
    expect(await status(lapsing._id)).toMatchObject({ status: 'expired', payment_status: 'refunded' });
    const order = await t.database.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'refunded', refunded_cents: 5000, amount_cents: 5000 });
    expect(order.flag_reason).toEqual(expect.stringMatching(/\S/));
    expect(await status(taken._id)).toMatchObject({ status: 'pending', payment_status: 'unpaid' });
  });

  it('a late payment for a part whose parent hold lapsed too wins: that hold expires and the payer keeps the half', async () => {
    const { whole, a } = await ground();
    const day = '2027-03-03';
    const mine = await book(t.app, casey, a._id, day, '14:00', '15:00');
    const { orderId } = await openCheckout(t.app, casey, [mine._id], 50);
    t.clock.advance(16 * MINUTE);
    const theirs = await book(t.app, dana, whole._id, day, '14:00', '15:00');
    t.clock.advance(16 * MINUTE);
    expect(await providerPays(t.app, orderId)).toBe('confirmed');
    expect(await status(mine._id)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    expect(await status(theirs._id)).toMatchObject({ status: 'expired' });
  });

  it('a late payment for a part whose parent was closed over the lapsed hold is refused cleanly: refunded and flagged', async () => {
    const { whole, a } = await ground();
    const day = '2027-03-03';
    const lapsing = await book(t.app, casey, a._id, day, '16:00', '17:00');
    const { orderId } = await openCheckout(t.app, casey, [lapsing._id], 50);
    t.clock.advance(16 * MINUTE);
    const closed = await send('POST', '/api/admin/closures', staff, { facilityIds: [whole._id], start: `${day}T15:00`, end: `${day}T18:00`, reason: 'Pitch repairs', kind: 'maintenance' });
    expect(closed.statusCode, closed.body).toBe(201);
    expect(await status(lapsing._id)).toMatchObject({ status: 'expired' });
    expect(await providerPays(t.app, orderId)).toBe('flagged');
    expect(await status(lapsing._id)).toMatchObject({ status: 'expired', payment_status: 'refunded' });
    expect(await t.database.db.selectFrom('orders').select(['status', 'refunded_cents']).where('id', '=', orderId).executeTakeFirstOrThrow()).toEqual({ status: 'refunded', refunded_cents: 5000 });
  });

  it('staff desk bookings keep the rule both ways', async () => {
    const { whole, a, b } = await ground();
    const day = '2027-03-04';
    await book(t.app, casey, a._id, day, '10:00', '11:00');
    refused(await desk(whole, day, '10:00', '11:00', 'Walk-in Whole'), 409, 'SLOT_TAKEN', bookedThen(a));
    const other = await desk(b, day, '10:00', '11:00', 'Walk-in Half');
    expect(other.statusCode, other.body).toBe(201);

    const onWhole = await desk(whole, day, '15:00', '17:00', 'League Night');
    expect(onWhole.statusCode, onWhole.body).toBe(201);
    refused(await desk(a, day, '16:00', '17:00', 'Too Late'), 409, 'SLOT_TAKEN', bookedThen(whole));
    refused(await desk(b, day, '15:00', '16:00', 'Too Late'), 409, 'SLOT_TAKEN', bookedThen(whole));
  });

  it('moves: into time a linked facility holds is refused; to the other part at the same hour is fine; from the parent onto its own part and back works', async () => {
    const { whole, a, b } = await ground();
    const day = '2027-03-05';
    const onWhole = await book(t.app, dana, whole._id, day, '12:00', '13:00');
    const onA = await book(t.app, casey, a._id, day, '10:00', '11:00');

    // A customer moving their half into the pitch's hour.
    refused(await send('PUT', `/api/bookings/${onA._id}`, casey, { startTime: '12:00', endTime: '13:00' }), 409, 'SLOT_TAKEN', bookedThen(whole));
    // Staff moving the pitch's booking onto the half's hour.
    refused(await send('PUT', `/api/admin/bookings/${onWhole._id}`, staff, { date: day, startTime: '10:00', endTime: '11:00' }), 409, 'SLOT_TAKEN', bookedThen(a));
    expect(await status(onA._id)).toMatchObject({ status: 'pending', facility_id: a._id });

    // Half A to half B, same hour: the halves do not block each other.
    const across = await send('PUT', `/api/bookings/${onA._id}`, casey, { facility: b._id, startTime: '10:00', endTime: '11:00' });
    expect(across.statusCode, across.body).toBe(200);
    expect(across.json().data).toMatchObject({ facility: { _id: b._id }, startTime: '10:00' });
    expect(await free(a, day)).toContain('10:00');

    // The pitch's booking onto its own half at the same time: it does not conflict with itself.
    const down = await send('PUT', `/api/admin/bookings/${onWhole._id}`, staff, { facilityId: a._id, date: day, startTime: '12:00', endTime: '13:00', confirmPriceChange: true });
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json()).toMatchObject({ facility: { _id: a._id }, startTime: '12:00', endTime: '13:00' });
    expect(await free(b, day)).toContain('12:00');
    expect(await free(whole, day)).not.toContain('12:00');
    // And back up again, by the customer.
    const up = await send('PUT', `/api/bookings/${onWhole._id}`, dana, { facility: whole._id, startTime: '12:00', endTime: '13:00' });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().data).toMatchObject({ facility: { _id: whole._id } });
    // Up onto the pitch from half B, the half's own booking no obstacle; but not over another booking of half B.
    await book(t.app, dana, b._id, day, '16:00', '17:00');
    refused(await send('PUT', `/api/bookings/${onA._id}`, casey, { facility: whole._id, startTime: '15:00', endTime: '17:00' }), 409, 'SLOT_TAKEN', bookedThen(b));
    const whole10 = await send('PUT', `/api/bookings/${onA._id}`, casey, { facility: whole._id, startTime: '10:00', endTime: '11:00' });
    expect(whole10.statusCode, whole10.body).toBe(200);
    expect(await countOverlaps(t.database.db)).toBe(0);
  });

  it('a weekly series on the parent: the preview names the part that takes a date, and skip books the others', async () => {
    const { whole, a } = await ground();
    await book(t.app, casey, a._id, '2027-03-15', '19:00', '20:00');
    const series = { facilityId: whole._id, firstDate: '2027-03-08', count: 3, every: 1, startTime: '19:00', endTime: '20:00', guest: { name: 'Thursday League' }, payment: 'unpaid' };
    const preview = await send('POST', '/api/admin/series/preview', staff, { ...series, onConflict: 'fail' });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().dates).toEqual([
      { date: '2027-03-08', startTime: '19:00', endTime: '20:00', free: true, reason: null, price: 90 },
      { date: '2027-03-15', startTime: '19:00', endTime: '20:00', free: false, reason: `${a.name}: taken (held by Casey Linked)`, price: null },
      { date: '2027-03-22', startTime: '19:00', endTime: '20:00', free: true, reason: null, price: 90 },
    ]);
    const failed = await send('POST', '/api/admin/series', staff, { ...series, onConflict: 'fail' });
    refused(failed, 409, 'SERIES_CONFLICT');
    expect(failed.json().conflicts.map((c: { date: string; reason: string }) => [c.date, c.reason])).toEqual([['2027-03-15', `${a.name}: taken (held by Casey Linked)`]]);
    const created = await send('POST', '/api/admin/series', staff, { ...series, onConflict: 'skip' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().occurrences.map((o: { date: string }) => o.date)).toEqual(['2027-03-08', '2027-03-22']);
    expect(created.json().skipped).toEqual([{ date: '2027-03-15', reason: `${a.name}: taken (held by Casey Linked)` }]);

    // On a half, the whole's closure and the whole's series are in the way, named.
    expect((await send('POST', '/api/admin/closures', staff, { facilityIds: [whole._id], start: '2027-03-29T00:00', end: '2027-03-30T00:00', reason: 'Relining', kind: 'maintenance' })).statusCode).toBe(201);
    const onHalf = await send('POST', '/api/admin/series/preview', staff, { ...series, facilityId: a._id, firstDate: '2027-03-15', count: 3, onConflict: 'fail' });
    expect(onHalf.json().dates.map((d: { date: string; free: boolean; reason: string | null }) => [d.date, d.free, d.reason])).toEqual([
      ['2027-03-15', false, 'taken (held by Casey Linked)'],
      ['2027-03-22', false, `${whole.name}: taken (booked by Thursday League)`],
      ['2027-03-29', false, `${whole.name}: closed: Relining`],
    ]);
  });

  it('closures: the parent closed closes its parts; a part closed blocks the parent, not the other part; over a part booking the parent closure is refused, listing it, or cancels it', async () => {
    const { whole, a, b } = await ground();
    const day = '2027-03-06';
    const close = (f: Court, start: string, end: string, extra: Record<string, unknown> = {}) =>
      send('POST', '/api/admin/closures', staff, { facilityIds: [f._id], start: `${day}T${start}`, end: `${day}T${end}`, reason: 'Reseeding', kind: 'maintenance', ...extra });

    expect((await close(whole, '08:00', '10:00')).statusCode).toBe(201);
    for (const part of [a, b]) {
      const slots = await free(part, day);
      expect(slots).not.toContain('08:00');
      expect(slots).not.toContain('09:00');
      expect(slots).toContain('10:00');
    }
    refused(await tryBook(casey, a, day, '09:00', '10:00'), 409, 'FACILITY_CLOSED', closedThen(whole));
    refused(await desk(b, day, '08:00', '09:00', 'Early Bird'), 409, 'FACILITY_CLOSED', closedThen(whole));

    expect((await close(a, '12:00', '13:00')).statusCode).toBe(201);
    expect(await free(whole, day)).not.toContain('12:00');
    expect(await free(b, day)).toContain('12:00');
    refused(await tryBook(casey, whole, day, '12:00', '13:00'), 409, 'FACILITY_CLOSED', closedThen(a));
    await book(t.app, casey, b._id, day, '12:00', '13:00');

    const { booking } = await bookAndPay(t.app, dana, b._id, day, '18:00', '19:00');
    const blocked = await close(whole, '17:00', '20:00');
    refused(blocked, 409, 'CLOSURE_CONFLICT');
    expect(blocked.json().conflicts).toEqual([
      { facilityId: b._id, facilityName: b.name, date: day, startTime: '18:00', endTime: '19:00', bookingId: booking._id, customer: 'Dana Linked', reason: 'booked by Dana Linked (paid)' },
    ]);
    expect(await status(booking._id)).toMatchObject({ status: 'confirmed' });
    const forced = await close(whole, '17:00', '20:00', { cancelBookings: true });
    expect(forced.statusCode, forced.body).toBe(201);
    expect(forced.json().cancelledBookings).toBe(1);
    expect(await status(booking._id)).toMatchObject({ status: 'cancelled', payment_status: 'refunded' });
    expect(await free(b, day)).not.toContain('18:00');

    const view = (await send('GET', `/api/admin/day-view?date=${day}`, staff)).json().facilities as { id: string; linked: { label: string; kind: string; startTime: string; endTime: string }[] }[];
    expect(view.find((c) => c.id === b._id)!.linked.filter((l) => l.kind === 'closure').map((l) => [l.label, l.startTime, l.endTime])).toEqual([
      [`${whole.name} closed`, '08:00', '10:00'],
      [`${whole.name} closed`, '17:00', '20:00'],
    ]);
    expect(view.find((c) => c.id === whole._id)!.linked.map((l) => [l.label, l.startTime])).toEqual([[`${a.name} closed`, '12:00'], [`${b.name} booked`, '12:00']]);
  });

  it('the waitlist: someone waiting for the parent is offered it once its parts are free', async () => {
    const { whole, a, b } = await ground();
    const day = '2027-03-09';
    const waiter = await customer(t.app, 'Wendy Waiter');
    const onA = await bookAndPay(t.app, casey, a._id, day, '18:00', '19:00');
    const onB = await book(t.app, dana, b._id, day, '18:00', '19:00');
    const joined = await send('POST', '/api/waitlist', waiter, { facilityId: whole._id, date: day, startTime: '18:00', endTime: '19:00' });
    expect(joined.statusCode, joined.body).toBe(201);
    const entry = async () => ((await send('GET', '/api/waitlist', waiter)).json().data as { id: string; status: string; offer: { bookingId: string; facility: { id: string } } | null }[]).find((e) => e.id === joined.json().data.id)!;

    // Half B still holds the pitch's hour: no offer yet.
    expect((await send('DELETE', `/api/bookings/${onA.booking._id}`, casey)).statusCode).toBe(200);
    expect((await entry()).status).toBe('waiting');
    expect((await send('DELETE', `/api/bookings/${onB._id}`, dana)).statusCode).toBe(200);
    const offered = await entry();
    expect(offered).toMatchObject({ status: 'offered', offer: { facility: { id: whole._id } } });
    expect(await status(offered.offer!.bookingId)).toMatchObject({ status: 'pending', facility_id: whole._id });
    // Held for the waiter: a half of it is not for anyone else meanwhile.
    refused(await tryBook(casey, a, day, '18:00', '19:00'), 409, 'SLOT_TAKEN', bookedThen(whole));
  });

  it('the waitlist the other way: waiting for a half while the whole is booked; and time kept for a waiter is kept on its linked facilities too', async () => {
    const { whole, a, b } = await ground();
    const day = '2027-03-09';
    const waiter = await customer(t.app, 'Walt Waiter');
    const onWhole = await bookAndPay(t.app, casey, whole._id, day, '10:00', '11:00');
    const joined = await send('POST', '/api/waitlist', waiter, { facilityId: a._id, date: day, startTime: '10:00', endTime: '11:00' });
    expect(joined.statusCode, joined.body).toBe(201);
    expect((await send('DELETE', `/api/bookings/${onWhole.booking._id}`, casey)).statusCode).toBe(200);
    const mine = (await send('GET', '/api/waitlist', waiter)).json().data as { id: string; status: string; offer: { facility: { id: string } } | null }[];
    expect(mine.find((e) => e.id === joined.json().data.id)).toMatchObject({ status: 'offered', offer: { facility: { id: a._id } } });
    // Half B is not half A: free for anyone.
    expect((await tryBook(dana, b, day, '10:00', '11:00')).statusCode).toBe(201);

    // A hold on half B lapses while someone waits for the whole: the time is kept for them, not
    // for a newcomer on half B, whose attempt hands the whole to the waiter.
    const lapsing = await book(t.app, casey, b._id, day, '14:00', '15:00');
    const wanting = await send('POST', '/api/waitlist', waiter, { facilityId: whole._id, date: day, startTime: '14:00', endTime: '15:00' });
    expect(wanting.statusCode, wanting.body).toBe(201);
    t.clock.advance(16 * MINUTE);
    refused(await tryBook(dana, b, day, '14:00', '15:00'), 409, 'WAITLISTED');
    const after = (await send('GET', '/api/waitlist', waiter)).json().data as { id: string; status: string; offer: { bookingId: string; facility: { id: string } } | null }[];
    expect(after.find((e) => e.id === wanting.json().data.id)).toMatchObject({ status: 'offered', offer: { facility: { id: whole._id } } });
    expect(await status(lapsing._id)).toMatchObject({ status: 'expired' });
  });

  it('availability agrees: check-availability, Find a court and the day view all see linked time', async () => {
    const { whole, a, b } = await ground({ sport: 'football' });
    const day = '2027-03-10';
    const onA = await book(t.app, casey, a._id, day, '12:00', '13:00');
    const onWhole = await book(t.app, dana, whole._id, day, '15:00', '16:00');
    expect(await free(whole, day)).not.toContain('12:00');
    expect(await free(a, day)).not.toContain('12:00');
    expect(await free(b, day)).toContain('12:00');
    for (const part of [a, b]) expect(await free(part, day)).not.toContain('15:00');

    const found = await send('GET', `/api/availability?date=${day}&sport=football&from=12:00&to=13:00`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data.facilities.map((f: { name: string }) => f.name)).toEqual([b.name]);

    const view = await send('GET', `/api/admin/day-view?date=${day}`, staff);
    expect(view.statusCode, view.body).toBe(200);
    const column = (f: Court) => (view.json().facilities as { id: string; bookings: { id: string }[]; linked: unknown[] }[]).find((c) => c.id === f._id)!;
    expect(column(whole).bookings.map((x) => x.id)).toEqual([onWhole._id]);
    expect(column(whole).linked).toEqual([{ facilityId: a._id, facilityName: a.name, kind: 'booking', label: `${a.name} booked`, startTime: '12:00', endTime: '13:00' }]);
    expect(column(a).bookings.map((x) => x.id)).toEqual([onA._id]);
    for (const part of [a, b]) {
      expect(column(part).linked).toEqual([{ facilityId: whole._id, facilityName: whole.name, kind: 'booking', label: `${whole.name} booked`, startTime: '15:00', endTime: '16:00' }]);
    }
    // No customer detail in a linked block.
    expect(JSON.stringify(column(whole).linked)).not.toContain('Casey');
  });

  it('a changeover on the parts: linked time is the booked range (12:00-13:00 on a half blocks the whole at 12:00, not 13:00)', async () => {
    const { whole, a } = await ground({}, { policy: { bufferMinutes: 10 } });
    const day = '2027-03-11';
    const onA = await book(t.app, casey, a._id, day, '12:00', '13:00');
    expect((await send('GET', `/api/bookings/${onA._id}`, casey)).json().data).toMatchObject({ playEndTime: '12:50' });
    const slots = await free(whole, day);
    expect(slots).toContain('11:00');
    expect(slots).not.toContain('12:00');
    expect(slots).toContain('13:00');
    await book(t.app, dana, whole._id, day, '13:00', '14:00');
    await book(t.app, dana, whole._id, day, '11:00', '12:00');
    refused(await tryBook(dana, whole, day, '12:00', '13:00'), 409, 'SLOT_TAKEN', bookedThen(a));
  });

  it('a daylight-saving day (New York springs forward 2027-03-14): a half booked across the change blocks the whole for those instants only', async () => {
    const { whole, a, b } = await ground({ openingHours: everyDay({ open: '00:00', close: '24:00' }) });
    const day = '2027-03-14';
    // 00:00-03:00 that night is 05:00Z-07:00Z: two real hours, the whole's 00:00 and 01:00 slots.
    const onA = await book(t.app, casey, a._id, day, '00:00', '03:00');
    const row = await t.database.db.selectFrom('bookings').select(['starts_at', 'ends_at']).where('id', '=', onA._id).executeTakeFirstOrThrow();
    expect([row.starts_at.toISOString(), row.ends_at.toISOString()]).toEqual(['2027-03-14T05:00:00.000Z', '2027-03-14T07:00:00.000Z']);
    const everyHour = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`).filter((h) => h !== '02:00');
    expect(await free(b, day)).toEqual(everyHour);
    expect(await free(whole, day)).toEqual(everyHour.filter((h) => h !== '00:00' && h !== '01:00'));
    refused(await tryBook(dana, whole, day, '01:00', '03:00'), 409, 'SLOT_TAKEN', bookedThen(a));
    await book(t.app, dana, whole._id, day, '03:00', '04:00');
    await book(t.app, dana, b._id, day, '00:00', '03:00');
    // The day before and after are untouched.
    expect(await free(whole, '2027-03-13')).toHaveLength(24);
  });

  describe('linking facilities', () => {
    it('parentId on create and update; the DTOs say parentId, parent and parts (by name)', async () => {
      const { whole, a, b } = await ground();
      expect(await facilityDto(a)).toMatchObject({ parentId: whole._id, parent: { _id: whole._id, name: whole.name }, parts: [] });
      expect(await facilityDto(whole)).toMatchObject({ parentId: null, parent: null, parts: [{ _id: a._id, name: a.name }, { _id: b._id, name: b.name }] });
      const court = await facility(t.app, staff, { name: `${whole.name}, Annex` });
      expect((await facilityDto(court)).parentId).toBeNull();
      const linked = await send('PUT', `/api/admin/facilities/${court._id}`, staff, { parentId: whole._id });
      expect(linked.statusCode, linked.body).toBe(200);
      expect(linked.json()).toMatchObject({ parentId: whole._id, parent: { _id: whole._id, name: whole.name } });
      const pub = (await send('GET', `/api/facility/${whole._id}`)).json().data;
      expect(pub.parts.map((p: { name: string }) => p.name)).toEqual([a.name, b.name, court.name].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase())));
    });

    it('one level only: 409 LINK_REFUSED for a facility as its own part, a part of a part, and a parent into another; nothing changes', async () => {
      const { whole, a } = await ground();
      const court = await facility(t.app, staff, { name: 'Lone Court' });
      const cases: [() => Promise<Res>, RegExp][] = [
        [() => send('PUT', `/api/facility/${court._id}`, staff, { parentId: court._id }), /cannot be part of itself/],
        [() => send('PUT', `/api/facility/${court._id}`, staff, { parentId: a._id }), /is itself part of another facility/],
        [() => send('POST', '/api/facility', staff, { ...newCourt('Quarter'), parentId: a._id }), /is itself part of another facility/],
        [() => send('PUT', `/api/facility/${whole._id}`, staff, { parentId: court._id }), /has parts of its own/],
        [() => send('PUT', `/api/admin/facilities/${court._id}`, staff, { parentId: '00000000-0000-4000-8000-000000000000' }), /does not exist/],
      ];
      for (const [request, message] of cases) {
        const res = await request();
        refused(res, 409, 'LINK_REFUSED');
        expect(res.json()).toMatchObject({ errorMessages: [{ path: 'parentId' }] });
        expect(res.json().message).toMatch(message);
      }
      expect((await facilityDto(court)).parentId).toBeNull();
      expect((await facilityDto(whole)).parentId).toBeNull();
      expect(await t.database.db.selectFrom('facilities').select('id').where('name', '=', 'Quarter').execute()).toEqual([]);
    });

    it('linking while upcoming bookings or closures would overlap: 409 LINK_CONFLICT with the list, and nothing changes', async () => {
      const { whole } = await ground();
      const court = await facility(t.app, staff, { name: 'Would-be Half' });
      const day = '2027-03-12';
      await book(t.app, dana, whole._id, day, '12:00', '13:00');
      const onCourt = await book(t.app, casey, court._id, day, '12:00', '14:00');
      const underClosure = await book(t.app, casey, court._id, day, '18:00', '19:00');
      expect((await send('POST', '/api/admin/closures', staff, { facilityIds: [whole._id], start: `${day}T17:00`, end: `${day}T20:00`, reason: 'Floodlights', kind: 'maintenance' })).statusCode).toBe(201);
      // Time taken on neither side at once is no conflict.
      await book(t.app, casey, court._id, day, '15:00', '16:00');

      const res = await send('PUT', `/api/facility/${court._id}`, staff, { parentId: whole._id });
      refused(res, 409, 'LINK_CONFLICT');
      expect(res.json().conflicts).toEqual([
        { facilityId: court._id, facilityName: court.name, date: day, startTime: '12:00', endTime: '14:00', bookingId: onCourt._id, customer: 'Casey Linked', reason: `${whole.name} booked then` },
        { facilityId: court._id, facilityName: court.name, date: day, startTime: '18:00', endTime: '19:00', bookingId: underClosure._id, customer: 'Casey Linked', reason: `${whole.name} closed then` },
      ]);
      expect(res.json().message).toBe(`It cannot be part of ${whole.name} while these 2 bookings overlap time taken there. Move or cancel them first.`);
      expect((await facilityDto(court)).parentId).toBeNull();
      expect((await facilityDto(whole)).parts).toEqual([expect.anything(), expect.anything()]);
      expect(await free(whole, day)).toContain('14:00');

      // With those two cancelled it links, and its booking now takes the pitch's time.
      expect((await send('DELETE', `/api/bookings/${onCourt._id}`, casey)).statusCode).toBe(200);
      expect((await send('DELETE', `/api/bookings/${underClosure._id}`, casey)).statusCode).toBe(200);
      const now = await send('PUT', `/api/facility/${court._id}`, staff, { parentId: whole._id });
      expect(now.statusCode, now.body).toBe(200);
      expect(await free(whole, day)).not.toContain('15:00');
    });

    it('unlinking always works and frees the time; a parent with live parts cannot be deleted (HAS_PARTS); its parts first, then it', async () => {
      const { whole, a, b } = await ground();
      const day = '2027-03-13';
      await book(t.app, casey, a._id, day, '12:00', '13:00');
      await book(t.app, dana, b._id, day, '12:00', '13:00');
      expect(await free(whole, day)).not.toContain('12:00');
      const unlinked = await send('PUT', `/api/facility/${a._id}`, staff, { parentId: null });
      expect(unlinked.statusCode, unlinked.body).toBe(200);
      expect(unlinked.json().data).toMatchObject({ parentId: null, parent: null });
      expect(await free(whole, day)).not.toContain('12:00');
      expect((await send('PUT', `/api/admin/facilities/${b._id}`, staff, { parentId: null })).statusCode).toBe(200);
      expect(await free(whole, day)).toContain('12:00');
      await book(t.app, casey, whole._id, day, '12:00', '13:00');

      // Linking half A back now would put its 12:00 under the pitch's.
      expect((await send('PUT', `/api/facility/${a._id}`, staff, { parentId: whole._id })).json()).toMatchObject({ statusCode: 409, code: 'LINK_CONFLICT' });
      const { whole: w2, a: a2, b: b2 } = await ground();
      const del = await send('DELETE', `/api/facility/${w2._id}`, staff);
      refused(del, 409, 'HAS_PARTS', `It has parts (${a2.name}, ${b2.name}): move them to another facility or delete them first.`);
      refused(await send('PUT', `/api/facility/${w2._id}`, staff, { isDeleted: true }), 409, 'HAS_PARTS');
      expect((await send('DELETE', `/api/admin/facilities/${a2._id}`, staff)).statusCode).toBe(200);
      expect((await facilityDto(w2)).parts).toEqual([{ _id: b2._id, name: b2.name }]);
      expect((await facilityDto(a2)).parentId).toBeNull();
      refused(await send('DELETE', `/api/facility/${w2._id}`, staff), 409, 'HAS_PARTS');
      expect((await send('DELETE', `/api/facility/${b2._id}`, staff)).statusCode).toBe(200);
      const last = await send('DELETE', `/api/facility/${w2._id}`, staff);
      expect(last.statusCode, last.body).toBe(200);
      expect((await facilityDto(w2)).parts).toEqual([]);
    });

    itOnPostgres('links made at once the opposite ways, and a new part beside them: each made or refused cleanly, never a 5xx, one level kept', async () => {
      for (let round = 0; round < 5; round++) {
        const { whole, a } = await ground();
        const court = await facility(t.app, staff, { name: `Racing Court ${round}` });
        const results = await race([
          () => send('PUT', `/api/facility/${court._id}`, staff, { parentId: a._id }),
          () => send('PUT', `/api/facility/${whole._id}`, staff, { parentId: court._id }),
          () => send('PUT', `/api/facility/${court._id}`, staff, { parentId: whole._id }),
          () => send('POST', '/api/facility', staff, { ...newCourt(`Racing Quarter ${round}`), parentId: whole._id }),
        ]);
        expect(results.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
        for (const r of results) if (r.statusCode === 409) expect(['LINK_REFUSED', 'LINK_CONFLICT']).toContain(r.json().code);
        const nested = await t.database.db.selectFrom('facilities as f').innerJoin('facilities as p', 'p.id', 'f.parent_id').select('f.id').where('p.parent_id', 'is not', null).execute();
        expect(nested).toEqual([]);
      }
    });

    it("a part unlinked, or deleted with its bookings, hands the whole's freed time to its waitlist at once", async () => {
      const { whole, a, b } = await ground();
      const day = '2027-03-13';
      const waiter = await customer(t.app, 'Una Unlinked');
      const waitFor = async (startTime: string, endTime: string) => {
        const joined = await send('POST', '/api/waitlist', waiter, { facilityId: whole._id, date: day, startTime, endTime });
        expect(joined.statusCode, joined.body).toBe(201);
        return async () => ((await send('GET', '/api/waitlist', waiter)).json().data as { id: string; status: string; offer: { facility: { id: string } } | null }[]).find((e) => e.id === joined.json().data.id);
      };
      await bookAndPay(t.app, casey, a._id, day, '18:00', '19:00');
      const unlinkedEntry = await waitFor('18:00', '19:00');
      expect((await send('PUT', `/api/facility/${a._id}`, staff, { parentId: null })).statusCode).toBe(200);
      expect(await unlinkedEntry()).toMatchObject({ status: 'offered', offer: { facility: { id: whole._id } } });

      await bookAndPay(t.app, casey, b._id, day, '20:00', '21:00');
      const deletedEntry = await waitFor('20:00', '21:00');
      expect((await send('DELETE', `/api/facility/${b._id}?cancelBookings=true`, staff)).statusCode).toBe(200);
      expect(await deletedEntry()).toMatchObject({ status: 'offered', offer: { facility: { id: whole._id } } });
    });

    it('customers cannot link: the facility routes are for staff', async () => {
      const { whole } = await ground();
      const court = await facility(t.app, staff, { name: 'Customer Court' });
      expect((await send('PUT', `/api/facility/${court._id}`, casey, { parentId: whole._id })).statusCode).toBe(403);
      expect((await send('PUT', `/api/admin/facilities/${court._id}`, casey, { parentId: whole._id })).statusCode).toBe(403);
      expect((await send('POST', '/api/facility', casey, { ...newCourt('Sneaky'), parentId: whole._id })).statusCode).toBe(403);
      expect((await facilityDto(court)).parentId).toBeNull();
    });
  });
});

describe('linked courts in the availability cache (a second process with the change feed)', () => {
  let t: TestApp;
  /** Another app on the same database with the change feed: the caching process. */
  let cached: App;
  let staff: Actor;
  let casey: Actor;
  let grounds = 0;
  const day = '2027-03-02';

  const freeOn = async (app: App, f: Court) =>
    ((await app.inject({ url: `/api/check-availability?facility=${f._id}&date=${day}` })).json().data as { startTime: string }[]).map((s) => s.startTime);
  const found = async (app: App, sport: string) =>
    ((await app.inject({ url: `/api/availability?date=${day}&sport=${sport}&from=10:00&to=11:00` })).json().data.facilities as { name: string }[]).map((f) => f.name);
  /** A ground of its own sport, its answers read once by the caching process (so they are cached). */
  async function cachedGround(sport: string): Promise<Ground> {
    const name = `Cached Pitch ${++grounds}`;
    const whole = await facility(t.app, staff, { name, sport });
    const a = await facility(t.app, staff, { name: `${name}, Half A`, sport, parentId: whole._id });
    const b = await facility(t.app, staff, { name: `${name}, Half B`, sport, parentId: whole._id });
    // Their creation is notified too: wait until the caching process has heard it all.
    await eventually(async () => expect(await found(cached, sport)).toEqual([whole.name, a.name, b.name]));
    for (const f of [whole, a, b]) expect(await freeOn(cached, f)).toContain('10:00');
    return { whole, a, b };
  }

  beforeAll(async () => {
    t = await createTestApp({ clockStart: START });
    const feed = (await openChangeFeedFor(t.database))!;
    cached = await buildApp({ config: t.config, db: t.database.db, jwtSecret: randomBytes(32).toString('hex'), clock: t.clock.now, changes: feed });
    await cached.ready();
    await eventually(async () => expect(feed.live).toBe(true));
    staff = await admin(t.app);
    casey = await customer(t.app, 'Casey Cached');
  });
  afterAll(async () => {
    await cached?.close();
    await t?.close();
  });

  it("the caching process's own booking on a half leaves the whole's cached answers at once, and the other half's alone", async () => {
    const { whole, a, b } = await cachedGround('tennis');
    const here = await login(cached, casey.email);
    const res = await cached.inject({ method: 'POST', url: '/api/bookings', headers: here.auth, payload: { facility: a._id, date: day, startTime: '10:00', endTime: '11:00' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(await freeOn(cached, whole)).not.toContain('10:00');
    expect(await freeOn(cached, b)).toContain('10:00');
    expect(await found(cached, 'tennis')).toEqual([b.name]);
  });

  it("another process's booking on the whole, and its cancellation, reach the halves' cached answers", async () => {
    const { whole, a, b } = await cachedGround('padel');
    const booking = await book(t.app, casey, whole._id, day, '10:00', '11:00');
    await eventually(async () => expect(await found(cached, 'padel')).toEqual([]));
    for (const part of [a, b]) expect(await freeOn(cached, part)).not.toContain('10:00');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/bookings/${booking._id}`, headers: casey.auth })).statusCode).toBe(200);
    await eventually(async () => expect(await found(cached, 'padel')).toEqual([whole.name, a.name, b.name]));
    for (const part of [a, b]) expect(await freeOn(cached, part)).toContain('10:00');
  });

  it('a closure on the whole, made elsewhere, closes the cached halves; linking and unlinking change the cached whole', async () => {
    const { whole, a, b } = await cachedGround('squash');
    const closed = await t.app.inject({ method: 'POST', url: '/api/admin/closures', headers: staff.auth, payload: { facilityIds: [whole._id], start: `${day}T10:00`, end: `${day}T11:00`, reason: 'Lines', kind: 'maintenance' } });
    expect(closed.statusCode, closed.body).toBe(201);
    await eventually(async () => expect(await found(cached, 'squash')).toEqual([]));
    for (const part of [a, b]) expect(await freeOn(cached, part)).not.toContain('10:00');

    // A court booked at 12:00 linked in as a third part: the whole is no longer free at 12:00.
    const court = await facility(t.app, staff, { name: `${whole.name}, Annex`, sport: 'squash' });
    await book(t.app, casey, court._id, day, '12:00', '13:00');
    await eventually(async () => expect(await freeOn(cached, court)).not.toContain('12:00'));
    expect(await freeOn(cached, whole)).toContain('12:00');
    const linked = await t.app.inject({ method: 'PUT', url: `/api/facility/${court._id}`, headers: staff.auth, payload: { parentId: whole._id } });
    expect(linked.statusCode, linked.body).toBe(200);
    await eventually(async () => expect(await freeOn(cached, whole)).not.toContain('12:00'));
    const unlinked = await t.app.inject({ method: 'PUT', url: `/api/facility/${court._id}`, headers: staff.auth, payload: { parentId: null } });
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    await eventually(async () => expect(await freeOn(cached, whole)).toContain('12:00'));
  });
});
