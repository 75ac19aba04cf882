import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, bookAndPay, customer, facility, type Actor } from './support/actors.ts';
import { icsOf, parseIcs, startSmtp, type TestSmtp } from './support/smtp.ts';
import { deliverMail } from '../src/mail/sender.ts';

/** Calendar feeds and the booking messages' .ics, read back by a real iCalendar parser. */
describe('calendars', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let staff: Actor;
  let casey: Actor;
  let court: { _id: string; name: string };
  const bookings: Record<string, string> = {};

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_BASE_URL: 'https://courts.example', REMINDER_HOURS: '0' } });
    staff = await admin(t.app);
    casey = await customer(t.app, 'Casey Calendar');
    court = await facility(t.app, staff, { name: 'Centre Court', location: 'Riverside Park; Gate 2' });
    // Either side of New York's change to summer time (14 March 2027).
    bookings.before = (await bookAndPay(t.app, casey, court._id, '2027-03-13', '10:00', '11:00')).booking._id;
    bookings.after = (await bookAndPay(t.app, casey, court._id, '2027-03-15', '10:00', '12:00')).booking._id;
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  const link = async (method: 'GET' | 'POST' = 'GET') => {
    const res = await t.app.inject({ method, url: '/api/auth/me/calendar', headers: casey.auth });
    expect(res.statusCode).toBe(200);
    return res.json().data as { url: string; webcal: string };
  };
  const feed = (url: string) => t.app.inject({ url: new URL(url).pathname });

  it('the feed is valid iCalendar with the confirmed bookings at the right instants across the DST change', async () => {
    const { url, webcal } = await link();
    expect(url).toMatch(/^https:\/\/courts\.example\/api\/calendar\/[\w-]{43}\.ics$/);
    expect(webcal).toBe(url.replace('https:', 'webcal:'));
    expect((await link()).url).toBe(url);
    const res = await feed(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    const ics = parseIcs(res.body);
    expect(ics.method).toBe('PUBLISH');
    expect(ics.events.map((e) => [e.uid, e.start, e.end, e.status])).toEqual([
      [`booking-${bookings.before}@courtside`, '2027-03-13T15:00:00.000Z', '2027-03-13T16:00:00.000Z', 'CONFIRMED'],
      [`booking-${bookings.after}@courtside`, '2027-03-15T14:00:00.000Z', '2027-03-15T16:00:00.000Z', 'CONFIRMED'],
    ]);
    expect(ics.events[0]).toMatchObject({ summary: 'Centre Court', location: 'Riverside Park; Gate 2' });
  });

  it('shows no one else\'s bookings, and not cancelled ones', async () => {
    const other = await customer(t.app, 'Other Person');
    await bookAndPay(t.app, other, court._id, '2027-03-16', '10:00', '11:00');
    const otherLink = (await t.app.inject({ url: '/api/auth/me/calendar', headers: other.auth })).json().data.url;
    expect(parseIcs((await feed(otherLink)).body).events).toHaveLength(1);
    const cancelled = (await bookAndPay(t.app, casey, court._id, '2027-03-20', '10:00', '11:00')).booking._id;
    await t.database.db.updateTable('bookings').set({ status: 'cancelled' }).where('id', '=', cancelled).execute();
    const uids = parseIcs((await feed((await link()).url)).body).events.map((e) => e.uid);
    expect(uids).toHaveLength(2);
    expect(uids).not.toContain(`booking-${cancelled}@courtside`);
  });

  it('a wrong secret is 404; a new secret ends the old link', async () => {
    const old = (await link()).url;
    expect((await t.app.inject({ url: '/api/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/calendar/short.ics' })).statusCode).toBe(404);
    const renewed = await link('POST');
    expect(renewed.url).not.toBe(old);
    expect((await feed(old)).statusCode).toBe(404);
    expect((await feed(renewed.url)).statusCode).toBe(200);
    expect((await link()).url).toBe(renewed.url);
  });

  it('booking confirmed and cancelled messages carry an .ics with the same UID, a higher SEQUENCE when cancelled', async () => {
    t.clock.advance(60_000);
    const cancel = await t.app.inject({ method: 'DELETE', url: `/api/bookings/${bookings.after}`, headers: staff.auth });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await deliverMail(t.app.ctx);
    const about = (subject: string) => smtp.to(casey.email).filter((m) => m.subject?.includes(subject) && m.text?.includes('Monday, March 15, 2027'));
    const [confirmed, ...others] = about('Booking confirmed: Centre Court');
    expect(others).toEqual([]);
    expect(confirmed!.text).toContain('Monday, March 15, 2027, 10:00 AM – 12:00 PM (New York time)');
    expect(confirmed!.text).toContain('Paid: $40.00');
    const [cancelled] = about('Booking cancelled: Centre Court');
    expect(cancelled!.text).toContain('Your $40.00 will be refunded');
    const a = parseIcs(icsOf(confirmed!)).events[0]!;
    const b = parseIcs(icsOf(cancelled!)).events[0]!;
    expect(a).toMatchObject({ uid: `booking-${bookings.after}@courtside`, status: 'CONFIRMED', start: '2027-03-15T14:00:00.000Z' });
    expect(b).toMatchObject({ uid: a.uid, status: 'CANCELLED' });
    expect(b.sequence).toBeGreaterThan(a.sequence);
  });
});
