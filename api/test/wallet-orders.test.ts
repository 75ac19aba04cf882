import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { backend, createTestApp, type TestApp } from './support/test-app.ts';
import { admin, book, customer, facility, type Actor } from './support/actors.ts';
import { mailsTo, onlyMail } from './support/outbox.ts';
import { addEntry } from '../src/repositories/wallet.ts';
import { sweepWallets } from '../src/services/wallet-sweep.ts';

/**
 * Paying with the wallet (README "Wallet, packs and vouchers"): credit first, the card the rest,
 * credit reserved with the order and returned when it lapses or is left, and refunds going back
 * to where each part came from. Credit is put in with a ledger entry, as a paid top-up does.
 */
describe(`paying with the wallet (${backend})`, () => {
  let t: TestApp;
  let court: { _id: string };
  let day = 0;

  const nextDate = () => `2027-04-${String(1 + day++).padStart(2, '0')}`;
  const credit = (who: Actor, cents: number) => addEntry(t.database.db, { userId: who.id, kind: 'top_up', amountCents: cents, reason: 'Test top-up' }, t.clock.now());
  const balance = async (who: Actor) => (await t.database.db.selectFrom('wallets').select('balance_cents').where('user_id', '=', who.id).executeTakeFirst())?.balance_cents ?? 0;
  const ledgerSum = async (who: Actor) => Number((await t.database.db.selectFrom('wallet_entries').select((eb) => eb.fn.sum<string>('amount_cents').as('s')).where('user_id', '=', who.id).executeTakeFirst())?.s ?? 0);
  const entries = (who: Actor) => t.database.db.selectFrom('wallet_entries').select(['kind', 'amount_cents', 'reason', 'order_id', 'refund_id']).where('user_id', '=', who.id).orderBy('seq').execute();
  const order = (who: Actor, bookingIds: string[], total: number, extra: object = {}) =>
    t.app.inject({ method: 'POST', url: '/api/order/create', headers: who.auth, payload: { totalPayableAmount: total, bookingIds: bookingIds.map((bookingId) => ({ bookingId })), useWallet: true, ...extra } });
  const getBooking = async (who: Actor, id: string) => (await t.app.inject({ url: `/api/bookings/${id}`, headers: who.auth })).json().data;
  const cancel = (who: Actor, id: string) => t.app.inject({ method: 'DELETE', url: `/api/bookings/${id}`, headers: who.auth });
  /** Two $40 holds on one day. */
  const twoHolds = async (who: Actor) => {
    const date = nextDate();
    return [await book(t.app, who, court._id, date, '10:00', '11:00'), await book(t.app, who, court._id, date, '11:00', '12:00')];
  };
  const payOnSandbox = async (url: string) => {
    const page = await t.app.inject({ url });
    const signature = /name="signature" value="([0-9a-f]+)"/.exec(page.body)![1]!;
    return { page, paid: await t.app.inject({ method: 'POST', url: `${url}/confirm`, payload: { signature } }), signature };
  };

  beforeAll(async () => {
    t = await createTestApp();
    court = await facility(t.app, await admin(t.app), { name: 'Credit Court', pricePerHour: 40 });
  });
  afterAll(() => t?.close());

  it('credit that covers the order confirms it at once, without a payment page; a cancellation inside the policy returns it', async () => {
    const ana = await customer(t.app, 'Ana Credit');
    await credit(ana, 11_000);
    const [a, b] = await twoHolds(ana);
    const res = await order(ana, [a!._id, b!._id], 80);
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ totalPayableAmount: 80, walletAmount: 80, cardAmount: 0 });
    expect(data.payment_url).toBe(`/payment/success?order=${data.orderId}`);
    expect(await getBooking(ana, a!._id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', refundVia: 'wallet', walletPaidAmount: 40, paidAmount: 40 });
    expect(await balance(ana)).toBe(3_000);
    const paid = await t.database.db.selectFrom('orders').selectAll().where('id', '=', data.orderId).executeTakeFirstOrThrow();
    expect(paid).toMatchObject({ provider: 'wallet', status: 'paid', amount_cents: 0, wallet_cents: 8_000 });
    expect((await mailsTo(t.database.db, ana.email)).filter((m) => m.kind === 'booking_confirmed')).toHaveLength(2);

    const cancelled = await cancel(ana, a!._id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await balance(ana)).toBe(7_000);
    expect(await ledgerSum(ana)).toBe(7_000);
    expect((await entries(ana)).map((e) => [e.kind, e.amount_cents])).toEqual([['top_up', 11_000], ['spend', -8_000], ['refund', 4_000]]);
    const refund = await t.database.db.selectFrom('refunds').selectAll().where('booking_id', '=', a!._id).executeTakeFirstOrThrow();
    expect(refund).toMatchObject({ status: 'succeeded', to_wallet: true, from_wallet: true, amount_cents: 4_000 });
    const mine = (await t.app.inject({ url: '/api/wallet', headers: ana.auth })).json().data;
    expect(mine).toMatchObject({ balance: 70, currency: 'USD', expiring: [] });
    expect(mine.entries.map((e: { kind: string; amount: number }) => [e.kind, e.amount])).toEqual([['refund', 40], ['spend', -80], ['top_up', 110]]);
    expect(mine.entries.every((e: { staffName: string | null }) => e.staffName === null)).toBe(true);
    expect((await t.app.inject({ url: '/api/wallet' })).statusCode).toBe(401);
    const mail = await onlyMail(t.database.db, ana.email, 'booking_cancelled');
    expect(mail.text_body).toContain('Your $40.00 will be returned to your credit');
    expect(mail.text_body).not.toContain('card');
  });

  it('credit that covers part: the card page charges the rest, its lines add up to it; each part goes back to where it came from', async () => {
    const ben = await customer(t.app, 'Ben Split');
    await credit(ben, 3_000);
    const [a, b] = await twoHolds(ben);
    const res = await order(ben, [a!._id, b!._id], 80);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ totalPayableAmount: 80, walletAmount: 30, cardAmount: 50 });
    expect(await balance(ben)).toBe(0);
    const { page, paid } = await payOnSandbox(res.json().data.payment_url);
    expect(page.body).toContain('$50.00');
    expect(page.body).toContain('Paid with your credit</td><td class="num">−$30.00');
    expect(page.body).toContain('Total $50.00');
    expect(paid.statusCode).toBe(303);
    expect(await getBooking(ben, a!._id)).toMatchObject({ status: 'confirmed', refundVia: 'provider', walletPaidAmount: 15 });

    expect((await cancel(ben, a!._id)).statusCode).toBe(200);
    const refunds = await t.database.db.selectFrom('refunds').select(['amount_cents', 'to_wallet', 'from_wallet']).where('booking_id', '=', a!._id).orderBy('amount_cents').execute();
    expect(refunds).toEqual([{ amount_cents: 1_500, to_wallet: true, from_wallet: true }, { amount_cents: 2_500, to_wallet: false, from_wallet: false }]);
    expect(await balance(ben)).toBe(1_500);
    const mail = await onlyMail(t.database.db, ben.email, 'booking_cancelled');
    expect(mail.text_body).toContain('Your $15.00 will be returned to your credit');
    expect(mail.text_body).toContain('Your $25.00 will be refunded in full to the card you paid with.');
  });

  it('the reserved credit comes back when the customer leaves the payment page, or when it lapses unpaid', async () => {
    const cy = await customer(t.app, 'Cy Leaves');
    await credit(cy, 3_000);
    const [a, b] = await twoHolds(cy);
    const left = await order(cy, [a!._id], 40);
    expect(left.json().data).toMatchObject({ walletAmount: 30, cardAmount: 10 });
    expect(await balance(cy)).toBe(0);
    const url = left.json().data.payment_url as string;
    const signature = /name="signature" value="([0-9a-f]+)"/.exec((await t.app.inject({ url })).body)![1]!;
    expect((await t.app.inject({ method: 'POST', url: `${url}/cancel`, payload: { signature } })).statusCode).toBe(303);
    expect(await balance(cy)).toBe(3_000);

    const lapsing = await order(cy, [b!._id], 40);
    expect(lapsing.json().data).toMatchObject({ walletAmount: 30, cardAmount: 10 });
    expect(await sweepWallets(t.app.ctx)).toMatchObject({ returned: 0 });
    const { checkout_expires_at: closes } = await t.database.db.selectFrom('orders').select('checkout_expires_at').where('id', '=', lapsing.json().data.orderId).executeTakeFirstOrThrow();
    t.clock.set(new Date(closes!.getTime() + 1_000).toISOString());
    expect(await sweepWallets(t.app.ctx)).toMatchObject({ returned: 1 });
    expect(await sweepWallets(t.app.ctx)).toMatchObject({ returned: 0 });
    expect(await balance(cy)).toBe(3_000);
    expect((await entries(cy)).map((e) => [e.kind, e.amount_cents])).toEqual([['top_up', 3_000], ['spend', -3_000], ['refund', 3_000], ['spend', -3_000], ['refund', 3_000]]);
    t.clock.set('2027-03-01T15:00:00Z');
  });

  it('a late card payment after the credit went back refunds only the card part', async () => {
    const dee = await customer(t.app, 'Dee Late');
    await credit(dee, 1_000);
    const [a] = await twoHolds(dee);
    const res = await order(dee, [a!._id], 40);
    const orderId = res.json().data.orderId as string;
    await t.database.db.updateTable('orders').set({ status: 'cancelled' }).where('id', '=', orderId).execute();
    expect(await balance(dee)).toBe(1_000);
    const { applyPayment } = await import('../src/payments/settlement.ts');
    await applyPayment(t.app.ctx, { provider: 'sandbox', eventId: `late:${orderId}`, orderId });
    const refunds = await t.database.db.selectFrom('refunds').select(['amount_cents', 'to_wallet']).where('order_id', '=', orderId).execute();
    expect(refunds).toEqual([{ amount_cents: 3_000, to_wallet: false }]);
    expect(await balance(dee)).toBe(1_000);
  });

  it('credit is not for split orders; an empty wallet pays nothing and the card takes it all', async () => {
    const eve = await customer(t.app, 'Eve Empty');
    const [a] = await twoHolds(eve);
    const split = await order(eve, [a!._id], 40, { split: true });
    expect(split.statusCode).toBe(400);
    expect(split.json()).toMatchObject({ code: 'WALLET_NOT_WITH_SPLIT' });
    const res = await order(eve, [a!._id], 40);
    expect(res.json().data).toMatchObject({ walletAmount: 0, cardAmount: 40 });
    expect(await entries(eve)).toEqual([]);
  });

  it('REFUND_TO_WALLET: a customer cancelling a card booking gets credit; the venue cancelling refunds the card', async () => {
    const other = await createTestApp({ env: { REFUND_TO_WALLET: '1' } });
    try {
      const staff = await admin(other.app);
      const room = await facility(other.app, staff, { name: 'Refund Room', pricePerHour: 40 });
      const fay = await customer(other.app, 'Fay Card');
      const mine = await book(other.app, fay, room._id, '2027-04-25', '10:00', '11:00');
      const venues = await book(other.app, fay, room._id, '2027-04-25', '11:00', '12:00');
      const res = await other.app.inject({ method: 'POST', url: '/api/order/create', headers: fay.auth, payload: { totalPayableAmount: 80, bookingIds: [{ bookingId: mine._id }, { bookingId: venues._id }] } });
      const url = res.json().data.payment_url as string;
      const signature = /name="signature" value="([0-9a-f]+)"/.exec((await other.app.inject({ url })).body)![1]!;
      expect((await other.app.inject({ method: 'POST', url: `${url}/confirm`, payload: { signature } })).statusCode).toBe(303);

      expect((await other.app.inject({ method: 'DELETE', url: `/api/bookings/${mine._id}`, headers: fay.auth })).statusCode).toBe(200);
      expect((await other.app.inject({ method: 'DELETE', url: `/api/bookings/${venues._id}`, headers: staff.auth })).statusCode).toBe(200);
      const refunds = await other.database.db.selectFrom('refunds').select(['booking_id', 'amount_cents', 'to_wallet', 'from_wallet', 'status']).orderBy('to_wallet', 'desc').execute();
      expect(refunds).toEqual([
        { booking_id: mine._id, amount_cents: 4_000, to_wallet: true, from_wallet: false, status: 'succeeded' },
        { booking_id: venues._id, amount_cents: 4_000, to_wallet: false, from_wallet: false, status: expect.any(String) },
      ]);
      const wallet = await other.database.db.selectFrom('wallets').select('balance_cents').where('user_id', '=', fay.id).executeTakeFirstOrThrow();
      expect(wallet.balance_cents).toBe(4_000);
      const mails = (await mailsTo(other.database.db, fay.email)).filter((m) => m.kind === 'booking_cancelled').map((m) => m.text_body);
      expect(mails.some((m) => m.includes('Your $40.00 will be returned to your credit'))).toBe(true);
      expect(mails.some((m) => m.includes('Your $40.00 will be refunded in full to the card you paid with.'))).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('the ledger is append-only and the balance never goes below zero, whatever writes to it', async () => {
    const gus = await customer(t.app, 'Gus Guard');
    await credit(gus, 500);
    await expect(sql`UPDATE wallet_entries SET amount_cents = 9999 WHERE user_id = ${gus.id}`.execute(t.database.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM wallet_entries WHERE user_id = ${gus.id}`.execute(t.database.db)).rejects.toThrow(/append-only/);
    await expect(sql`UPDATE wallets SET balance_cents = 9999 WHERE user_id = ${gus.id}`.execute(t.database.db)).rejects.toThrow(/append-only/);
    await expect(addEntry(t.database.db, { userId: gus.id, kind: 'spend', amountCents: -501, reason: 'too much' }, t.clock.now())).rejects.toThrow(/wallets_never_negative/);
    await expect(addEntry(t.database.db, { userId: gus.id, kind: 'spend', amountCents: 100, reason: 'wrong sign' }, t.clock.now())).rejects.toThrow(/wallet_entries_sign/);
    expect(await balance(gus)).toBe(500);
  });

  it('bonus credit left at its expiry leaves the wallet once, spent bonus first; its customer is told a week before', async () => {
    const hal = await customer(t.app, 'Hal Bonus');
    const now = t.clock.now();
    await credit(hal, 10_000);
    await addEntry(t.database.db, { userId: hal.id, kind: 'bonus', amountCents: 1_000, reason: 'Pack bonus', expiresAt: new Date(now.getTime() + 30 * 86_400_000) }, now);
    await addEntry(t.database.db, { userId: hal.id, kind: 'spend', amountCents: -400, reason: 'A booking' }, now);
    t.clock.advance(24 * 86_400_000);
    expect((await sweepWallets(t.app.ctx)).noticed).toBeGreaterThanOrEqual(1);
    const notice = await onlyMail(t.database.db, hal.email, 'credit_expiring');
    expect(notice.subject).toMatch(/^\$6\.00 of bonus credit expires soon/);
    t.clock.advance(7 * 86_400_000);
    expect((await sweepWallets(t.app.ctx)).expired).toBeGreaterThanOrEqual(1);
    await sweepWallets(t.app.ctx);
    expect((await entries(hal)).filter((e) => e.kind === 'expiry').map((e) => e.amount_cents)).toEqual([-600]);
    expect(await balance(hal)).toBe(10_000);
    expect(await ledgerSum(hal)).toBe(10_000);
    await onlyMail(t.database.db, hal.email, 'credit_expiring');
    t.clock.set('2027-03-01T15:00:00Z');
  });
});
