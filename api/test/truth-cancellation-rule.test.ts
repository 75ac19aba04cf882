import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { bookingReference } from '@courtside/domain';
import { admin, bookAndPay, customer, facility, type Actor } from './support/actors.ts';

/**
 * The cancellation rule a customer reads is the one in force for each booking: its facility's
 * own window where it sets one. Every booking carries it, and so does the order status the
 * payment return page reads, with where and when each booking is.
 */
describe('truth: each booking carries its own cancellation rule', () => {
  let t: TestApp;
  let casey: Actor;
  let staff: Actor;
  let strict: { _id: string; name: string };
  let plain: { _id: string; name: string };

  beforeAll(async () => {
    t = await createTestApp({ env: { CANCELLATION_HOURS: '24' } });
    staff = await admin(t.app);
    casey = await customer(t.app);
    strict = await facility(t.app, staff, { name: 'Twelve Hour Court', policy: { cancellationHours: 12 } });
    plain = await facility(t.app, staff, { name: 'Venue Rule Court' });
  });
  afterAll(() => t.close());

  it("bookings and the order status say each facility's window, and the deadline from it", async () => {
    const { booking, orderId } = await bookAndPay(t.app, casey, strict._id, '2027-03-04', '18:00', '19:00');
    await bookAndPay(t.app, casey, plain._id, '2027-03-04', '18:00', '19:00');
    const mine = (await t.app.inject({ url: `/api/bookings/user/${casey.id}`, headers: casey.auth })).json().data as { _id: string; facility: { name: string }; cancellationHours: number; cancellableUntil: string }[];
    const byName = Object.fromEntries(mine.map((b) => [b.facility.name, b]));
    expect(byName['Twelve Hour Court']).toMatchObject({ cancellationHours: 12, cancellableUntil: '2027-03-04T11:00:00.000Z' });
    expect(byName['Venue Rule Court']).toMatchObject({ cancellationHours: 24, cancellableUntil: '2027-03-03T23:00:00.000Z' });

    const status = await t.app.inject({ url: `/api/order/${orderId}`, headers: casey.auth });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json().data.bookings).toEqual([
      {
        id: booking._id,
        status: 'confirmed',
        paymentStatus: 'paid',
        facilityName: 'Twelve Hour Court',
        timezone: 'America/New_York',
        date: '2027-03-04',
        startTime: '18:00',
        endTime: '19:00',
        playEndTime: '19:00',
        cancellableUntil: '2027-03-04T11:00:00.000Z',
        cancellationHours: 12,
      },
    ]);
  });

  it('the confirmation email states the deadline of each booking from its own window', async () => {
    const confirmations = await t.database.db
      .selectFrom('outbox_messages')
      .select(['subject', 'text_body'])
      .where('kind', '=', 'booking_confirmed')
      .where('recipient', '=', casey.email)
      .execute();
    const of = (name: string) => confirmations.filter((m) => m.subject.startsWith(`Booking confirmed: ${name}`)).map((m) => m.text_body);
    // 18:00 in New York on March 4: 12 hours before is 6:00 AM that day, 24 hours before 6:00 PM the day before.
    expect(of('Twelve Hour Court')[0]).toContain('Free cancellation until Thursday, March 4, 2027, 6:00 AM (New York time), in My bookings');
    expect(of('Venue Rule Court').some((text) => text.includes('Free cancellation until Wednesday, March 3, 2027, 6:00 PM (New York time), in My bookings'))).toBe(true);
  });

  it('the reference a customer reads finds the booking in the back office, and nothing else', async () => {
    const { booking } = await bookAndPay(t.app, casey, plain._id, '2027-03-05', '10:00', '11:00');
    const reference = bookingReference(booking._id);
    const search = async (q: string) => {
      const res = await t.app.inject({ url: `/api/admin/bookings?filter=${encodeURIComponent(JSON.stringify({ q }))}`, headers: staff.auth });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { id: string }[]).map((b) => b.id);
    };
    expect(await search(reference)).toEqual([booking._id]);
    expect(await search(reference.toLowerCase())).toEqual([booking._id]);
    expect(await search('0000000Z')).toEqual([]);
  });
});
