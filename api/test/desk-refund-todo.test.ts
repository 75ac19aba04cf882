import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { describeOnPostgres } from './support/databases.ts';
import { admin, customer, facility, type Actor } from './support/actors.ts';
import { listenLocally, race } from './support/race.ts';

// Clock: 2027-03-01T15:00Z = 10:00 on 1 March in New York, the venue's zone.

type DeskRefund = { id: string; amount: number; customer: { name: string }; booking: { id: string; date: string; startTime: string; endTime: string; status: string; facilityName: string } | null };

/** Cash taken at the desk and refunded is a to-do for staff until someone records handing it back. */
describe('desk refunds to hand back: listed for staff until done', () => {
  let t: TestApp;
  let staff: Actor;
  let casey: Actor;
  let court: { _id: string; name: string };

  const get = async <T>(url: string, who: Actor = staff) => {
    const res = await t.app.inject({ url, headers: who.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };
  const deskBooking = async (date: string, startTime: string, endTime: string) => {
    const made = await t.app.inject({ method: 'POST', url: '/api/admin/bookings', headers: staff.auth, payload: { facilityId: court._id, date, startTime, endTime, userId: casey.id, payment: 'desk' } });
    expect(made.statusCode, made.body).toBe(201);
    return made.json()._id as string;
  };

  beforeAll(async () => {
    t = await createTestApp();
    staff = await admin(t.app, 'Desk Dee');
    casey = await customer(t.app, 'Cash Casey');
    court = await facility(t.app, staff, { name: 'Centre Court', pricePerHour: 20 });
  });
  afterAll(() => t.close());

  it('a cancelled desk booking shows on the to-do list, the dashboard, its day and its booking, until handed back', async () => {
    const bookingId = await deskBooking('2027-03-03', '10:00', '12:00');
    const other = await deskBooking('2027-03-04', '10:00', '11:00');
    expect((await get<DeskRefund[]>('/api/admin/desk-refunds')).filter((r) => r.booking?.id === bookingId)).toEqual([]);

    const cancelled = await t.app.inject({ method: 'DELETE', url: `/api/bookings/${bookingId}`, headers: casey.auth });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // The customer reads that it is still to collect, not that it was refunded.
    expect(cancelled.json().data).toMatchObject({ refundState: 'to_collect', refundedAmount: 0 });

    const expected = {
      amount: 40,
      customer: { id: casey.id, name: 'Cash Casey', email: casey.email },
      booking: { id: bookingId, facilityId: court._id, facilityName: 'Centre Court', date: '2027-03-03', startTime: '10:00', endTime: '12:00', status: 'cancelled' },
    };
    const all = await get<DeskRefund[]>('/api/admin/desk-refunds');
    expect(all).toEqual([expect.objectContaining(expected)]);
    const refundId = all[0]!.id;
    expect(await get<DeskRefund[]>(`/api/admin/desk-refunds?bookingId=${bookingId}`)).toEqual([expect.objectContaining(expected)]);
    expect(await get<DeskRefund[]>(`/api/admin/desk-refunds?bookingId=${other}`)).toEqual([]);
    expect(await get<DeskRefund[]>('/api/admin/desk-refunds?date=2027-03-03')).toEqual([expect.objectContaining(expected)]);
    expect(await get<DeskRefund[]>('/api/admin/desk-refunds?date=2027-03-04')).toEqual([]);
    // The day view carries it although the cancelled booking no longer holds time there.
    const day = await get<{ deskRefunds: DeskRefund[]; facilities: { bookings: { id: string }[] }[] }>('/api/admin/day-view?date=2027-03-03');
    expect(day.deskRefunds).toEqual([expect.objectContaining(expected)]);
    expect(day.facilities.flatMap((f) => f.bookings).map((b) => b.id)).not.toContain(bookingId);
    expect((await get<{ deskRefunds: DeskRefund[] }>('/api/admin/day-view?date=2027-03-04')).deskRefunds).toEqual([]);
    expect((await get<{ deskRefunds: DeskRefund[] }>('/api/admin/stats')).deskRefunds).toEqual([expect.objectContaining(expected)]);

    // Handed back: gone from every list, and the customer reads it is refunded.
    const done = await t.app.inject({ method: 'POST', url: `/api/admin/refunds/${refundId}/handed-back`, headers: staff.auth });
    expect(done.statusCode, done.body).toBe(200);
    expect(await get<DeskRefund[]>('/api/admin/desk-refunds')).toEqual([]);
    expect((await get<{ deskRefunds: DeskRefund[] }>('/api/admin/day-view?date=2027-03-03')).deskRefunds).toEqual([]);
    expect((await get<{ deskRefunds: DeskRefund[] }>('/api/admin/stats')).deskRefunds).toEqual([]);
    const mine = (await get<{ data: { _id: string; refundState: string; refundedAmount: number }[] }>(`/api/bookings/user/${casey.id}`, casey)).data.find((b) => b._id === bookingId);
    expect(mine).toMatchObject({ refundState: 'refunded', refundedAmount: 40 });
  });

  it('refuses what it cannot read, and customers', async () => {
    const bad = await t.app.inject({ url: '/api/admin/desk-refunds?date=2027-02-30', headers: staff.auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/date/);
    const badId = await t.app.inject({ url: '/api/admin/desk-refunds?bookingId=nope', headers: staff.auth });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toMatch(/bookingId/);
    expect((await t.app.inject({ url: '/api/admin/desk-refunds', headers: casey.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/desk-refunds' })).statusCode).toBe(401);
  });
});

describeOnPostgres('handing desk money back, raced over real HTTP on PostgreSQL', () => {
  it('two staff recording the same hand-back at once: recorded once, one receipt, the other told it is done', async () => {
    const t = await createTestApp();
    try {
      const base = await listenLocally(t.app);
      const staff = [await admin(t.app, 'Desk One'), await admin(t.app, 'Desk Two')];
      const casey = await customer(t.app, 'Race Casey');
      const court = await facility(t.app, staff[0]!, { name: 'Race Court', pricePerHour: 20 });
      for (let round = 0; round < 5; round++) {
        const made = await t.app.inject({
          method: 'POST', url: '/api/admin/bookings', headers: staff[0]!.auth,
          payload: { facilityId: court._id, date: '2027-03-05', startTime: `${10 + round}:00`, endTime: `${11 + round}:00`, userId: casey.id, payment: 'desk' },
        });
        expect(made.statusCode, made.body).toBe(201);
        expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/bookings/${made.json()._id}`, headers: staff[0]!.auth })).statusCode).toBe(200);
        const refund = await t.database.db.selectFrom('refunds').select('id').where('booking_id', '=', made.json()._id).executeTakeFirstOrThrow();
        const statuses = await race(Array.from({ length: 6 }, (_, i) => async () =>
          (await fetch(`${base}/api/admin/refunds/${refund.id}/handed-back`, { method: 'POST', headers: { ...staff[i % 2]!.auth, 'content-type': 'application/json' }, body: '{}' })).status));
        expect(statuses.filter((s) => s === 200)).toHaveLength(1);
        expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
        const row = await t.database.db.selectFrom('refunds').select(['status', 'handed_back_at', 'handed_back_by']).where('id', '=', refund.id).executeTakeFirstOrThrow();
        expect(row.status).toBe('succeeded');
        expect(staff.map((s) => s.id)).toContain(row.handed_back_by);
        const receipts = await t.database.db.selectFrom('outbox_messages').select('id').where('kind', '=', 'refund_completed').where('dedupe_key', '=', `refund-completed:${refund.id}`).execute();
        expect(receipts).toHaveLength(1);
      }
    } finally {
      await t.close();
    }
  });
});
