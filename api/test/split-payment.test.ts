import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { PlayingBookingDto } from '@courtside/contracts';
import { sharesDueRule } from '@courtside/domain';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, book, bookAndPay, customer, facility, providerPays, type Actor } from './support/actors.ts';
import { mailsTo } from './support/outbox.ts';
import { playersOf as bookingPlayers, sendAs, tokenOf } from './support/players.ts';
import { deliverMail } from '../src/mail/sender.ts';
import { coverDueShares } from '../src/payments/split/cover.ts';

/**
 * Split payment over the sandbox, on both databases: the organizer pays their share and agrees to
 * cover the rest; each player pays theirs; shares still open at the due time go to the organizer
 * once; every refund goes back to whoever paid. The court costs $40.03 an hour: four shares of a
 * price that does not divide evenly ($10.03 for the organizer, $10.00 for each player).
 */
describe('split payment', () => {
  let t: TestApp;
  let owner: Actor;
  let padel: { _id: string };
  let day = 0;
  /** A day of its own (2027-04-01 onwards, well past the due window), so no two tests meet. */
  const nextDay = () => `2027-04-${String(1 + day++).padStart(2, '0')}`;

  const send: ReturnType<typeof sendAs> = (...args) => sendAs(t.app)(...args);
  const playersOf = (bookingId: string, who: Actor) => bookingPlayers(t.app, bookingId, who);
  /** Posts the sandbox page's Pay button of `paymentUrl`; answers where it sends the browser. */
  const payOnPage = async (paymentUrl: string) => {
    const page = await t.app.inject({ url: paymentUrl });
    const signature = /name="signature" value="([0-9a-f]+)"/.exec(page.body)?.[1];
    expect(signature, page.body).toBeDefined();
    const paid = await t.app.inject({ method: 'POST', url: `${paymentUrl}/confirm`, payload: { signature: signature! } });
    expect(paid.statusCode).toBe(303);
    return { page: page.body, location: String(paid.headers.location) };
  };
  const splitOrder = (who: Actor, bookingIds: string[], total: number, extra: object = {}) =>
    send('POST', '/api/order/create', who, { totalPayableAmount: total, bookingIds: bookingIds.map((bookingId) => ({ bookingId })), split: true, ...extra });

  /** A padel booking of a new organizer, paid split; with its link's token. */
  const splitBooking = async (name = 'Olga Organizer', date = nextDay(), start = '18:00', end = '19:00') => {
    const organizer = await customer(t.app, name);
    const booking = await book(t.app, organizer, padel._id, date, start, end);
    const res = await splitOrder(organizer, [booking._id], booking.payableAmount);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data as { orderId: string; payment_url: string; totalPayableAmount: number; split: boolean };
    const paid = await payOnPage(order.payment_url);
    expect(paid.location).toBe(`/payment/success?order=${order.orderId}`);
    const token = tokenOf(await playersOf(booking._id, organizer));
    return { organizer, booking, order, page: paid.page, token };
  };
  const joinAndPay = async (token: string, bookingId: string, name: string) => {
    const player = await customer(t.app, name);
    expect((await send('POST', `/api/join/${token}`, player)).statusCode).toBe(200);
    const checkout = await send('POST', `/api/bookings/${bookingId}/share/checkout`, player);
    expect(checkout.statusCode, checkout.body).toBe(201);
    const share = checkout.json().data as { orderId: string; payment_url: string; amount: number };
    const paid = await payOnPage(share.payment_url);
    return { player, share, paid };
  };
  const sharesOf = (bookingId: string) =>
    t.database.db.selectFrom('booking_shares').select(['seq', 'amount_cents', 'status', 'paid_by']).where('booking_id', '=', bookingId).orderBy('seq').execute();
  const refundsOf = (bookingId: string) =>
    t.database.db
      .selectFrom('refunds as r')
      .innerJoin('orders as o', 'o.id', 'r.order_id')
      .select(['o.user_id', 'o.kind', 'r.amount_cents'])
      .where('r.booking_id', '=', bookingId)
      .orderBy('r.amount_cents', 'desc')
      .execute();
  /** Money in for a booking (every paid order's part of it) and money out (its refunds). */
  const moneyOf = async (bookingId: string) => {
    const { rows } = await sql<{ paid: number; refunded: number }>`
      SELECT
        (SELECT coalesce(sum(coalesce(ob.amount_cents, o.amount_cents)), 0)::int FROM order_bookings ob JOIN orders o ON o.id = ob.order_id
          WHERE ob.booking_id = ${bookingId} AND o.paid_at IS NOT NULL) AS paid,
        (SELECT coalesce(sum(amount_cents), 0)::int FROM refunds WHERE booking_id = ${bookingId}) AS refunded`.execute(t.database.db);
    return rows[0]!;
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_BASE_URL: 'https://courts.example.com' } });
    owner = await admin(t.app, 'Olive Owner');
    padel = await facility(t.app, owner, { name: 'Padel Split', sport: 'padel', pricePerHour: 40.03 });
  });
  afterAll(() => t.close());

  it("charges the organizer's own share (the odd cents on it), says the agreement, and opens the others when paid", async () => {
    const { organizer, booking, order, page } = await splitBooking();
    expect(order).toMatchObject({ split: true, totalPayableAmount: 10.03 });
    expect(page).toContain('Your share, 1 of 4');
    expect(page).toContain(sharesDueRule(24));
    expect(page).toContain('Pay $10.03');
    expect(await sharesOf(booking._id)).toEqual([
      { seq: 0, amount_cents: 1003, status: 'paid', paid_by: organizer.id },
      { seq: 1, amount_cents: 1000, status: 'open', paid_by: null },
      { seq: 2, amount_cents: 1000, status: 'open', paid_by: null },
      { seq: 3, amount_cents: 1000, status: 'open', paid_by: null },
    ]);
    const row = await t.database.db.selectFrom('bookings').select(['status', 'payment_status', 'shares_due_at', 'starts_at']).where('id', '=', booking._id).executeTakeFirstOrThrow();
    expect([row.status, row.payment_status]).toEqual(['confirmed', 'paid']);
    expect(row.shares_due_at!.getTime()).toBe(row.starts_at.getTime() - 24 * 3_600_000);
    const agreed = await t.database.db.selectFrom('orders').select(['kind', 'cover_agreed_at']).where('id', '=', order.orderId).executeTakeFirstOrThrow();
    expect(agreed.kind).toBe('split');
    expect(agreed.cover_agreed_at).not.toBeNull();
    const players = await playersOf(booking._id, organizer);
    expect(players.split).toEqual({
      shares: 4, shareAmount: 10, organizerShare: 10.03, paid: 1, open: 3, openAmount: 30, coveredAmount: 0, owedAmount: 0, dueAt: row.shares_due_at!.toISOString(),
    });
    expect(players.players[0]!.share).toEqual({ amount: 10.03, status: 'paid' });
  });

  it('shares add up to the price whatever it is, across two bookings of one order', async () => {
    const organizer = await customer(t.app, 'Mia Multiple');
    const squash = await facility(t.app, owner, { sport: 'squash', pricePerHour: 33.33 });
    const date = nextDay();
    const a = await book(t.app, organizer, padel._id, date, '09:00', '11:00');
    const b = await book(t.app, organizer, squash._id, date, '11:00', '12:00');
    const res = await splitOrder(organizer, [a._id, b._id], Math.round((a.payableAmount + b.payableAmount) * 100) / 100);
    expect(res.statusCode, res.body).toBe(201);
    await payOnPage(res.json().data.payment_url);
    const padelShares = (await sharesOf(a._id)).map((s) => s.amount_cents);
    const squashShares = (await sharesOf(b._id)).map((s) => s.amount_cents);
    expect(padelShares).toEqual([2003, 2001, 2001, 2001]); // $80.06 in 4
    expect(squashShares).toEqual([1667, 1666]); // $33.33 in 2
    expect(res.json().data.totalPayableAmount).toBe(36.7);
  });

  it("a promo code comes off the price first: the shares divide what is left, and the page shows the code", async () => {
    const made = await send('POST', '/api/admin/promo-codes', owner, { code: 'SPLIT25', percentOff: 25 });
    expect(made.statusCode, made.body).toBe(201);
    const organizer = await customer(t.app, 'Pat Promo');
    const b = await book(t.app, organizer, padel._id, nextDay(), '18:00', '19:00');
    const res = await splitOrder(organizer, [b._id], b.payableAmount, { promoCode: 'split25' });
    expect(res.statusCode, res.body).toBe(201);
    // $40.03 less 25% ($10.01) is $30.02: $7.52 for the organizer, $7.50 for each player.
    expect(res.json().data).toMatchObject({ split: true, totalPayableAmount: 7.52, subtotal: 40.03, discount: 10.01, promoCode: 'SPLIT25' });
    const { page } = await payOnPage(res.json().data.payment_url);
    expect(page).toContain('Promo code SPLIT25 applied before splitting');
    expect((await sharesOf(b._id)).map((s) => s.amount_cents)).toEqual([752, 750, 750, 750]);
  });

  it('a player joins and pays their share; a second checkout for it is refused; a late payment for it is refunded', async () => {
    const { organizer, booking, token } = await splitBooking();
    const player = await customer(t.app, 'Pia Player');
    expect((await send('POST', `/api/join/${token}`, player)).json().data.share).toMatchObject({ amount: 10 });
    const first = await send('POST', `/api/bookings/${booking._id}/share/checkout`, player);
    expect(first.statusCode, first.body).toBe(201);
    // A newer page for the same share replaces the first; the player pays on it.
    const second = await send('POST', `/api/bookings/${booking._id}/share/checkout`, player);
    expect(second.json().data.amount).toBe(10);
    const { page, location } = await payOnPage(second.json().data.payment_url);
    expect(page).toContain('Your share, 1 of 4');
    expect(location).toBe(`/payment/success?order=${second.json().data.orderId}`);
    const status = await send('GET', `/api/order/${second.json().data.orderId}`, player);
    expect(status.json().data).toMatchObject({ kind: 'share', status: 'paid' });
    expect((await playersOf(booking._id, organizer)).players.map((p) => p.share)).toEqual([{ amount: 10.03, status: 'paid' }, { amount: 10, status: 'paid' }]);
    expect((await playersOf(booking._id, organizer)).split).toMatchObject({ paid: 2, open: 2, openAmount: 20 });
    expect((await mailsTo(t.database.db, player.email)).map((m) => m.kind)).toContain('share_paid');
    // The back office lists the payment with its payer, its kind, and what it charged of the booking's price.
    const record = (await send('GET', `/api/admin/payments/${second.json().data.orderId}`, owner)).json();
    expect(record).toMatchObject({ kind: 'share', user: { id: player.id, name: 'Pia Player' }, amount: 10 });
    expect(record.bookings).toMatchObject([{ id: booking._id, charged: 10, payableAmount: 40.03 }]);

    const again = await send('POST', `/api/bookings/${booking._id}/share/checkout`, player);
    expect([again.statusCode, again.json().code]).toEqual([409, 'SHARE_ALREADY_PAID']);
    // The provider reports money taken on the replaced page after all: it goes back whole.
    expect(await providerPays(t.app, first.json().data.orderId)).toBe('refunded');
    const late = await t.database.db.selectFrom('refunds').select(['amount_cents', 'reason']).where('order_id', '=', first.json().data.orderId).execute();
    expect(late).toEqual([{ amount_cents: 1000, reason: 'share paid late: the share was paid already' }]);
    expect((await sharesOf(booking._id)).filter((s) => s.status === 'paid')).toHaveLength(2);
    const playing = (await send('GET', '/api/bookings/playing', player)).json().data as PlayingBookingDto[];
    expect(playing.find((p) => p.bookingId === booking._id)?.share).toEqual({ amount: 10, status: 'paid' });
  });

  it('who may pay a share: the organizer paid theirs, a stranger is told there is no such booking, a booking paid for everyone has none', async () => {
    const { organizer, booking } = await splitBooking();
    const mine = await send('POST', `/api/bookings/${booking._id}/share/checkout`, organizer);
    expect([mine.statusCode, mine.json().code]).toEqual([409, 'SHARE_ALREADY_PAID']);
    const stranger = await customer(t.app, 'Stan Stranger');
    expect((await send('POST', `/api/bookings/${booking._id}/share/checkout`, stranger)).json().code).toBe('BOOKING_NOT_FOUND');
    expect((await send('POST', `/api/bookings/${booking._id}/share/checkout`)).statusCode).toBe(401);

    const whole = await customer(t.app, 'Wanda Whole');
    const { booking: paidForAll } = await bookAndPay(t.app, whole, padel._id, nextDay(), '18:00', '19:00');
    const token = tokenOf(await playersOf(paidForAll._id, whole));
    const friend = await customer(t.app, 'Fred Friend');
    await send('POST', `/api/join/${token}`, friend);
    const none = await send('POST', `/api/bookings/${paidForAll._id}/share/checkout`, friend);
    expect([none.statusCode, none.json().code]).toEqual([409, 'NOT_SPLIT']);
    expect((await playersOf(paidForAll._id, whole)).split).toBeNull();
  });

  it('a facility for one player has nothing to split; the refusal says so and nothing is ordered', async () => {
    const swimmer = await customer(t.app, 'Sam Swimmer');
    const lane = await facility(t.app, owner, { sport: 'swimming' });
    const b = await book(t.app, swimmer, lane._id, nextDay(), '10:00', '11:00');
    const res = await splitOrder(swimmer, [b._id], b.payableAmount);
    expect([res.statusCode, res.json().code, res.json().message]).toEqual([400, 'SPLIT_NOT_POSSIBLE', 'This facility is for one player: there is nothing to split. Choose Pay for everyone.']);
    expect(await t.database.db.selectFrom('order_bookings').select('order_id').where('booking_id', '=', b._id).execute()).toEqual([]);
  });

  it('cancelling refunds every payer their own part, and each is told', async () => {
    const { organizer, booking, token } = await splitBooking('Cora Canceller');
    const { player } = await joinAndPay(token, booking._id, 'Penny Payer');
    const cancelled = await send('DELETE', `/api/bookings/${booking._id}`, organizer);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await refundsOf(booking._id)).toEqual([
      { user_id: organizer.id, kind: 'split', amount_cents: 1003 },
      { user_id: player.id, kind: 'share', amount_cents: 1000 },
    ]);
    expect((await sharesOf(booking._id)).map((s) => s.status)).toEqual(['refunded', 'refunded', 'open', 'open']);
    expect(await moneyOf(booking._id)).toEqual({ paid: 2003, refunded: 2003 });
    // Each reads their own: the organizer's booking their $10.03, the player's share its $10.00.
    expect((await send('GET', `/api/bookings/${booking._id}`, organizer)).json().data).toMatchObject({ paidAmount: 10.03, refundedAmount: 10.03, refundState: 'refunded' });
    const playing = (await send('GET', '/api/bookings/playing', player)).json().data as PlayingBookingDto[];
    expect(playing.find((p) => p.bookingId === booking._id)).toMatchObject({ status: 'cancelled', share: { amount: 10, status: 'refunded' } });
    await deliverMail(t.app.ctx);
    const organizerMail = (await mailsTo(t.database.db, organizer.email)).find((m) => m.kind === 'booking_cancelled');
    expect(organizerMail?.text_body).toContain('$10.03');
    const playerMails = await mailsTo(t.database.db, player.email);
    expect(playerMails.map((m) => m.kind)).toEqual(expect.arrayContaining(['booking_cancelled', 'refund_completed']));
    expect(playerMails.find((m) => m.kind === 'refund_completed')?.subject).toBe('Refund of $10.00 sent - Courtside');
  });

  it("a player leaving after paying gets their share back; at the due time every open share is charged to the organizer once, however often the sweep runs", async () => {
    const { organizer, booking, token } = await splitBooking('Dora Due');
    const { player } = await joinAndPay(token, booking._id, 'Lea Leaver');
    expect((await send('DELETE', `/api/bookings/${booking._id}/players/me`, player)).statusCode).toBe(200);
    expect(await refundsOf(booking._id)).toEqual([{ user_id: player.id, kind: 'share', amount_cents: 1000 }]);
    expect((await sharesOf(booking._id)).map((s) => s.status)).toEqual(['paid', 'open', 'open', 'open']);

    // Before the due time nothing is charged.
    expect(await coverDueShares(t.app.ctx)).toEqual({ covered: 0, retried: 0 });
    const { shares_due_at: dueAt } = await t.database.db.selectFrom('bookings').select('shares_due_at').where('id', '=', booking._id).executeTakeFirstOrThrow();
    const was = t.clock.now().toISOString();
    t.clock.set(dueAt!.toISOString());
    try {
      // Two sweeps at once (earlier tests' bookings are due by now too), then one more.
      await Promise.all([coverDueShares(t.app.ctx), coverDueShares(t.app.ctx)]);
      expect(await coverDueShares(t.app.ctx)).toEqual({ covered: 0, retried: 0 });
      const covers = await t.database.db.selectFrom('orders').select(['user_id', 'amount_cents', 'status', 'kind']).where('kind', '=', 'cover').where('user_id', '=', organizer.id).execute();
      expect(covers).toEqual([{ user_id: organizer.id, amount_cents: 3000, status: 'paid', kind: 'cover' }]);
      expect((await sharesOf(booking._id)).map((s) => s.status)).toEqual(['paid', 'covered', 'covered', 'covered']);
      expect((await playersOf(booking._id, organizer)).split).toMatchObject({ paid: 1, open: 0, openAmount: 0, coveredAmount: 30 });
      // In: $10.03 + $10.00 (given back) + $30.00; kept: the price, $40.03.
      expect(await moneyOf(booking._id)).toEqual({ paid: 5003, refunded: 1000 });
      const late = await customer(t.app, 'Lars Late');
      await send('POST', `/api/join/${token}`, late);
      const closed = await send('POST', `/api/bookings/${booking._id}/share/checkout`, late);
      expect([closed.statusCode, closed.json().code]).toEqual([409, 'SHARES_CLOSED']);
      await deliverMail(t.app.ctx);
      const covered = (await mailsTo(t.database.db, organizer.email)).filter((m) => m.kind === 'shares_covered');
      expect(covered.map((m) => m.subject)).toEqual(['Unpaid shares charged: $30.00 - Courtside']);
      expect(covered[0]!.text_body).toContain('3 shares were still unpaid');
    } finally {
      t.clock.set(was);
    }
  });

  it('shares are due 1 hour before the start for a booking made inside the 24 hours, and a share checkout after it is closed', async () => {
    // The clock is 2027-03-01 15:00 UTC: tomorrow 09:00 in New York is 14:00 UTC, inside 24 hours.
    const { organizer, booking, token } = await splitBooking('Nell Near', '2027-03-02', '09:00', '10:00');
    const split = (await playersOf(booking._id, organizer)).split!;
    expect(split.dueAt).toBe('2027-03-02T13:00:00.000Z');
    const player = await customer(t.app, 'Tom Tardy');
    await send('POST', `/api/join/${token}`, player);
    const was = t.clock.now().toISOString();
    t.clock.set('2027-03-02T13:00:00Z');
    try {
      const closed = await send('POST', `/api/bookings/${booking._id}/share/checkout`, player);
      expect([closed.statusCode, closed.json().code]).toEqual([409, 'SHARES_CLOSED']);
    } finally {
      t.clock.set(was);
    }
  });

  it('the venue moving a split booking moves its due time with it', async () => {
    const { organizer, booking } = await splitBooking('Mo Mover');
    const moved = await send('PUT', `/api/bookings/${booking._id}`, owner, { date: nextDay(), startTime: '10:00', endTime: '11:00' });
    expect(moved.statusCode, moved.body).toBe(200);
    const row = await t.database.db.selectFrom('bookings').select(['starts_at', 'shares_due_at']).where('id', '=', booking._id).executeTakeFirstOrThrow();
    expect(row.shares_due_at!.getTime()).toBe(row.starts_at.getTime() - 24 * 3_600_000);
    expect((await playersOf(booking._id, organizer)).split?.dueAt).toBe(row.shares_due_at!.toISOString());
  });

  it('players with a share still unpaid are reminded once, a few hours before the due time; one who paid is not', async () => {
    const { booking, token } = await splitBooking('Rita Reminder');
    const { player: paid } = await joinAndPay(token, booking._id, 'Paul Paid');
    const unpaid = await customer(t.app, 'Una Unpaid');
    await send('POST', `/api/join/${token}`, unpaid);
    const { shares_due_at: dueAt } = await t.database.db.selectFrom('bookings').select('shares_due_at').where('id', '=', booking._id).executeTakeFirstOrThrow();
    const was = t.clock.now().toISOString();
    try {
      t.clock.set(new Date(dueAt!.getTime() - 4 * 3_600_000).toISOString());
      await deliverMail(t.app.ctx);
      expect((await mailsTo(t.database.db, unpaid.email)).filter((m) => m.kind === 'share_due_soon')).toEqual([]);
      t.clock.set(new Date(dueAt!.getTime() - 2 * 3_600_000).toISOString());
      await deliverMail(t.app.ctx);
      await deliverMail(t.app.ctx);
      const due = (await mailsTo(t.database.db, unpaid.email)).filter((m) => m.kind === 'share_due_soon');
      expect(due.map((m) => m.subject)).toEqual(['Your share is due: $10.00 - Courtside']);
      expect((await mailsTo(t.database.db, paid.email)).filter((m) => m.kind === 'share_due_soon')).toEqual([]);
    } finally {
      t.clock.set(was);
    }
  });

  it("staff cannot refund one share's payment as a whole order: they cancel the booking or remove the player", async () => {
    const { booking, order } = await splitBooking('Stella Staffcheck');
    const refused = await send('POST', `/api/admin/payments/${order.orderId}/refund`, owner);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'SPLIT_PAYMENT']);
    expect(await refundsOf(booking._id)).toEqual([]);
  });
});
