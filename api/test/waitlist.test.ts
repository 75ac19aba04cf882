import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, book, bookAndPay, customer, facility, openCheckout, staffMember, type Actor } from './support/actors.ts';
import { mailsTo } from './support/outbox.ts';
import { countOverlaps } from './support/databases.ts';
import { runSweep } from '../src/services/sweep.ts';

interface Entry {
  id: string;
  kind: 'slot' | 'window';
  status: string;
  position: number | null;
  facility: { id: string; name: string } | null;
  sport: string;
  date: string;
  startTime: string;
  endTime: string;
  minutes: number;
  offer: null | { bookingId: string; expiresAt: string; facility: { id: string; name: string }; date: string; startTime: string; endTime: string; amount: number };
}

const quietLog = { info: () => {} };

describe('the waitlist', () => {
  let t: TestApp;
  let owner: Actor;
  let desk: Actor;
  let court: { _id: string; name: string };
  let day = 0;
  /** A day of its own (2027-03-10 onwards), so no two tests meet. */
  const nextDay = () => `2027-03-${String(10 + day++).padStart(2, '0')}`;

  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Actor, payload?: unknown) =>
    t.app.inject({ method, url, headers: who.auth, ...(payload === undefined ? {} : { payload: payload as object }) });
  const join = async (who: Actor, body: Record<string, unknown>, status = 201) => {
    const res = await send('POST', '/api/waitlist', who, body);
    expect(res.statusCode, res.body).toBe(status);
    return res.json().data as Entry;
  };
  const mine = async (who: Actor) => {
    const res = await send('GET', '/api/waitlist', who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Entry[];
  };
  const entry = async (who: Actor, id: string) => (await mine(who)).find((e) => e.id === id)!;
  const tryBook = (who: Actor, where: string, date: string, startTime = '18:00', endTime = '19:00') =>
    send('POST', '/api/bookings', who, { facility: where, date, startTime, endTime });
  const sweep = () => runSweep(t.app.ctx, quietLog);

  beforeAll(async () => {
    t = await createTestApp();
    owner = await admin(t.app, 'Olive Owner');
    desk = await staffMember(t.app, 'desk', 'Dee Desk');
    court = await facility(t.app, owner, { name: 'Court Wait', pricePerHour: 20 });
  });
  afterAll(() => t.close());

  it('joins in line for a taken slot: positions, the same wish twice is one entry, leaving moves the line up', async () => {
    const date = nextDay();
    const [holder, ana, ben] = [await customer(t.app, 'Holder'), await customer(t.app, 'Ana'), await customer(t.app, 'Ben')];
    await bookAndPay(t.app, holder, court._id, date, '18:00', '19:00');
    const slot = { facilityId: court._id, date, startTime: '18:00', endTime: '19:00' };
    const a = await join(ana, slot);
    expect(a).toMatchObject({ kind: 'slot', status: 'waiting', position: 1, facility: { id: court._id, name: 'Court Wait' }, date, startTime: '18:00', endTime: '19:00', minutes: 60, offer: null });
    const b = await join(ben, slot);
    expect(b.position).toBe(2);
    const again = await join(ben, slot, 200);
    expect(again.id).toBe(b.id);
    expect((await mine(ben)).filter((e) => e.status === 'waiting')).toHaveLength(1);

    const left = await send('DELETE', `/api/waitlist/${a.id}`, ana);
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json().data).toMatchObject({ id: a.id, status: 'left', position: null });
    expect((await entry(ben, b.id)).position).toBe(1);
    // Someone else's entry does not exist for a customer.
    expect((await send('DELETE', `/api/waitlist/${b.id}`, ana)).statusCode).toBe(404);
    expect((await mine(ana)).map((e) => e.id)).toEqual([a.id]);
  });

  it('answers 409 SLOT_FREE with the free slots when what is asked for is free now', async () => {
    const date = nextDay();
    const cara = await customer(t.app, 'Cara');
    const res = await send('POST', '/api/waitlist', cara, { facilityId: court._id, date, startTime: '10:00', endTime: '11:00' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'SLOT_FREE', freeSlots: [{ facilityId: court._id, facilityName: 'Court Wait', date, startTime: '10:00', endTime: '11:00' }] });
    expect(await mine(cara)).toEqual([]);
  });

  it('refuses what nobody could book, naming the field: closed hours, off the grid, a window shorter than its length', async () => {
    const date = nextDay();
    const dan = await customer(t.app, 'Dan');
    const outside = await send('POST', '/api/waitlist', dan, { facilityId: court._id, date, startTime: '06:00', endTime: '07:00' });
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({ code: 'OUTSIDE_OPENING_HOURS', errorMessages: [{ path: 'startTime' }] });
    const short = await send('POST', '/api/waitlist', dan, { sport: 'tennis', date, from: '18:00', to: '18:30', minutes: 60 });
    expect(short.json()).toMatchObject({ code: 'TOO_SHORT', errorMessages: [{ path: 'to' }] });
    const none = await send('POST', '/api/waitlist', dan, { sport: 'squash', date, from: '18:00', to: '20:00', minutes: 60 });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'NO_SLOT_IN_WINDOW', errorMessages: [{ path: 'from' }] });
    const past = await send('POST', '/api/waitlist', dan, { facilityId: court._id, date: '2027-02-01', startTime: '18:00', endTime: '19:00' });
    expect(past.json()).toMatchObject({ code: 'IN_THE_PAST' });
  });

  it('a cancellation hands the slot to the first in line as a held booking, emailed with a link to checkout; nobody else can take it', async () => {
    const date = nextDay();
    const [holder, ana, ben, dora] = [await customer(t.app, 'Holder'), await customer(t.app, 'Ana'), await customer(t.app, 'Ben'), await customer(t.app, 'Dora')];
    const { booking } = await bookAndPay(t.app, holder, court._id, date, '18:00', '19:00');
    const slot = { facilityId: court._id, date, startTime: '18:00', endTime: '19:00' };
    const a = await join(ana, slot);
    const b = await join(ben, slot);
    expect((await send('DELETE', `/api/bookings/${booking._id}`, holder)).statusCode).toBe(200);

    const offered = await entry(ana, a.id);
    const offerUntil = new Date(t.clock.now().getTime() + 20 * 60_000).toISOString();
    expect(offered).toMatchObject({ status: 'offered', position: null, offer: { facility: { id: court._id }, date, startTime: '18:00', endTime: '19:00', amount: 20, expiresAt: offerUntil } });
    const held = await send('GET', `/api/bookings/${offered.offer!.bookingId}`, ana);
    expect(held.json().data).toMatchObject({ status: 'pending', paymentStatus: 'unpaid', payableAmount: 20 });
    const mail = (await mailsTo(t.database.db, ana.email)).filter((m) => m.kind === 'waitlist_offer');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('A court is free for you: Court Wait - Courtside');
    expect(mail[0]!.text_body).toContain('/dashboard/checkoutForPayment');
    expect(mail[0]!.text_body).toContain('$20.00');
    expect((await entry(ben, b.id))).toMatchObject({ status: 'waiting', position: 1 });
    // Held for Ana: anyone else is told it went to its waitlist.
    const snatch = await tryBook(dora, court._id, date);
    expect(snatch.statusCode).toBe(409);
    expect(snatch.json().code).toBe('WAITLISTED');

    // Paid through the usual checkout: booked.
    const checkout = await openCheckout(t.app, ana, [offered.offer!.bookingId], 20);
    const paid = await t.app.inject({ method: 'POST', url: `${checkout.paymentUrl}/confirm`, payload: { signature: checkout.signature } });
    expect(paid.statusCode).toBe(303);
    expect((await entry(ana, a.id)).status).toBe('booked');
    expect((await entry(ben, b.id)).status).toBe('waiting');
  });

  it('declining the offer, or letting it lapse, passes it to the next in line; with nobody left the slot is open to all', async () => {
    const date = nextDay();
    const [holder, ana, ben, cal, dora] = [await customer(t.app, 'Holder'), await customer(t.app, 'Ana'), await customer(t.app, 'Ben'), await customer(t.app, 'Cal'), await customer(t.app, 'Dora')];
    const { booking } = await bookAndPay(t.app, holder, court._id, date, '18:00', '19:00');
    const slot = { facilityId: court._id, date, startTime: '18:00', endTime: '19:00' };
    const [a, b, c] = [await join(ana, slot), await join(ben, slot), await join(cal, slot)];
    await send('DELETE', `/api/bookings/${booking._id}`, holder);
    expect((await entry(ana, a.id)).status).toBe('offered');

    // Declined: Ben is offered it in the same transaction.
    const declined = await send('DELETE', `/api/waitlist/${a.id}`, ana);
    expect(declined.json().data.status).toBe('left');
    expect((await entry(ben, b.id)).status).toBe('offered');
    expect((await entry(cal, c.id)).position).toBe(1);

    // Lapsed by the clock: the slot stays kept for Cal; Dora's attempt is refused and hands it over.
    t.clock.advance(21 * 60_000);
    expect((await entry(ben, b.id)).status).toBe('expired');
    const refused = await tryBook(dora, court._id, date);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'WAITLISTED', message: 'People are waiting for this time, so it goes to the first in line. Join the waitlist to be next.' });
    expect((await entry(cal, c.id)).status).toBe('offered');

    // Cal cancels the held booking like any hold: nobody waits any more, so Dora may book it.
    const calOffer = (await entry(cal, c.id)).offer!;
    expect((await send('DELETE', `/api/bookings/${calOffer.bookingId}`, cal)).statusCode).toBe(200);
    expect((await entry(cal, c.id)).status).toBe('left');
    const open = await tryBook(dora, court._id, date);
    expect(open.statusCode, open.body).toBe(201);
    expect(await countOverlaps(t.database.db)).toBe(0);
  });

  it('a lapsed offer is passed on by the sweep without anyone trying to book', async () => {
    const date = nextDay();
    const [holder, ana, ben] = [await customer(t.app, 'Holder'), await customer(t.app, 'Ana'), await customer(t.app, 'Ben')];
    const { booking } = await bookAndPay(t.app, holder, court._id, date, '18:00', '19:00');
    const slot = { facilityId: court._id, date, startTime: '18:00', endTime: '19:00' };
    const [a, b] = [await join(ana, slot), await join(ben, slot)];
    await send('DELETE', `/api/bookings/${booking._id}`, holder);
    t.clock.advance(20 * 60_000 + 1000);
    await sweep();
    expect((await entry(ana, a.id)).status).toBe('expired');
    expect((await entry(ben, b.id)).status).toBe('offered');
  });

  it('staff cancelling, staff moving a booking away, a closure lifted and a series date removed each hand the time over', async () => {
    const [holder, ana, ben, cal, dan] = [await customer(t.app, 'Holder'), await customer(t.app, 'Ana'), await customer(t.app, 'Ben'), await customer(t.app, 'Cal'), await customer(t.app, 'Dan')];
    // Staff cancel.
    const d1 = nextDay();
    const first = await bookAndPay(t.app, holder, court._id, d1, '18:00', '19:00');
    const a = await join(ana, { facilityId: court._id, date: d1, startTime: '18:00', endTime: '19:00' });
    expect((await send('DELETE', `/api/admin/bookings/${first.booking._id}`, owner)).statusCode).toBe(200);
    expect((await entry(ana, a.id)).status).toBe('offered');

    // Moved away by staff.
    const d2 = nextDay();
    const second = await bookAndPay(t.app, holder, court._id, d2, '18:00', '19:00');
    const b = await join(ben, { facilityId: court._id, date: d2, startTime: '18:00', endTime: '19:00' });
    const moved = await send('PUT', `/api/admin/bookings/${second.booking._id}`, owner, { date: d2, startTime: '12:00', endTime: '13:00', confirmPriceChange: true });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await entry(ben, b.id)).status).toBe('offered');

    // A closure lifted.
    const d3 = nextDay();
    const closure = await send('POST', '/api/admin/closures', owner, { facilityIds: [court._id], start: `${d3}T17:00`, end: `${d3}T20:00`, kind: 'maintenance', reason: 'Resurfacing' });
    expect(closure.statusCode, closure.body).toBe(201);
    const c = await join(cal, { facilityId: court._id, date: d3, startTime: '18:00', endTime: '19:00' });
    expect((await send('DELETE', `/api/admin/closures/${closure.json().id}`, owner)).statusCode).toBe(200);
    expect((await entry(cal, c.id)).status).toBe('offered');

    // A series date removed.
    const d4 = nextDay();
    const series = await send('POST', '/api/admin/series', owner, { facilityId: court._id, firstDate: d4, every: 1, count: 1, startTime: '18:00', endTime: '19:00', userId: holder.id, payment: 'unpaid', onConflict: 'fail' });
    expect(series.statusCode, series.body).toBe(201);
    const d = await join(dan, { facilityId: court._id, date: d4, startTime: '18:00', endTime: '19:00' });
    const cancelled = await send('DELETE', `/api/admin/series/${series.json().id}?from=${d4}`, owner);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await entry(dan, d.id)).status).toBe('offered');
  });

  it('a window entry waits for any court of its sport in the window, and is offered the first that frees', async () => {
    const date = nextDay();
    const padelA = await facility(t.app, owner, { name: 'Padel A', sport: 'padel' });
    const padelB = await facility(t.app, owner, { name: 'Padel B', sport: 'padel' });
    const tennis = await facility(t.app, owner, { name: 'Tennis Side', sport: 'tennis' });
    const [holder, ana] = [await customer(t.app, 'Holder'), await customer(t.app, 'Ana')];
    const held: Record<string, string> = {};
    for (const f of [padelA, padelB, tennis]) {
      for (const start of ['18:00', '19:00']) {
        const end = start === '18:00' ? '19:00' : '20:00';
        held[`${f.name} ${start}`] = (await bookAndPay(t.app, holder, f._id, date, start, end)).booking._id;
      }
    }
    const w = await join(ana, { sport: 'padel', date, from: '18:00', to: '20:00', minutes: 60 });
    expect(w).toMatchObject({ kind: 'window', status: 'waiting', position: 1, facility: null, sport: 'padel', startTime: '18:00', endTime: '20:00', minutes: 60 });
    // Another sport's court freeing is not for it.
    await send('DELETE', `/api/bookings/${held['Tennis Side 19:00']}`, holder);
    expect((await entry(ana, w.id)).status).toBe('waiting');
    await send('DELETE', `/api/bookings/${held['Padel B 19:00']}`, holder);
    expect((await entry(ana, w.id))).toMatchObject({ status: 'offered', offer: { facility: { id: padelB._id, name: 'Padel B' }, date, startTime: '19:00', endTime: '20:00' } });
  });

  it('hours widened open time a window entry waits for, and it is offered', async () => {
    const date = nextDay();
    const late = await facility(t.app, owner, { name: 'Late Court', sport: 'badminton' });
    const [holder, ana] = [await customer(t.app, 'Holder'), await customer(t.app, 'Ana')];
    await bookAndPay(t.app, holder, late._id, date, '20:00', '21:00');
    await bookAndPay(t.app, holder, late._id, date, '21:00', '22:00');
    const w = await join(ana, { sport: 'badminton', date, from: '20:00', to: '23:00', minutes: 60 });
    const hours = { open: '08:00', close: '23:00' };
    const widened = await send('PUT', `/api/facility/${late._id}`, owner, { openingHours: { sun: hours, mon: hours, tue: hours, wed: hours, thu: hours, fri: hours, sat: hours } });
    expect(widened.statusCode, widened.body).toBe(200);
    expect((await entry(ana, w.id))).toMatchObject({ status: 'offered', offer: { startTime: '22:00', endTime: '23:00' } });
  });

  it('entries whose slot has started expire', async () => {
    const date = nextDay();
    const [holder, ana] = [await customer(t.app, 'Holder'), await customer(t.app, 'Ana')];
    await bookAndPay(t.app, holder, court._id, date, '18:00', '19:00');
    const a = await join(ana, { facilityId: court._id, date, startTime: '18:00', endTime: '19:00' });
    t.clock.set(`${date}T23:05:00Z`); // 18:05 in New York
    expect((await entry(ana, a.id)).status).toBe('expired');
    await sweep();
    const row = await t.database.db.selectFrom('waitlist_entries').select('status').where('id', '=', a.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('expired');
    t.clock.set('2027-03-01T15:00:00Z');
  });

  it('the back office: the day grid counts who waits, the desk sees their names and may still book, staff remove an entry', async () => {
    const date = nextDay();
    const [holder, ana, ben] = [await customer(t.app, 'Holder'), await customer(t.app, 'Ana Lopez'), await customer(t.app, 'Ben Ode')];
    const { booking } = await bookAndPay(t.app, holder, court._id, date, '18:00', '19:00');
    const slot = { facilityId: court._id, date, startTime: '18:00', endTime: '19:00' };
    const [a, b] = [await join(ana, slot), await join(ben, slot)];
    const day = await send('GET', `/api/admin/day-view?date=${date}`, desk);
    expect(day.json().facilities.find((f: { id: string }) => f.id === court._id).waiting).toEqual([{ startTime: '18:00', endTime: '19:00', count: 2 }]);
    const at = await send('GET', `/api/admin/waitlist/at/${court._id}?date=${date}&startTime=18:00&endTime=19:00`, desk);
    expect(at.json().map((w: { customer: { name: string } }) => w.customer.name)).toEqual(['Ana Lopez', 'Ben Ode']);
    const list = await send('GET', `/api/admin/waitlist?filter=${encodeURIComponent(JSON.stringify({ facilityId: court._id, date, status: 'active' }))}`, desk);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().map((e: { id: string; customer: { name: string }; position: number }) => [e.customer.name, e.position])).toEqual([['Ana Lopez', 1], ['Ben Ode', 2]]);

    const removed = await send('DELETE', `/api/admin/waitlist/${a.id}`, desk);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ status: 'left', removedBy: 'Dee Desk' });
    expect((await entry(ana, a.id)).status).toBe('left');

    // The desk may book time others wait for (they were warned): cancel, then book it for a walk-in.
    await send('DELETE', `/api/admin/bookings/${booking._id}`, owner);
    const benOffer = (await entry(ben, b.id)).offer!;
    await send('DELETE', `/api/waitlist/${b.id}`, ben);
    expect(benOffer.bookingId).toBeTruthy();
    const c = await join(await customer(t.app, 'Cy'), { ...slot, startTime: '19:00', endTime: '20:00' }, 409);
    expect(c).toBeUndefined();
    const walkIn = await send('POST', '/api/admin/bookings', desk, { ...slot, userId: holder.id, payment: 'unpaid' });
    expect(walkIn.statusCode, walkIn.body).toBe(201);
  });

  it('limits active entries per customer', async () => {
    const t2 = await createTestApp({ env: { WAITLIST_MAX_PER_CUSTOMER: '2' } });
    try {
      const o = await admin(t2.app);
      const f = await facility(t2.app, o);
      const [holder, eve] = [await customer(t2.app, 'Holder'), await customer(t2.app, 'Eve')];
      for (const start of ['10', '11', '12']) await book(t2.app, holder, f._id, '2027-03-20', `${start}:00`, `${Number(start) + 1}:00`);
      const joinAt = (start: string) => t2.app.inject({ method: 'POST', url: '/api/waitlist', headers: eve.auth, payload: { facilityId: f._id, date: '2027-03-20', startTime: `${start}:00`, endTime: `${Number(start) + 1}:00` } });
      expect((await joinAt('10')).statusCode).toBe(201);
      expect((await joinAt('11')).statusCode).toBe(201);
      const third = await joinAt('12');
      expect(third.statusCode).toBe(409);
      expect(third.json()).toMatchObject({ code: 'WAITLIST_LIMIT_REACHED', message: 'You are already on 2 waitlists. Leave one before joining another.' });
    } finally {
      await t2.close();
    }
  });
});
