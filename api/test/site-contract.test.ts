import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, book, bookAndPay, customer, facility, type Actor } from './support/actors.ts';

// What the public site relies on to tell the truth: the venue's policy numbers from the server's
// own configuration, and on every booking whether (and until when) its customer may cancel it,
// computed by the same rule that decides a cancellation.
//
// Clock: 2027-03-01T15:00Z = Monday 10:00 in New York (EST until 2027-03-14).
// The app runs with a 48-hour cancellation window so the numbers cannot be the defaults.
const START = '2027-03-01T15:00:00Z';
const HOUR = 3_600_000;

describe('the site contract', () => {
  let t: TestApp;
  let staff: Actor;
  let casey: Actor;
  let court: { _id: string };

  const bookingAs = async (actor: Actor, id: string) => {
    const res = await t.app.inject({ url: `/api/bookings/${id}`, headers: actor.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { status: string; cancellable: boolean; cancellableUntil: string | null; facility: { timezone: string } };
  };
  const listed = async (id: string) => {
    const res = await t.app.inject({ url: `/api/bookings/user/${casey.id}`, headers: casey.auth });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { _id: string; cancellable: boolean; cancellableUntil: string | null }[]).find((b) => b._id === id);
  };
  const cancel = (actor: Actor, id: string) => t.app.inject({ method: 'DELETE', url: `/api/bookings/${id}`, headers: actor.auth });

  beforeAll(async () => {
    t = await createTestApp({ env: { CANCELLATION_HOURS: '48', BOOKING_HORIZON_DAYS: '30', HOLD_MINUTES: '10' }, clockStart: START });
    staff = await admin(t.app);
    casey = await customer(t.app, 'Casey Customer');
    court = await facility(t.app, staff, { pricePerHour: 20 });
  });
  beforeEach(() => t.clock.set(START));
  afterAll(() => t?.close());

  describe('GET /api/settings', () => {
    it('answers the configured policy to anyone, in the envelope', async () => {
      const res = await t.app.inject({ url: '/api/settings' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        statusCode: 200,
        message: 'Settings retrieved successfully',
        data: {
          bookingHorizonDays: 30, cancellationHours: 48, holdMinutes: 10, shareDueHours: 24, currency: 'USD', locale: 'en-US', timezone: 'America/New_York',
          wallet: { refundToWallet: false, minimumCardChargeCents: 1 },
        },
      });
    });

    it('is documented in the OpenAPI document', async () => {
      const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
      expect(Object.keys(doc.paths)).toContain('/api/settings');
    });
  });

  describe('cancellable and cancellableUntil on bookings', () => {
    it('a pending hold is cancellable, even inside the window, and carries the deadline it gets once paid', async () => {
      // Tomorrow 10:00 EST = 2027-03-02T15:00Z: inside the 48-hour window.
      const hold = await book(t.app, casey, court._id, '2027-03-02', '10:00', '11:00');
      expect(hold).toMatchObject({ status: 'pending', cancellable: true, cancellableUntil: '2027-02-28T15:00:00.000Z' });
      expect(await bookingAs(casey, hold._id)).toMatchObject({ cancellable: true, cancellableUntil: '2027-02-28T15:00:00.000Z', facility: { timezone: 'America/New_York' } });
      expect(await listed(hold._id)).toMatchObject({ cancellable: true });
      // And the server agrees: releasing it is allowed.
      expect((await cancel(casey, hold._id)).statusCode).toBe(200);
      expect(await bookingAs(casey, hold._id)).toMatchObject({ status: 'cancelled', cancellable: false, cancellableUntil: null });
    });

    it('a confirmed booking far ahead is cancellable until start minus CANCELLATION_HOURS, and cancelling it is refunded', async () => {
      // 2027-03-10 10:00 EST = 15:00Z; the deadline is 48 hours earlier.
      const { booking } = await bookAndPay(t.app, casey, court._id, '2027-03-10', '10:00', '11:00');
      expect(await bookingAs(casey, booking._id)).toMatchObject({ status: 'confirmed', cancellable: true, cancellableUntil: '2027-03-08T15:00:00.000Z' });
      expect(await listed(booking._id)).toMatchObject({ cancellable: true, cancellableUntil: '2027-03-08T15:00:00.000Z' });
      const res = await cancel(casey, booking._id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', cancellable: false, cancellableUntil: null });
    });

    it('a confirmed booking is cancellable up to the deadline itself, and not a minute later, as the server decides', async () => {
      // 2027-03-03 10:00 EST starts exactly 48 hours after START: the deadline is now.
      const { booking } = await bookAndPay(t.app, casey, court._id, '2027-03-03', '10:00', '11:00');
      expect(await bookingAs(casey, booking._id)).toMatchObject({ cancellable: true, cancellableUntil: START.replace('Z', '.000Z') });

      t.clock.advance(60_000);
      const inside = await bookingAs(casey, booking._id);
      expect(inside).toMatchObject({ status: 'confirmed', cancellable: false, cancellableUntil: '2027-03-01T15:00:00.000Z' });
      expect(await listed(booking._id)).toMatchObject({ cancellable: false });
      const refused = await cancel(casey, booking._id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/48 hours before/);
      expect((await bookingAs(casey, booking._id)).status).toBe('confirmed');
    });

    it('staff see the customer-side terms too (owner rules), while they may still cancel', async () => {
      const { booking } = await bookAndPay(t.app, casey, court._id, '2027-03-02', '14:00', '15:00');
      const start = Date.parse('2027-03-02T19:00:00Z');
      const expected = { cancellable: false, cancellableUntil: new Date(start - 48 * HOUR).toISOString() };
      expect(await bookingAs(staff, booking._id)).toMatchObject(expected);
      const adminRecord = await t.app.inject({ url: `/api/admin/bookings/${booking._id}`, headers: staff.auth });
      expect(adminRecord.json()).toMatchObject(expected);
      expect((await cancel(staff, booking._id)).statusCode).toBe(200);
    });
  });

  describe('POST /api/order/create takes no billing details', () => {
    it('checks out without a user field, and ignores one sent by an older client', async () => {
      const first = await book(t.app, casey, court._id, '2027-03-20', '10:00', '11:00');
      const bare = await t.app.inject({
        method: 'POST',
        url: '/api/order/create',
        headers: casey.auth,
        payload: { totalPayableAmount: first.payableAmount, bookingIds: [{ bookingId: first._id }] },
      });
      expect(bare.statusCode, bare.body).toBe(201);

      // Not even validated: it is dropped before anything reads it.
      const second = await book(t.app, casey, court._id, '2027-03-21', '10:00', '11:00');
      const legacy = await t.app.inject({
        method: 'POST',
        url: '/api/order/create',
        headers: casey.auth,
        payload: { user: { name: '', email: 'not an email' }, totalPayableAmount: second.payableAmount, bookingIds: [{ bookingId: second._id }] },
      });
      expect(legacy.statusCode, legacy.body).toBe(201);

      const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
        paths: Record<string, { post?: { summary?: string; requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } } }>;
      };
      const create = doc.paths['/api/order/create']!.post!;
      // The bookings, their total, an optional promo code, split and credit: no billing details.
      expect(Object.keys(create.requestBody!.content['application/json']!.schema.properties)).toEqual(['totalPayableAmount', 'bookingIds', 'promoCode', 'split', 'useWallet']);
      expect(create.summary).toMatch(/user.*ignored/);
    });
  });
});
