import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, bookAndPay, customer, facility, type Actor } from './support/actors.ts';
import { parseIcs } from './support/smtp.ts';
import { sendRefunds } from '../src/payments/refunds.ts';

// Clock: 2027-03-01T15:00Z = 10:00 on 1 March in New York, the venue's zone.

/** A cancellation is one message to the customer, saying both what was cancelled and what money goes back. */
describe('one message per cancellation', () => {
  let t: TestApp;
  let staff: Actor;
  let court: { _id: string; name: string };

  const outboxTo = (email: string) =>
    t.database.db.selectFrom('outbox_messages').select(['id', 'kind', 'subject', 'text_body', 'attachments']).where('recipient', '=', email).orderBy('created_at').orderBy('id').execute();
  /** What `action` queued for `email` (the clock stands still, so messages are told apart by id). */
  const queuedBy = async (email: string, action: () => Promise<void>) => {
    const seen = new Set((await outboxTo(email)).map((m) => m.id));
    await action();
    return (await outboxTo(email)).filter((m) => !seen.has(m.id));
  };

  beforeAll(async () => {
    t = await createTestApp();
    staff = await admin(t.app, 'Desk Dee');
    court = await facility(t.app, staff, { name: 'Centre Court', location: '1 Main St', pricePerHour: 20 });
  });
  afterAll(() => t.close());

  it('a customer cancelling a booking paid online gets one email: cancelled, and the refund to their card; none when the provider accepts it', async () => {
    const casey = await customer(t.app, 'Casey Card');
    const { booking } = await bookAndPay(t.app, casey, court._id, '2027-03-10', '10:00', '11:00');
    const mail = await queuedBy(casey.email, async () => {
      const cancelled = await t.app.inject({ method: 'DELETE', url: `/api/bookings/${booking._id}`, headers: casey.auth });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      // The sandbox accepted the refund right after the commit.
      const refund = await t.database.db.selectFrom('refunds').select(['id', 'status']).where('booking_id', '=', booking._id).executeTakeFirstOrThrow();
      expect(refund.status).toBe('succeeded');
      // Sent again (a sweep racing the request): still nothing more.
      await t.database.db.updateTable('refunds').set({ status: 'pending' }).where('id', '=', refund.id).execute();
      await sendRefunds(t.app.ctx, [refund.id]);
    });
    expect(mail.map((m) => m.kind)).toEqual(['booking_cancelled']);
    expect(mail[0]!.text_body).toContain('This booking is cancelled:');
    expect(mail[0]!.text_body).toContain('Your $20.00 will be refunded in full to the card you paid with.');
  });

  it('staff cancelling a booking paid online: one email, from the venue, with the refund', async () => {
    const dana = await customer(t.app, 'Dana Card');
    const { booking } = await bookAndPay(t.app, dana, court._id, '2027-03-10', '12:00', '13:00');
    const mail = await queuedBy(dana.email, async () => {
      expect((await t.app.inject({ method: 'DELETE', url: `/api/bookings/${booking._id}`, headers: staff.auth })).statusCode).toBe(200);
    });
    expect(mail.map((m) => m.kind)).toEqual(['booking_cancelled']);
    expect(mail[0]!.text_body).toContain('We are sorry: the venue had to cancel this booking:');
    expect(mail[0]!.text_body).toContain('Your $20.00 will be refunded in full to the card you paid with.');
  });

  it('a payment refunded by staff (no cancellation message) still tells the customer the refund was sent', async () => {
    const erin = await customer(t.app, 'Erin Refund');
    const { orderId } = await bookAndPay(t.app, erin, court._id, '2027-03-10', '14:00', '15:00');
    const mail = await queuedBy(erin.email, async () => {
      const refunded = await t.app.inject({ method: 'POST', url: `/api/admin/payments/${orderId}/refund`, headers: staff.auth });
      expect(refunded.statusCode, refunded.body).toBe(200);
    });
    expect(mail.map((m) => m.kind)).toEqual(['refund_completed']);
  });

  it('cancelling several dates of a weekly series sends one email listing every date and what goes back, not one per date', async () => {
    const league = await customer(t.app, 'Lee League');
    const made = await t.app.inject({
      method: 'POST', url: '/api/admin/series', headers: staff.auth,
      payload: { facilityId: court._id, firstDate: '2027-03-04', count: 4, startTime: '18:00', endTime: '19:00', every: 1, userId: league.id, payment: 'desk', onConflict: 'fail' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const mail = await queuedBy(league.email, async () => {
      const cancelled = await t.app.inject({ method: 'DELETE', url: `/api/admin/series/${made.json().id}?from=2027-03-11`, headers: staff.auth });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json().cancelledBookings).toBe(3);
    });
    expect(mail.map((m) => m.kind)).toEqual(['series_cancelled']);
    const text = mail[0]!.text_body;
    expect(mail[0]!.subject).toContain('Weekly booking cancelled: Centre Court');
    expect(text).toContain('the venue had to cancel 3 dates of your weekly booking at Centre Court (the weekly series was cancelled):');
    for (const day of ['Thursday, March 11, 2027', 'Thursday, March 18, 2027', 'Thursday, March 25, 2027']) expect(text).toContain(day);
    expect(text).not.toContain('Thursday, March 4, 2027');
    // Paid at the desk: the three dates' money, together, handed back there.
    expect(text).toContain('Your $60.00 will be refunded at the front desk of Centre Court, 1 Main St.');
    const events = parseIcs(mail[0]!.attachments[0]!.content).events;
    expect(events.map((e) => e.status)).toEqual(['CANCELLED', 'CANCELLED', 'CANCELLED']);
    // Staff still get one to-do per refund to hand back.
    const toCollect = await t.database.db.selectFrom('refunds as r').innerJoin('bookings as b', 'b.id', 'r.booking_id').select('r.status').where('b.series_id', '=', made.json().id).execute();
    expect(toCollect.map((r) => r.status)).toEqual(['to_collect', 'to_collect', 'to_collect']);
  });
});
