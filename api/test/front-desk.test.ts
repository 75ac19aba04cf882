import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, book, customer, facility, login, PASSWORD, type Actor } from './support/actors.ts';
import { countOverlaps, describeOnPostgres } from './support/databases.ts';
import { listenLocally, race } from './support/race.ts';
import { deliverMail } from '../src/mail/sender.ts';
import { passwordResetsSettled } from '../src/services/password-reset-service.ts';

// Clock: 2027-03-01 15:00Z = Monday 10:00 in New York.
const TODAY = '2027-03-01';

describe('the front desk books for customers and walk-ins', () => {
  let t: TestApp;
  let staff: Actor;
  let casey: Actor;
  let court: { _id: string; name: string };

  const desk = (payload: Record<string, unknown>, who: Actor = staff) => t.app.inject({ method: 'POST', url: '/api/admin/bookings', headers: who.auth, payload });
  const slot = (date: string, startTime: string, endTime: string) => ({ facilityId: court._id, date, startTime, endTime });
  const outbox = (recipient: string) => t.database.db.selectFrom('outbox_messages').select(['kind', 'subject', 'text_body']).where('recipient', '=', recipient).orderBy('created_at').execute();
  const payment = async (id: string) => (await t.app.inject({ url: `/api/admin/payments/${id}`, headers: staff.auth })).json();

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_BASE_URL: 'https://courts.example' } });
    staff = await admin(t.app, 'Desk Dee');
    casey = await customer(t.app, 'Casey Caller');
    court = await facility(t.app, staff, { name: 'Centre Court', pricePerHour: 30 });
  });
  afterAll(() => t.close());

  it('paid at the desk: confirmed at once, a desk order for the server price taken by the staff member, in payments and revenue', async () => {
    const res = await desk({ ...slot('2027-03-03', '10:00', '12:00'), userId: casey.id, payment: 'desk', note: 'Paid cash' });
    expect(res.statusCode, res.body).toBe(201);
    const booking = res.json();
    expect(booking).toMatchObject({ id: booking._id, status: 'confirmed', paymentStatus: 'paid', payableAmount: 60, paymentUrl: null, user: { _id: casey.id } });
    const order = await t.database.db.selectFrom('orders as o').innerJoin('order_bookings as ob', 'ob.order_id', 'o.id').selectAll('o').where('ob.booking_id', '=', booking._id).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ provider: 'desk', status: 'paid', amount_cents: 6000, taken_by: staff.id, user_id: casey.id });
    expect(await payment(order.id)).toMatchObject({ status: 'paid', amount: 60 });
    // Staff find the desk's takings by provider.
    const takings = await t.app.inject({ url: `/api/admin/payments?filter=${encodeURIComponent(JSON.stringify({ provider: 'desk' }))}`, headers: staff.auth });
    expect(takings.json().map((p: { id: string; provider: string }) => [p.id, p.provider])).toContainEqual([order.id, 'desk']);
    const row = await t.database.db.selectFrom('bookings').select(['booked_by', 'note']).where('id', '=', booking._id).executeTakeFirstOrThrow();
    expect(row).toEqual({ booked_by: staff.id, note: 'Paid cash' });
    const mail = await outbox(casey.email);
    expect(mail.find((m) => m.kind === 'booking_confirmed')!.text_body).toContain('Paid: $60.00');
  });

  it('cancelling a desk-paid booking refunds it at the desk: to collect until staff record handing it back', async () => {
    const booking = (await desk({ ...slot('2027-03-04', '10:00', '11:00'), userId: casey.id, payment: 'desk' })).json();
    const cancelled = await t.app.inject({ method: 'DELETE', url: `/api/admin/bookings/${booking._id}`, headers: staff.auth });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', refundState: 'to_collect', refundedAmount: 0, refundVia: 'desk' });
  });

  it('unpaid: confirmed with the amount due, then marked paid at the desk (once)', async () => {
    const booking = (await desk({ ...slot('2027-03-05', '18:00', '19:00'), userId: casey.id, payment: 'unpaid' })).json();
    expect(booking).toMatchObject({ status: 'confirmed', paymentStatus: 'unpaid' });
    // By kind, not "the last": the test clock can stamp several messages alike.
    expect((await outbox(casey.email)).filter((m) => m.kind === 'booking_confirmed').map((m) => m.text_body)).toEqual(expect.arrayContaining([expect.stringContaining('To pay at the desk: $30.00')]));
    const paid = await t.app.inject({ method: 'POST', url: `/api/admin/bookings/${booking._id}/mark-paid`, headers: staff.auth });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    const again = await t.app.inject({ method: 'POST', url: `/api/admin/bookings/${booking._id}/mark-paid`, headers: staff.auth });
    expect(again.json()).toMatchObject({ statusCode: 409, code: 'ALREADY_PAID' });
    const orders = await t.database.db.selectFrom('order_bookings').select('order_id').where('booking_id', '=', booking._id).execute();
    expect(orders).toHaveLength(1);
  });

  it('link: held for LINK_HOLD_HOURS with a payment page for the customer, emailed to them; paying confirms it', async () => {
    const res = await desk({ ...slot('2027-03-06', '09:00', '10:00'), userId: casey.id, payment: 'link' });
    expect(res.statusCode, res.body).toBe(201);
    const booking = res.json();
    expect(booking.status).toBe('pending');
    expect(Date.parse(booking.holdExpiresAt) - t.clock.now().getTime()).toBeGreaterThanOrEqual(24 * 3_600_000 - 1000);
    expect(booking.paymentUrl).toMatch(/^https:\/\/courts\.example\/pay\//);
    const link = (await outbox(casey.email)).find((m) => m.kind === 'payment_link')!;
    expect(link.subject).toContain('Pay to confirm your booking: Centre Court');
    expect(link.text_body).toContain(booking.paymentUrl);
    expect(link.text_body).toContain('Saturday, March 6, 2027, 9:00 AM – 10:00 AM (New York time)');
    // The customer pays on the page: the normal settlement confirms it.
    const path = new URL(booking.paymentUrl).pathname;
    const page = await t.app.inject({ url: path });
    const signature = /name="signature" value="([0-9a-f]+)"/.exec(page.body)![1];
    const paid = await t.app.inject({ method: 'POST', url: `${path}/confirm`, payload: { signature } });
    expect(paid.statusCode).toBe(303);
    expect((await t.app.inject({ url: `/api/admin/bookings/${booking._id}`, headers: staff.auth })).json()).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
  });

  it('a walk-in already playing is booked into the slot of today that started, as a late entry staff confirm; a customer cannot book it', async () => {
    const unconfirmed = await desk({ ...slot(TODAY, '09:00', '11:00'), guest: { name: 'Walk In Wanda' }, payment: 'desk' });
    expect(unconfirmed.json()).toMatchObject({ statusCode: 400, code: 'IN_THE_PAST', errorMessages: [{ path: 'lateEntry' }] });
    const walkIn = await desk({ ...slot(TODAY, '09:00', '11:00'), guest: { name: 'Walk In Wanda' }, payment: 'desk', lateEntry: true });
    expect(walkIn.statusCode, walkIn.body).toBe(201);
    expect(walkIn.json()).toMatchObject({ status: 'confirmed', user: { name: 'Walk In Wanda' } });
    const over = await desk({ ...slot(TODAY, '08:00', '09:00'), guest: { name: 'Too Late' }, payment: 'desk', lateEntry: true });
    expect(over.json()).toMatchObject({ statusCode: 400, code: 'IN_THE_PAST' });
    const byCustomer = await t.app.inject({ method: 'POST', url: '/api/bookings', headers: casey.auth, payload: { facility: court._id, date: TODAY, startTime: '11:00', endTime: '12:00' } });
    expect(byCustomer.statusCode).toBe(201);
    const started = await t.app.inject({ method: 'POST', url: '/api/bookings', headers: casey.auth, payload: { facility: court._id, date: TODAY, startTime: '09:00', endTime: '10:00' } });
    expect(started.json().code).toBe('IN_THE_PAST');
    // Nobody is ever sent mail at a walk-in's made-up address.
    const wanda = await t.database.db.selectFrom('users').select(['email', 'password_hash']).where('name', '=', 'Walk In Wanda').executeTakeFirstOrThrow();
    expect(wanda.password_hash).toBeNull();
    expect(await outbox(wanda.email)).toEqual([]);
  });

  it('beyond the public horizon for staff, not for customers', async () => {
    const far = await desk({ ...slot('2027-09-01', '10:00', '11:00'), userId: casey.id, payment: 'unpaid' });
    expect(far.statusCode, far.body).toBe(201);
    const byCustomer = await t.app.inject({ method: 'POST', url: '/api/bookings', headers: casey.auth, payload: { facility: court._id, date: '2027-09-02', startTime: '10:00', endTime: '11:00' } });
    expect(byCustomer.json().code).toBe('BEYOND_HORIZON');
  });

  it('a guest is never matched to an account by email or phone: created without a password; they can claim the account by password reset', async () => {
    const byEmail = (await desk({ ...slot('2027-03-08', '10:00', '11:00'), guest: { name: 'Whoever', email: casey.email.toUpperCase() }, payment: 'unpaid' })).json();
    expect(byEmail).toMatchObject({ statusCode: 409, code: 'EMAIL_TAKEN', errorMessages: [{ path: 'guest.email' }] });
    const first = (await desk({ ...slot('2027-03-08', '11:00', '12:00'), guest: { name: 'Pat Phone', phone: '(555) 123-4567' }, payment: 'unpaid' })).json();
    const second = (await desk({ ...slot('2027-03-08', '12:00', '13:00'), guest: { name: 'Pat P.', phone: '555 123 4567' }, payment: 'unpaid' })).json();
    expect(second.user._id).not.toBe(first.user._id);

    const fresh = (await desk({ ...slot('2027-03-08', '13:00', '14:00'), guest: { name: 'Gail Guest', email: 'gail.guest@example.com', phone: '555-0199' }, payment: 'unpaid' })).json();
    expect(fresh.user).toMatchObject({ name: 'Gail Guest', email: 'gail.guest@example.com' });
    // No password: signing in fails cleanly, like a wrong one.
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'gail.guest@example.com', password: PASSWORD } });
    expect(signIn.json()).toMatchObject({ statusCode: 401, code: 'BAD_CREDENTIALS' });
    // Claiming it: forgot password, then the link's token sets one.
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'gail.guest@example.com' } });
    await passwordResetsSettled(t.app.ctx);
    // The link is in the customer's sealed copy only (staff's copy hides it).
    const reset = await t.database.db.selectFrom('outbox_messages').select('sealed_body').where('recipient', '=', 'gail.guest@example.com').where('kind', '=', 'password_reset').executeTakeFirstOrThrow();
    const token = decodeURIComponent(/token=([^\s]+)/.exec(reset.sealed_body!.text)![1]!);
    const set = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: PASSWORD } });
    expect(set.statusCode, set.body).toBe(200);
    expect((await login(t.app, 'gail.guest@example.com')).id).toBe(fresh.user._id);
    await deliverMail(t.app.ctx);
  });

  it('refuses what breaks a rule, naming it, and writes nothing', async () => {
    const before = await t.database.db.selectFrom('bookings').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    await book(t.app, casey, court._id, '2027-03-09', '10:00', '11:00');
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...slot('2027-03-09', '10:00', '11:00'), userId: casey.id, payment: 'desk' }, 409, 'SLOT_TAKEN'],
      [{ ...slot('2027-03-09', '06:00', '07:00'), userId: casey.id, payment: 'desk' }, 400, 'OUTSIDE_OPENING_HOURS'],
      [{ ...slot('2027-03-09', '10:30', '11:30'), userId: casey.id, payment: 'desk' }, 400, 'OFF_GRID'],
      [{ ...slot('2027-03-09', '12:00', '13:00'), payment: 'desk' }, 400, 'CUSTOMER_REQUIRED'],
      [{ ...slot('2027-03-09', '12:00', '13:00'), userId: casey.id, guest: { name: 'Both' }, payment: 'desk' }, 400, 'CUSTOMER_REQUIRED'],
      [{ ...slot('2027-03-09', '12:00', '13:00'), userId: '00000000-0000-4000-8000-000000000000', payment: 'desk' }, 404, 'USER_NOT_FOUND'],
      [{ ...slot('2027-03-09', '12:00', '13:00'), userId: casey.id, payment: 'cash' }, 400, 'VALIDATION_FAILED'],
      [{ ...slot('2027-03-09', '12:00', '13:00'), guest: { name: 'X', email: 'not-an-email' }, payment: 'desk' }, 400, 'VALIDATION_FAILED'],
      [{ ...slot(TODAY, '12:00', '13:00'), userId: casey.id, payment: 'link', startTime: '10:00', endTime: '11:00' }, 400, 'IN_THE_PAST'],
      [{ ...slot('2027-03-09', '12:00', '13:00'), facilityId: '00000000-0000-4000-8000-000000000000', userId: casey.id, payment: 'desk' }, 404, 'FACILITY_NOT_FOUND'],
    ];
    for (const [payload, status, code] of cases) {
      const res = await desk(payload);
      expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(status);
      expect(res.json().code).toBe(code);
    }
    expect((await desk({ ...slot('2027-03-09', '12:00', '13:00'), userId: casey.id, payment: 'desk' }, casey)).statusCode).toBe(403);
    const after = await t.database.db.selectFrom('bookings').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n + 1);
  });

  it('staff move a booking to another facility and time with facilityId; a paid booking keeps its payment and shows the balance', async () => {
    const other = await facility(t.app, staff, { name: 'Court Two', pricePerHour: 50 });
    const booking = (await desk({ ...slot('2027-03-10', '10:00', '11:00'), userId: casey.id, payment: 'desk' })).json();
    const moved = await t.app.inject({ method: 'PUT', url: `/api/admin/bookings/${booking._id}`, headers: staff.auth, payload: { ...booking, facilityId: other._id, startTime: '15:00', endTime: '16:00', confirmPriceChange: true } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ facility: { _id: other._id }, startTime: '15:00', paymentStatus: 'paid', payableAmount: 30, balance: 20 });
    expect((await outbox(casey.email)).map((m) => m.kind)).toContain('booking_moved');
  });
});

