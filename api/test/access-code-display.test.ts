import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';
import type { BookingDto, PlayingBookingDto } from '@courtside/contracts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, bookAndPay, customer, facility, type Actor } from './support/actors.ts';
import { icsOf, startSmtp, type TestSmtp } from './support/smtp.ts';
import { playersOf, sendAs, tokenOf } from './support/players.ts';
import { deliverMail } from '../src/mail/sender.ts';

/**
 * A booking's door code as its people see it: its customer and its players (joined, not left)
 * from midnight of the day before (the facility's zone) until its end, in My bookings; in the
 * confirmation, move and reminder messages (with an inline QR) and in its calendar events
 * whenever it has one; staff always; nobody else ever.
 */
describe('door codes, as the customer sees them', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let staff: Actor;
  let casey: Actor;
  let dana: Actor;
  let eve: Actor;
  let court: { _id: string; name: string };
  const send = () => sendAs(t.app);
  const deliver = () => deliverMail(t.app.ctx);

  beforeAll(async () => {
    smtp = await startSmtp();
    // Reminders 24 hours ahead; the facility is in New York (the test default zone).
    t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_BASE_URL: 'https://courts.example', REMINDER_HOURS: '24' } });
    staff = await admin(t.app, 'Sam Staff');
    casey = await customer(t.app, 'Casey Player');
    dana = await customer(t.app, 'Dana Partner');
    eve = await customer(t.app, 'Eve Else');
    court = await facility(t.app, staff, { name: 'Padel Gate', sport: 'padel', location: 'Riverside Park' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });
  beforeEach(async () => {
    t.clock.set('2027-03-01T15:00:00Z');
    await deliver();
    smtp.received.length = 0;
  });

  const asStaff = async (id: string) => {
    const res = await send()('GET', `/api/bookings/${id}`, staff);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as BookingDto;
  };
  const mine = async (who: Actor, id: string) => {
    const res = await send()('GET', `/api/bookings/user/${who.id}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as BookingDto[]).find((b) => b._id === id);
  };
  const one = async (who: Actor, id: string) => {
    const res = await send()('GET', `/api/bookings/${id}`, who);
    return { status: res.statusCode, booking: res.statusCode === 200 ? (res.json().data as BookingDto) : undefined };
  };
  const playing = async (who: Actor) => {
    const res = await send()('GET', '/api/bookings/playing', who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as PlayingBookingDto[];
  };
  const qrOf = (mail: ParsedMail) => mail.attachments.find((a) => a.contentType === 'image/png');
  /**
   * Whether the HTML shows the QR attached by its Content-ID: the message as written has
   * src="cid:…", and mailparser puts an attachment's bytes in place of a cid: only when that
   * Content-ID is attached, so the received HTML holding them shows the reference resolves.
   */
  const showsQrInline = async (mail: ParsedMail, kind: string) => {
    const written = await t.database.db.selectFrom('outbox_messages').select('html_body').where('kind', '=', kind).where('recipient', '=', casey.email).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(written.html_body).toContain('<img src="cid:door-code@courtside"');
    const qr = qrOf(mail)!;
    expect(qr).toMatchObject({ contentType: 'image/png', cid: 'door-code@courtside', contentDisposition: 'inline' });
    expect(mail.html).toContain(`src="data:image/png;base64,${qr.content.toString('base64')}"`);
  };
  const descriptionOf = (ics: string) =>
    new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v).description ?? null);

  it('My bookings shows the code from midnight of the day before until the end; staff always', async () => {
    // Wednesday 3 March, 18:00-19:00 in New York (UTC-5): 23:00-00:00 UTC.
    const { booking } = await bookAndPay(t.app, casey, court._id, '2027-03-03', '18:00', '19:00');
    // The hold as its POST answered: no code yet, and no time it opens.
    expect(booking).toMatchObject({ accessCode: null, accessOpensAt: null });
    const code = (await asStaff(booking._id)).accessCode;
    expect(code).toMatch(/^\d{6}$/);
    expect((await asStaff(booking._id)).accessOpensAt).toBe('2027-03-03T22:45:00.000Z');

    // Two days ahead: not yet, in the list and the booking alike.
    expect(await mine(casey, booking._id)).toMatchObject({ status: 'confirmed', accessCode: null, accessOpensAt: null });
    expect((await one(casey, booking._id)).booking).toMatchObject({ accessCode: null, accessOpensAt: null });
    t.clock.set('2027-03-02T04:59:59Z');
    expect((await mine(casey, booking._id))?.accessCode).toBeNull();

    // Midnight of Tuesday in New York: from here until the end.
    t.clock.set('2027-03-02T05:00:00Z');
    expect(await mine(casey, booking._id)).toMatchObject({ accessCode: code, accessOpensAt: '2027-03-03T22:45:00.000Z' });
    expect((await one(casey, booking._id)).booking?.accessCode).toBe(code);
    t.clock.set('2027-03-03T23:59:59Z');
    expect((await mine(casey, booking._id))?.accessCode).toBe(code);
    t.clock.set('2027-03-04T00:00:00Z');
    expect(await mine(casey, booking._id)).toMatchObject({ accessCode: null, accessOpensAt: null });
    // Staff read it even after the end (a dispute at the desk).
    expect((await asStaff(booking._id)).accessCode).toBe(code);
  });

  it('another customer never sees it: not the booking, not the list, not the link, not the public pages', async () => {
    const { booking } = await bookAndPay(t.app, casey, court._id, '2027-03-05', '10:00', '11:00');
    const code = (await asStaff(booking._id)).accessCode!;
    t.clock.set('2027-03-05T14:30:00Z');
    expect((await one(eve, booking._id)).status).toBe(404);
    expect((await send()('GET', `/api/bookings/user/${casey.id}`, eve)).statusCode).toBe(403);
    const preview = await send()('GET', `/api/join/${tokenOf(await playersOf(t.app, booking._id, casey))}`, eve);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.body).not.toContain(code);
    expect(preview.json().data).not.toHaveProperty('accessCode');
    const anonymous = await send()('GET', `/api/join/${tokenOf(await playersOf(t.app, booking._id, casey))}`);
    expect(anonymous.body).not.toContain(code);
    const day = await send()('GET', `/api/check-availability?facility=${court._id}&date=2027-03-05`);
    expect(day.statusCode, day.body).toBe(200);
    expect(day.body).not.toContain(code);
    expect(await playing(eve)).toEqual([]);
  });

  it('a player who joined sees it as the customer does; one who left does not', async () => {
    const { booking } = await bookAndPay(t.app, casey, court._id, '2027-03-06', '09:00', '10:00');
    const code = (await asStaff(booking._id)).accessCode!;
    const token = tokenOf(await playersOf(t.app, booking._id, casey));
    expect((await send()('POST', `/api/join/${token}`, dana)).statusCode).toBe(200);
    // Their "you're playing" message is theirs: it carries the code, as the organizer's confirmation does.
    await deliver();
    const joined = smtp.only(dana.email, "You're playing: Padel Gate");
    expect(joined.text).toContain(`Your door code ${code} opens the gate from 8:45 AM until 10:00 AM.`);
    expect(qrOf(joined)?.cid).toBe('door-code@courtside');
    expect((await playing(dana)).find((p) => p.bookingId === booking._id)).toMatchObject({ accessCode: null, accessOpensAt: null });
    t.clock.set('2027-03-05T12:00:00Z');
    expect((await playing(dana)).find((p) => p.bookingId === booking._id)).toMatchObject({ accessCode: code, accessOpensAt: '2027-03-06T13:45:00.000Z' });
    // A player is no customer of it: the booking itself stays theirs to see only through the list.
    expect((await one(dana, booking._id)).status).toBe(404);
    expect((await send()('DELETE', `/api/bookings/${booking._id}/players/me`, dana)).statusCode).toBe(200);
    expect(JSON.stringify(await playing(dana))).not.toContain(code);
  });

  it('the confirmation carries the code, when it opens, and its QR inline; its .ics has it in the description', async () => {
    const { booking } = await bookAndPay(t.app, casey, court._id, '2027-03-10', '18:00', '19:00');
    const code = (await asStaff(booking._id)).accessCode!;
    await deliver();
    const mail = smtp.only(casey.email, 'Booking confirmed: Padel Gate');
    // Sent nine days ahead, it carries the code: the message is the customer's own.
    expect(mail.text).toContain(`Your door code ${code} opens the gate from 5:45 PM until 7:00 PM.`);
    expect(mail.html).toContain(`Your door code ${code} opens the gate from 5:45 PM until 7:00 PM.`);
    await showsQrInline(mail, 'booking_confirmed');
    expect(mail.html).toContain(`alt="QR code of door code ${code}"`);
    const qr = qrOf(mail);
    // A PNG: its signature, and more than a few bytes of picture.
    expect(qr!.content.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(qr!.content.length).toBeGreaterThan(200);
    expect(descriptionOf(icsOf(mail))).toEqual([`Door code ${code}: opens the gate from 5:45 PM until 7:00 PM (New York time).`]);
  });

  it('a move carries the (possibly new) code; the reminder carries it too', async () => {
    const { booking } = await bookAndPay(t.app, casey, court._id, '2027-03-12', '09:00', '10:00');
    await deliver();
    smtp.received.length = 0;
    const moved = await send()('PUT', `/api/bookings/${booking._id}`, staff, { date: '2027-03-12', startTime: '11:00', endTime: '12:00' });
    expect(moved.statusCode, moved.body).toBe(200);
    const code = (await asStaff(booking._id)).accessCode!;
    expect(code).toMatch(/^\d{6}$/);
    await deliver();
    const mail = smtp.only(casey.email, 'Booking moved: Padel Gate');
    expect(mail.text).toContain(`Your door code ${code} opens the gate from 10:45 AM until 12:00 PM.`);
    await showsQrInline(mail, 'booking_moved');
    expect(descriptionOf(icsOf(mail))[0]).toContain(`Door code ${code}: opens the gate from 10:45 AM`);

    // 20 hours before it starts (16:00 UTC on the 12th), the reminder is due.
    t.clock.set('2027-03-11T20:00:00Z');
    await deliver();
    const reminder = smtp.only(casey.email, 'Reminder: Padel Gate');
    expect(reminder.text).toContain(`Your door code ${code} opens the gate from 10:45 AM until 12:00 PM.`);
    await showsQrInline(reminder, 'booking_reminder');
  });

  it('the calendar feed, a secret link of the customer\'s own, carries each code', async () => {
    const { booking } = await bookAndPay(t.app, casey, court._id, '2027-03-15', '14:00', '15:00');
    const code = (await asStaff(booking._id)).accessCode!;
    const link = (await send()('GET', '/api/auth/me/calendar', casey)).json().data.url as string;
    const feed = await t.app.inject({ url: new URL(link).pathname });
    expect(feed.statusCode).toBe(200);
    expect(descriptionOf(feed.body)).toContain(`Door code ${code}: opens the gate from 1:45 PM until 3:00 PM (New York time).`);
    const file = await send()('GET', `/api/bookings/${booking._id}/calendar.ics`, casey);
    expect(descriptionOf(file.body)).toEqual([`Door code ${code}: opens the gate from 1:45 PM until 3:00 PM (New York time).`]);
  });

  it('a cancelled booking has no code: not in My bookings, not in its message or its .ics', async () => {
    const { booking } = await bookAndPay(t.app, casey, court._id, '2027-03-02', '16:00', '17:00');
    const code = (await asStaff(booking._id)).accessCode!;
    expect(code).toMatch(/^\d{6}$/);
    t.clock.set('2027-03-01T16:00:00Z');
    expect((await mine(casey, booking._id))?.accessCode).toBe(code);
    await deliver();
    smtp.received.length = 0;
    // Staff cancel it (its customer's free cancellation ended): the code goes with it at once.
    expect((await send()('DELETE', `/api/bookings/${booking._id}`, staff)).statusCode).toBe(200);
    expect(await mine(casey, booking._id)).toMatchObject({ status: 'cancelled', accessCode: null, accessOpensAt: null });
    expect((await asStaff(booking._id)).accessCode).toBeNull();
    await deliver();
    const mail = smtp.only(casey.email, 'Booking cancelled: Padel Gate');
    expect(mail.text).not.toContain(code);
    expect(mail.text).not.toContain('door code');
    expect(mail.html).not.toContain('cid:');
    expect(qrOf(mail)).toBeUndefined();
    expect(descriptionOf(icsOf(mail))).toEqual([null]);
  });
});
