import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, customer, facility, type Actor } from './support/actors.ts';

// Clock: 2027-03-01 15:00Z = 10:00 in New York. Tomorrow is 2027-03-02.
describe('booking flow: availability, hold, checkout, sandbox payment', () => {
  let t: TestApp;
  let staff: Actor;
  let casey: Actor;
  let court: { _id: string };

  beforeAll(async () => {
    t = await createTestApp();
    staff = await admin(t.app);
    casey = await customer(t.app);
    court = await facility(t.app, staff, { pricePerHour: 30 });
  });
  afterAll(() => t.close());

  it('lists the 14 free hourly slots of a day, zero-padded', async () => {
    const res = await t.app.inject({ url: `/api/check-availability?date=2027-03-02&facility=${court._id}` });
    expect(res.statusCode).toBe(200);
    const slots = res.json().data;
    expect(slots).toHaveLength(14);
    expect(slots[0]).toEqual({ startTime: '08:00', endTime: '09:00', price: 30 });
    expect(slots[13]).toEqual({ startTime: '21:00', endTime: '22:00', price: 30 });
  });

  it('holds a slot, prices it on the server, and removes it from availability', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: casey.auth,
      payload: { facility: court._id, date: '2027-03-02', startTime: '10:00', endTime: '12:00', payableAmount: 1 },
    });
    expect(res.statusCode).toBe(201);
    const booking = res.json().data;
    expect(booking).toMatchObject({ date: '2027-03-02', startTime: '10:00', endTime: '12:00', payableAmount: 60, status: 'pending', paymentStatus: 'unpaid' });
    expect(res.json().message).toMatch(/Booking created successfully/);

    const slots = (await t.app.inject({ url: `/api/check-availability?date=2027-03-02&facilityId=${court._id}` })).json().data;
    expect(slots.map((s: { startTime: string }) => s.startTime)).not.toContain('10:00');
    expect(slots.map((s: { startTime: string }) => s.startTime)).not.toContain('11:00');
    expect(slots).toHaveLength(12);

    const clash = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: (await customer(t.app)).auth,
      payload: { facility: court._id, date: '2027-03-02', startTime: '11:00', endTime: '12:00' },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ success: false, statusCode: 409, code: 'SLOT_TAKEN' });

    // Checkout with a wrong total is refused; the right one opens the sandbox page.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/order/create',
      headers: casey.auth,
      payload: { user: { name: 'Casey', email: casey.email, phone: '1', address: 'x' }, totalPayableAmount: 1, bookingIds: [{ bookingId: booking._id }] },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errorMessages[0].path).toBe('totalPayableAmount');

    const order = await t.app.inject({
      method: 'POST',
      url: '/api/order/create',
      headers: casey.auth,
      payload: { user: { name: 'Casey', email: casey.email, phone: '1', address: 'x' }, totalPayableAmount: 60, bookingIds: [{ bookingId: booking._id }] },
    });
    expect(order.statusCode).toBe(201);
    const paymentUrl: string = order.json().data.payment_url;
    expect(paymentUrl).toMatch(/^\/pay\//);

    const page = await t.app.inject({ url: paymentUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('$60.00');
    const signature = /name="signature" value="([0-9a-f]+)"/.exec(page.body)![1]!;

    const forged = await t.app.inject({ method: 'POST', url: `${paymentUrl}/confirm`, payload: { signature: '00'.repeat(32) } });
    expect(forged.statusCode).toBe(400);

    const paid = await t.app.inject({ method: 'POST', url: `${paymentUrl}/confirm`, payload: { signature } });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toMatch(/^\/payment\/success/);
    const again = await t.app.inject({ method: 'POST', url: `${paymentUrl}/confirm`, payload: { signature } });
    expect(again.statusCode).toBe(303);

    const mine = (await t.app.inject({ url: `/api/bookings/user/${casey.id}`, headers: casey.auth })).json().data;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', holdExpiresAt: null });
  });
});
