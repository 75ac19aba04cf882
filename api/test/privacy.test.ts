import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, bookAndPay, customer, facility, type Actor } from './support/actors.ts';

/**
 * No message, page or API answer shown to a customer names another customer or shows their
 * details. A rival with an unmistakable name books and pays; then a customer meets that booking
 * every way a customer can (availability, a refused hold, their own lists, a weekly series that
 * skips the rival's date, a closure that cancels theirs), and every answer they got and every
 * email sent to them is searched for the rival's name, email and id.
 */
describe('privacy: a customer never reads another customer', () => {
  let t: TestApp;
  let staff: Actor;
  let casey: Actor;
  let rival: Actor;
  let court: { _id: string };
  const RIVAL_NAME = 'Zebulon Quartermaine';
  const seen: { what: string; text: string }[] = [];

  /** A request as `casey` makes it; its answer is kept to be searched. */
  async function asCasey(what: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
    const res = await t.app.inject({ method, url, headers: casey.auth, ...(payload ? { payload } : {}) });
    seen.push({ what, text: res.body });
    return res;
  }

  beforeAll(async () => {
    t = await createTestApp();
    staff = await admin(t.app);
    casey = await customer(t.app, 'Casey League');
    rival = await customer(t.app, RIVAL_NAME);
    court = await facility(t.app, staff, { name: 'Centre Court', pricePerHour: 25 });
    await bookAndPay(t.app, rival, court._id, '2027-03-09', '18:00', '19:00');
    await bookAndPay(t.app, rival, court._id, '2027-03-03', '10:00', '11:00');
  });
  afterAll(() => t.close());

  it('what the customer reads of a slot another customer holds names nobody', async () => {
    await asCasey('availability', 'GET', `/api/check-availability?facility=${court._id}&date=2027-03-09`);
    await asCasey('availability (new)', 'GET', `/api/availability?facilityId=${court._id}&date=2027-03-09`);
    await asCasey('facility', 'GET', `/api/facility/${court._id}`);
    const refused = await asCasey('hold on a taken slot', 'POST', '/api/bookings', { facility: court._id, date: '2027-03-09', startTime: '18:00', endTime: '19:00' });
    expect(refused.statusCode).toBe(409);
  });

  it('a weekly series that skips the other customer\'s date tells its customer "not available"', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/series',
      headers: staff.auth,
      payload: { facilityId: court._id, firstDate: '2027-03-02', count: 3, startTime: '18:00', endTime: '19:00', every: 1, userId: casey.id, payment: 'desk', onConflict: 'skip' },
    });
    expect(res.statusCode, res.body).toBe(201);
    // Staff may see who holds the date; the customer's email says only that it is not available.
    expect(res.json().skipped[0].reason).toContain(RIVAL_NAME);
    const [mail] = await t.database.db.selectFrom('outbox_messages').select('text_body').where('recipient', '=', casey.email).where('kind', '=', 'series_confirmed').execute();
    expect(mail!.text_body).toMatch(/Tuesday, March 9, 2027: not available/);
  });

  it('a closure that cancels bookings of both tells each only of their own', async () => {
    const own = await bookAndPay(t.app, casey, court._id, '2027-03-03', '12:00', '13:00');
    expect(own.booking.status).toBe('pending');
    const closed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/closures',
      headers: staff.auth,
      payload: { facilityIds: [court._id], start: '2027-03-03T00:00', end: '2027-03-04T00:00', reason: 'Flooded', kind: 'maintenance', cancelBookings: true },
    });
    expect(closed.statusCode, closed.body).toBe(201);
  });

  it("the other customer's review reaches the customer as a verified player's, unnamed", async () => {
    const rivals = (await t.app.inject({ url: `/api/bookings/user/${rival.id}`, headers: rival.auth })).json().data as { _id: string; date: string }[];
    t.clock.set('2027-03-10T12:00:00Z');
    const written = await t.app.inject({ method: 'POST', url: `/api/bookings/${rivals.find((b) => b.date === '2027-03-09')!._id}/review`, headers: rival.auth, payload: { rating: 5, comment: 'Great court' } });
    expect(written.statusCode, written.body).toBe(201);
    expect((await asCasey('reviews', 'GET', `/api/facility/${court._id}/reviews`)).json().data.reviews).toHaveLength(1);
    await asCasey('facility list', 'GET', '/api/facility');
  });

  it("nothing the customer received names, addresses or identifies the other customer", async () => {
    await asCasey('my bookings', 'GET', `/api/bookings/user/${casey.id}`);
    await asCasey('me', 'GET', '/api/auth/me');
    const mails = await t.database.db.selectFrom('outbox_messages').select(['kind', 'subject', 'text_body', 'html_body', 'attachments']).where('recipient', '=', casey.email).execute();
    expect(mails.map((m) => m.kind)).toEqual(expect.arrayContaining(['series_confirmed', 'booking_confirmed', 'booking_cancelled']));
    for (const m of mails) seen.push({ what: `email ${m.kind}`, text: [m.subject, m.text_body, m.html_body, JSON.stringify(m.attachments)].join('\n') });
    const rivalMarks = [RIVAL_NAME, 'Zebulon', 'Quartermaine', rival.email, rival.id];
    const leaks = seen.flatMap(({ what, text }) => rivalMarks.filter((mark) => text.includes(mark)).map((mark) => `${what} shows "${mark}"`));
    expect(seen.length).toBeGreaterThan(8);
    expect(leaks).toEqual([]);
  });
});