describeOnPostgres('the front desk racing customers over real HTTP on PostgreSQL', () => {
  it('a desk booking and 20 customers for the same slot, then a staff move and 20 customers: exactly one wins each time, no 5xx, no overlap; mark-paid from five desks records one payment', async () => {
    const t = await createTestApp();
    try {
      const base = await listenLocally(t.app);
      const staff = await admin(t.app);
      const court = await facility(t.app, staff);
      const players: Actor[] = [];
      for (let i = 0; i < 4; i++) players.push(await customer(t.app, `Racer ${i}`));
      const post = async (path: string, who: Actor, payload: unknown) =>
        (await fetch(`${base}${path}`, { method: 'POST', headers: { ...who.auth, 'content-type': 'application/json' }, body: JSON.stringify(payload) })).status;
      const at = { date: '2027-03-02', startTime: '10:00', endTime: '11:00' };
      const statuses = await race([
        () => post('/api/admin/bookings', staff, { facilityId: court._id, ...at, guest: { name: 'Walk-in' }, payment: 'desk' }),
        ...Array.from({ length: 20 }, (_, i) => () => post('/api/bookings', players[i % 4]!, { facility: court._id, ...at })),
      ]);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);

      // A staff move into a slot racing 20 customers booking it: one of them has it, never both.
      const moving = await fetch(`${base}/api/admin/bookings`, {
        method: 'POST', headers: { ...staff.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ facilityId: court._id, date: '2027-03-02', startTime: '08:00', endTime: '09:00', guest: { name: 'Mover' }, payment: 'desk' }),
      }).then((r) => r.json() as Promise<{ _id: string }>);
      const to = { date: '2027-03-02', startTime: '15:00', endTime: '16:00' };
      const put = async () => (await fetch(`${base}/api/admin/bookings/${moving._id}`, { method: 'PUT', headers: { ...staff.auth, 'content-type': 'application/json' }, body: JSON.stringify(to) })).status;
      const raced = await race([put, ...Array.from({ length: 20 }, (_, i) => () => post('/api/bookings', players[i % 4]!, { facility: court._id, ...to }))]);
      expect(raced.filter((s) => s === 200 || s === 201)).toHaveLength(1);
      expect(raced.filter((s) => s !== 200 && s !== 201 && s !== 409)).toEqual([]);
      expect(await countOverlaps(t.database.db)).toBe(0);

      // Marking one unpaid booking paid from five desks at once records one payment.
      const unpaid = await fetch(`${base}/api/admin/bookings`, {
        method: 'POST', headers: { ...staff.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ facilityId: court._id, date: '2027-03-02', startTime: '18:00', endTime: '19:00', guest: { name: 'Pays Later' }, payment: 'unpaid' }),
      }).then((r) => r.json() as Promise<{ _id: string }>);
      const paid = await race(Array.from({ length: 5 }, () => async () =>
        (await fetch(`${base}/api/admin/bookings/${unpaid._id}/mark-paid`, { method: 'POST', headers: staff.auth })).status));
      expect(paid.sort()).toEqual([200, 409, 409, 409, 409]);
      const orders = await t.database.db.selectFrom('order_bookings').select('order_id').where('booking_id', '=', unpaid._id).execute();
      expect(orders).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
