import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, book, bookAndPay, customer, facility, type Actor } from './support/actors.ts';
import { parseIcs } from './support/smtp.ts';

/** What the site's profile and My Bookings need: the reminders switch and "Add to calendar". */
describe('the site\'s email and calendar pieces', () => {
  let t: TestApp;
  let staff: Actor;
  let casey: Actor;
  let other: Actor;
  let court: { _id: string; name: string };

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_BASE_URL: 'https://courts.example', REMINDER_HOURS: '0' } });
    staff = await admin(t.app);
    casey = await customer(t.app, 'Casey Calendar');
    other = await customer(t.app, 'Olly Other');
    court = await facility(t.app, staff, { name: 'Centre Court', location: 'Riverside Park; Gate 2' });
  });
  afterAll(() => t.close());

  const me = (actor: Actor) => t.app.inject({ url: '/api/auth/me', headers: actor.auth });
  const editMe = (actor: Actor, payload: object) => t.app.inject({ method: 'PUT', url: '/api/auth/me', headers: actor.auth, payload });
  const ics = (actor: Actor | null, id: string) => t.app.inject({ url: `/api/bookings/${id}/calendar.ics`, headers: actor ? actor.auth : {} });

  describe('email reminders in the profile', () => {
    it('are on for a new customer and in the user wire shape', async () => {
      expect((await me(casey)).json().data).toMatchObject({ _id: casey.id, emailReminders: true });
    });

    it('are turned off and on again with PUT /api/auth/me, leaving the rest of the profile alone', async () => {
      const before = (await me(casey)).json().data;
      const off = await editMe(casey, { emailReminders: false });
      expect(off.statusCode).toBe(200);
      expect(off.json().data).toEqual({ ...before, emailReminders: false });
      const row = await t.database.db.selectFrom('users').select(['email_reminders', 'name']).where('id', '=', casey.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ email_reminders: false, name: before.name });
      expect((await me(casey)).json().data.emailReminders).toBe(false);
      expect((await editMe(casey, { emailReminders: true })).json().data.emailReminders).toBe(true);
    });

    it('refuse anything but a boolean, naming the field', async () => {
      for (const value of ['false', 0, null]) {
        const res = await editMe(casey, { emailReminders: value });
        expect(res.statusCode, JSON.stringify(value)).toBe(400);
        expect(res.json().errorMessages[0].path).toBe('emailReminders');
      }
      expect((await me(casey)).json().data.emailReminders).toBe(true);
    });

    it('cannot be set through the field name the database uses (unknown fields change nothing)', async () => {
      await editMe(casey, { email_reminders: false });
      expect((await me(casey)).json().data.emailReminders).toBe(true);
    });
  });

  describe('GET /api/bookings/:id/calendar.ics', () => {
    let confirmedId: string;

    beforeAll(async () => {
      // After New York's change to summer time (14 March 2027): 10:00 there is 14:00 UTC.
      confirmedId = (await bookAndPay(t.app, casey, court._id, '2027-03-15', '10:00', '12:00')).booking._id;
    });

    it('gives the owner the booking as a valid iCalendar file, at the right instants', async () => {
      const res = await ics(casey, confirmedId);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/calendar/);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.ics"$/);
      expect(res.headers['cache-control']).toContain('no-store');
      const calendar = parseIcs(res.body);
      expect(calendar.method).toBe('PUBLISH');
      expect(calendar.events).toEqual([
        expect.objectContaining({
          uid: `booking-${confirmedId}@courtside`,
          start: '2027-03-15T14:00:00.000Z',
          end: '2027-03-15T16:00:00.000Z',
          summary: 'Centre Court',
          location: 'Riverside Park; Gate 2',
          status: 'CONFIRMED',
        }),
      ]);
    });

    it('has the same UID as the feed, so a calendar holding both keeps one event', async () => {
      const link = (await t.app.inject({ url: '/api/auth/me/calendar', headers: casey.auth })).json().data.url as string;
      const feed = parseIcs((await t.app.inject({ url: new URL(link).pathname })).body);
      const single = parseIcs((await ics(casey, confirmedId)).body);
      expect(feed.events.map((e) => e.uid)).toContain(single.events[0]!.uid);
    });

    it('is served to an admin too', async () => {
      const res = await ics(staff, confirmedId);
      expect(res.statusCode).toBe(200);
      expect(parseIcs(res.body).events[0]!.uid).toBe(`booking-${confirmedId}@courtside`);
    });

    it("is 404 for another customer, the same answer as for a booking that does not exist; 401 without a token", async () => {
      const theirs = await ics(other, confirmedId);
      const missing = await ics(other, '00000000-0000-4000-8000-000000000000');
      const read = await t.app.inject({ url: `/api/bookings/${confirmedId}`, headers: other.auth });
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toMatchObject({ code: 'BOOKING_NOT_FOUND' });
      expect(theirs.json().message).toBe(missing.json().message);
      expect(theirs.json().message).toBe(read.json().message);
      expect(theirs.body).not.toContain('Centre Court');
      expect((await ics(null, confirmedId)).statusCode).toBe(401);
    });

    it('refuses a malformed id with a clear 400', async () => {
      const res = await ics(casey, 'not-a-uuid');
      expect(res.statusCode).toBe(400);
      expect(res.json().errorMessages[0].path).toBe('id');
    });

    it('refuses an unpaid hold (409 NOT_PAID): it is not in anyone\'s calendar yet', async () => {
      const hold = await book(t.app, casey, court._id, '2027-03-16', '10:00', '11:00');
      const res = await ics(casey, hold._id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'NOT_PAID' });
      expect(res.json().message).toMatch(/not confirmed yet/);
    });

    it('marks a cancelled booking CANCELLED under the same UID, so importing it removes the event', async () => {
      const { booking } = await bookAndPay(t.app, casey, court._id, '2027-03-17', '10:00', '11:00');
      const cancel = await t.app.inject({ method: 'DELETE', url: `/api/bookings/${booking._id}`, headers: casey.auth });
      expect(cancel.statusCode).toBe(200);
      const event = parseIcs((await ics(casey, booking._id)).body).events[0]!;
      expect(event).toMatchObject({ uid: `booking-${booking._id}@courtside`, status: 'CANCELLED' });
    });
  });
});
