import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, customer, facility, type Actor } from './support/actors.ts';
import { sweepHolds } from '../src/services/booking-service.ts';
import { mailsTo, onlyMail as onlyMailOf } from './support/outbox.ts';

// Clock: 2027-03-01 15:00Z = Monday 10:00 in New York.
const TODAY = '2027-03-01';

/**
 * A booking held for its customer's payment (made by staff with a payment link): the hold never
 * outlives the slot's start; when the venue moves or cancels it (or a closure does), the customer
 * is told what changed, and the old payment page says why it no longer takes payment.
 */
describe('bookings held for payment', () => {
  let t: TestApp;
  let staff: Actor;
  let court: { _id: string; name: string };

  const desk = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/admin/bookings', headers: staff.auth, payload });
  const mailTo = (recipient: string) => mailsTo(t.database.db, recipient);
  const onlyMail = (recipient: string, kind: string) => onlyMailOf(t.database.db, recipient, kind);
  const pageOf = async (paymentUrl: string) => (await t.app.inject({ url: new URL(paymentUrl).pathname })).body;
  const orderIdOf = (paymentUrl: string) => new URL(paymentUrl).pathname.split('/').at(-1)!;
  const checkout = (who: Actor, bookingId: string, total: number) =>
    t.app.inject({ method: 'POST', url: '/api/order/create', headers: who.auth, payload: { totalPayableAmount: total, bookingIds: [{ bookingId }] } });

  async function heldFor(who: Actor, date: string, startTime: string, endTime: string) {
    const res = await desk({ facilityId: court._id, date, startTime, endTime, userId: who.id, payment: 'link' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { _id: string; paymentUrl: string; holdExpiresAt: string; status: string };
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_BASE_URL: 'https://courts.example', LINK_HOLD_HOURS: '24' } });
    staff = await admin(t.app, 'Desk Dee');
    court = await facility(t.app, staff, { name: 'Held Court', pricePerHour: 30 });
  });
  afterAll(() => t.close());

  it('a payment link made an hour before the start holds the slot until the start, not a day: then it lapses and the page says the time has started', async () => {
    const casey = await customer(t.app, 'Casey Early');
    const held = await heldFor(casey, TODAY, '11:00', '12:00');
    expect(held.holdExpiresAt).toBe('2027-03-01T16:00:00.000Z');
    const link = (await mailTo(casey.email)).find((m) => m.kind === 'payment_link')!;
    expect(link.text_body).toContain('by Monday, March 1, 2027, 11:00 AM (New York time)');

    t.clock.set('2027-03-01T16:00:00Z');
    const read = await t.app.inject({ url: `/api/admin/bookings/${held._id}`, headers: staff.auth });
    expect(read.json()).toMatchObject({ status: 'expired', holdExpiresAt: null });
    const page = await pageOf(held.paymentUrl);
    expect(page).toContain('This page no longer takes payment.');
    expect(page).toContain('This booking&#39;s time has started (Monday, March 1, 2027, 11:00 AM – 12:00 PM)');
    const refused = (await checkout(casey, held._id, 30)).json();
    expect(refused).toMatchObject({ statusCode: 409, code: 'NOT_PAYABLE' });
    expect(refused.message).toContain("This booking's time has started");
    // The sweeper writes it down as expired: it holds nothing any more.
    expect(await sweepHolds(t.app.ctx)).toBeGreaterThanOrEqual(1);
    const row = await t.database.db.selectFrom('bookings').select('status').where('id', '=', held._id).executeTakeFirstOrThrow();
    expect(row.status).toBe('expired');
    t.clock.set('2027-03-01T15:00:00Z');
  });

  it('a held booking staff move: the customer is emailed the new time with a new link; the old page says where it moved and takes no money', async () => {
    const casey = await customer(t.app, 'Casey Moved');
    const held = await heldFor(casey, '2027-03-06', '09:00', '10:00');
    const moved = await t.app.inject({ method: 'PUT', url: `/api/admin/bookings/${held._id}`, headers: staff.auth, payload: { ...held, startTime: '11:00', endTime: '12:00' } });
    expect(moved.statusCode, moved.body).toBe(200);

    const mail = await onlyMail(casey.email, 'booking_moved');
    expect(mail.subject).toContain('Booking moved: Held Court, new payment link');
    expect(mail.text_body).toContain('Saturday, March 6, 2027, 11:00 AM – 12:00 PM (New York time)');
    expect(mail.text_body).toContain('It was: Saturday, March 6, 2027, 9:00 AM – 10:00 AM (New York time).');
    expect(mail.text_body).toContain('The payment link we sent before no longer works');
    const newUrl = /https:\/\/courts\.example\/pay\/[0-9a-f-]+/.exec(mail.text_body)![0];
    expect(newUrl).not.toBe(held.paymentUrl);

    const oldPage = await pageOf(held.paymentUrl);
    expect(oldPage).toContain('This booking was moved to Saturday, March 6, 2027, 11:00 AM – 12:00 PM: use the new payment link in your email.');
    expect(oldPage).not.toContain('name="signature"');
    const status = (await t.app.inject({ url: `/api/order/${orderIdOf(held.paymentUrl)}`, headers: casey.auth })).json().data;
    expect(status.closedReason).toMatchObject({ code: 'MOVED' });

    // The new link pays the new time.
    const path = new URL(newUrl).pathname;
    const signature = /name="signature" value="([0-9a-f]+)"/.exec(await pageOf(newUrl))![1];
    const paid = await t.app.inject({ method: 'POST', url: `${path}/confirm`, payload: { signature } });
    expect(paid.statusCode).toBe(303);
    expect((await t.app.inject({ url: `/api/admin/bookings/${held._id}`, headers: staff.auth })).json()).toMatchObject({ status: 'confirmed', startTime: '11:00' });
  });

  it('a held booking staff cancel: the customer is emailed that the venue cancelled it and its link no longer works; the page and the API say so', async () => {
    const casey = await customer(t.app, 'Casey Cancelled');
    const held = await heldFor(casey, '2027-03-07', '09:00', '10:00');
    const cancelled = await t.app.inject({ method: 'DELETE', url: `/api/admin/bookings/${held._id}`, headers: staff.auth });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const mail = await onlyMail(casey.email, 'booking_cancelled');
    expect(mail.subject).toContain('Booking cancelled: Held Court');
    expect(mail.text_body).toContain('the venue had to cancel this booking we were holding for your payment');
    expect(mail.text_body).toContain('Nothing was charged, and its payment link no longer works');

    expect(await pageOf(held.paymentUrl)).toContain('This booking (Sunday, March 7, 2027, 9:00 AM – 10:00 AM) was cancelled by the venue, so it can no longer be paid.');
    const status = (await t.app.inject({ url: `/api/order/${orderIdOf(held.paymentUrl)}`, headers: casey.auth })).json().data;
    expect(status.closedReason).toMatchObject({ code: 'CANCELLED_BY_VENUE' });
    const refused = (await checkout(casey, held._id, 30)).json();
    expect(refused).toMatchObject({ statusCode: 409, code: 'NOT_PAYABLE' });
    expect(refused.message).toContain('was cancelled by the venue');
  });

  it('a held booking a closure cancels: the customer is emailed why, and the page says the venue cancelled it', async () => {
    const casey = await customer(t.app, 'Casey Closed');
    const held = await heldFor(casey, '2027-03-08', '09:00', '10:00');
    const closed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/closures',
      headers: staff.auth,
      payload: { facilityIds: [court._id], start: '2027-03-08T08:00', end: '2027-03-08T12:00', reason: 'Flooded', kind: 'maintenance', cancelBookings: true },
    });
    expect(closed.statusCode, closed.body).toBe(201);
    const mail = await onlyMail(casey.email, 'booking_cancelled');
    expect(mail.text_body).toContain('we were holding for your payment (closed: Flooded)');
    expect(await pageOf(held.paymentUrl)).toContain('was cancelled by the venue');
  });

  it('a customer releasing their own hold is not emailed about it', async () => {
    const casey = await customer(t.app, 'Casey Self');
    const hold = await t.app.inject({ method: 'POST', url: '/api/bookings', headers: casey.auth, payload: { facility: court._id, date: '2027-03-09', startTime: '09:00', endTime: '10:00' } });
    expect(hold.statusCode, hold.body).toBe(201);
    const before = (await mailTo(casey.email)).length;
    await t.app.inject({ method: 'DELETE', url: `/api/bookings/${hold.json().data._id}`, headers: casey.auth });
    expect((await mailTo(casey.email)).length).toBe(before);
  });
});
