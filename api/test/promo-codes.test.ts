import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { describeOnPostgres } from './support/databases.ts';
import { admin, book, customer, facility, type Actor } from './support/actors.ts';
import { eventually } from './support/expect.ts';
import { listenLocally, lockWaiters, race } from './support/race.ts';
import { StripeStub } from './support/stripe-stub.ts';

// Clock: 2027-03-01T15:00Z = 10:00 on 1 March in New York, the venue's zone (DEFAULT_TIMEZONE).
const START = '2027-03-01T15:00:00Z';
const MINUTE = 60_000;

type Res = Awaited<ReturnType<TestApp['app']['inject']>>;

/** Successive free hours on a court, from 08:00 on 2 March; a booking that would pass 22:00 starts the next day. */
function slots() {
  let day = 2;
  let hour = 8;
  const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
  return (hours = 1) => {
    if (hour + hours > 22) {
      day += 1;
      hour = 8;
    }
    const slot = { date: `2027-03-${String(day).padStart(2, '0')}`, startTime: hh(hour), endTime: hh(hour + hours) };
    hour += hours;
    return slot;
  };
}

describe('promo codes', () => {
  let t: TestApp;
  let staff: Actor;
  let court: { _id: string; name: string };
  let otherCourt: { _id: string; name: string };
  const nextOnCourt = slots();
  const nextOnOther = slots();

  beforeAll(async () => {
    t = await createTestApp({ clockStart: START });
    staff = await admin(t.app);
    court = await facility(t.app, staff, { pricePerHour: 20 });
    otherCourt = await facility(t.app, staff, { pricePerHour: 30 });
  }, 60_000);
  afterAll(() => t?.close());
  beforeEach(() => t.clock.set(START));

  const adminCall = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/admin/promo-codes${url}`, headers: staff.auth, ...(payload ? { payload } : {}) });

  let codes = 0;
  /** A promo code made by staff; the code is unique per call unless given. */
  async function promo(terms: Record<string, unknown>) {
    const res = await adminCall('POST', '', { code: `CODE${++codes}`, ...terms });
    if (res.statusCode !== 201) throw new Error(`promo code failed: ${res.statusCode} ${res.body}`);
    return res.json() as { id: string; code: string };
  }

  /** A hold on `which` court (the $20 one unless told), `hours` long. */
  const hold = (actor: Actor, hours = 1, which = court) => {
    const s = (which === court ? nextOnCourt : nextOnOther)(hours);
    return book(t.app, actor, which._id, s.date, s.startTime, s.endTime);
  };

  const order = (actor: Actor, bookings: { _id: string; payableAmount: number }[], promoCode?: string, total?: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/order/create',
      headers: actor.auth,
      payload: {
        totalPayableAmount: total ?? bookings.reduce((sum, b) => sum + b.payableAmount, 0),
        bookingIds: bookings.map((b) => ({ bookingId: b._id })),
        ...(promoCode === undefined ? {} : { promoCode }),
      },
    });

  const check = (actor: Actor, code: string, bookings: { _id: string }[]) =>
    t.app.inject({ method: 'POST', url: '/api/promo-codes/check', headers: actor.auth, payload: { code, bookingIds: bookings.map((b) => ({ bookingId: b._id })) } });

  /** Pays a sandbox order as its hosted page does. */
  async function pay(paymentUrl: string) {
    const page = await t.app.inject({ url: paymentUrl });
    const signature = /name="signature" value="([0-9a-f]+)"/.exec(page.body)![1]!;
    const paid = await t.app.inject({ method: 'POST', url: `${paymentUrl}/confirm`, payload: { signature } });
    expect(paid.statusCode).toBe(303);
    return page;
  }

  /** Books, checks out with the code and pays: a paid order using it. */
  async function paidWith(actor: Actor, code: string) {
    const b = await hold(actor);
    const res = await order(actor, [b], code);
    expect(res.statusCode, res.body).toBe(201);
    await pay(res.json().data.payment_url);
    return res.json().data as { orderId: string };
  }

  const refusal = (res: Res, code: string, path: string) => {
    expect(res.statusCode, res.body).toBe(code === 'ALREADY_EXISTS' ? 409 : 400);
    expect(res.json()).toMatchObject({ success: false, code });
    expect(res.json().errorMessages[0].path).toBe(path);
    return res.json().message as string;
  };

  const refusedPromo = (res: Res) => refusal(res, 'PROMO_INVALID', 'promoCode');

  const orderRow = (id: string) => t.database.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const bookingRow = (id: string) => t.database.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  describe('back office: /api/admin/promo-codes', () => {
    it('creates, lists (with uses), reads, replaces and deletes a code; the code is stored in capitals', async () => {
      const created = await adminCall('POST', '', { code: ' spring-25 ', percentOff: 25, validFrom: '2027-03-01', validTo: '2027-05-31', facilityIds: [court._id], minAmount: 10, maxUses: 100, maxUsesPerCustomer: 2 });
      expect(created.statusCode, created.body).toBe(201);
      const record = created.json();
      expect(record).toEqual({
        id: expect.any(String), code: 'SPRING-25', percentOff: 25, amountOff: null, validFrom: '2027-03-01', validTo: '2027-05-31',
        facilityIds: [court._id], minAmount: 10, maxUses: 100, maxUsesPerCustomer: 2, uses: 0, createdAt: expect.any(String), updatedAt: expect.any(String),
      });

      const list = await adminCall('GET', `?filter=${encodeURIComponent(JSON.stringify({ q: 'spring' }))}&range=${encodeURIComponent('[0,9]')}`);
      expect(list.statusCode).toBe(200);
      expect(list.headers['content-range']).toBe('promo-codes 0-0/1');
      expect(list.json()).toEqual([record]);
      expect((await adminCall('GET', `/${record.id}`)).json()).toEqual(record);

      // PUT takes the whole record as read: id, uses and dates are dropped; null lifts a limit.
      const replaced = await adminCall('PUT', `/${record.id}`, { ...record, percentOff: null, amountOff: 7.5, facilityIds: null, maxUsesPerCustomer: null });
      expect(replaced.statusCode, replaced.body).toBe(200);
      expect(replaced.json()).toMatchObject({ id: record.id, code: 'SPRING-25', percentOff: null, amountOff: 7.5, facilityIds: null, maxUsesPerCustomer: null, maxUses: 100 });

      const deleted = await adminCall('DELETE', `/${record.id}`);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toMatchObject({ id: record.id, code: 'SPRING-25' });
      expect((await adminCall('GET', `/${record.id}`)).statusCode).toBe(404);
      expect(await t.database.db.selectFrom('promo_codes').select('id').where('id', '=', record.id).executeTakeFirst()).toBeUndefined();
    });

    it('refuses each mistake with a message naming the field', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ code: 'AB', percentOff: 10 }, 'INVALID_PROMO_CODE', 'code'],
        [{ code: 'NO SPACES', percentOff: 10 }, 'INVALID_PROMO_CODE', 'code'],
        [{ code: 'BOTH', percentOff: 10, amountOff: 5 }, 'INVALID_PROMO_CODE', 'amountOff'],
        [{ code: 'NEITHER' }, 'INVALID_PROMO_CODE', 'percentOff'],
        [{ code: 'PCT', percentOff: 0 }, 'INVALID_PROMO_CODE', 'percentOff'],
        [{ code: 'PCT', percentOff: 101 }, 'INVALID_PROMO_CODE', 'percentOff'],
        [{ code: 'PCT', percentOff: 12.5 }, 'INVALID_PROMO_CODE', 'percentOff'],
        [{ code: 'AMT', amountOff: 0 }, 'INVALID_PROMO_CODE', 'amountOff'],
        [{ code: 'AMT', amountOff: 1.001 }, 'INVALID_AMOUNT', 'amountOff'],
        [{ code: 'AMT', amountOff: 5, minAmount: -1 }, 'INVALID_AMOUNT', 'minAmount'],
        [{ code: 'AMT', amountOff: 5, validFrom: '2027-13-01' }, 'INVALID_DATE', 'validFrom'],
        [{ code: 'AMT', amountOff: 5, validFrom: '2027-06-02', validTo: '2027-06-01' }, 'END_BEFORE_START', 'validTo'],
        [{ code: 'AMT', amountOff: 5, facilityIds: [] }, 'INVALID_PROMO_CODE', 'facilityIds'],
        [{ code: 'AMT', amountOff: 5, facilityIds: ['6f1c2d3e-aaaa-4000-8000-000000000009'] }, 'INVALID_PROMO_CODE', 'facilityIds[0]'],
        [{ code: 'AMT', amountOff: 5, facilityIds: [court._id, court._id] }, 'INVALID_PROMO_CODE', 'facilityIds[1]'],
        [{ code: 'AMT', amountOff: 5, maxUses: 0 }, 'INVALID_PROMO_CODE', 'maxUses'],
        [{ code: 'AMT', amountOff: 5, maxUses: 3, maxUsesPerCustomer: 4 }, 'INVALID_PROMO_CODE', 'maxUsesPerCustomer'],
      ];
      for (const [body, code, path] of cases) {
        const message = refusal(await adminCall('POST', '', body), code, path);
        expect(message, JSON.stringify(body)).toContain(path.replace(/\[\d+\]$/, ''));
      }
      // A mistake in an update is refused the same way, and changes nothing.
      const { id } = await promo({ amountOff: 5 });
      refusal(await adminCall('PUT', `/${id}`, { code: 'FINE-CODE', percentOff: 150 }), 'INVALID_PROMO_CODE', 'percentOff');
      expect((await adminCall('GET', `/${id}`)).json()).toMatchObject({ amountOff: 5, percentOff: null });
      // Wrong types never reach the domain.
      refusal(await adminCall('POST', '', { code: 'TYPES', percentOff: '10' }), 'VALIDATION_FAILED', 'percentOff');
    });

    it('a code that is taken (in any case) is a 409 naming code', async () => {
      const { id } = await promo({ code: 'TAKEN-ONE', percentOff: 10 });
      const message = refusal(await adminCall('POST', '', { code: 'taken-one', amountOff: 5 }), 'ALREADY_EXISTS', 'code');
      expect(message).toBe('There is already a promo code TAKEN-ONE.');
      const other = await promo({ percentOff: 10 });
      refusal(await adminCall('PUT', `/${other.id}`, { code: 'Taken-One', percentOff: 10 }), 'ALREADY_EXISTS', 'code');
      // Deleted (never used), its text is free again.
      await adminCall('DELETE', `/${id}`);
      expect((await adminCall('POST', '', { code: 'TAKEN-ONE', amountOff: 5 })).statusCode).toBe(201);
    });

    it('a used code is withdrawn, not deleted: customers cannot use it, its order keeps it', async () => {
      const { id, code } = await promo({ amountOff: 2 });
      const buyer = await customer(t.app, 'Withdrawn Buyer');
      const { orderId } = await paidWith(buyer, code);
      expect((await adminCall('GET', `/${id}`)).json().uses).toBe(1);

      expect((await adminCall('DELETE', `/${id}`)).statusCode).toBe(200);
      expect((await adminCall('GET', `/${id}`)).statusCode).toBe(404);
      expect(await t.database.db.selectFrom('promo_codes').select('deleted_at').where('id', '=', id).executeTakeFirstOrThrow()).toMatchObject({ deleted_at: expect.any(Date) });
      const payment = (await t.app.inject({ url: `/api/admin/payments/${orderId}`, headers: staff.auth })).json();
      expect(payment).toMatchObject({ amount: 18, discount: 2, promoCode: code });

      const b = await hold(buyer);
      expect(refusedPromo(await order(buyer, [b], code))).toBe(`There is no promo code ${code}.`);
      // Its text can be given to a new code.
      expect((await adminCall('POST', '', { code, percentOff: 5 })).statusCode).toBe(201);
    });

    it('customers cannot reach it', async () => {
      const someone = await customer(t.app);
      expect((await t.app.inject({ url: '/api/admin/promo-codes', headers: someone.auth })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'POST', url: '/api/admin/promo-codes', headers: someone.auth, payload: { code: 'MINE', percentOff: 100 } })).statusCode).toBe(403);
    });
  });

  describe('checkout with a code', () => {
    it('percent off: the order and the payment page charge the discounted total; the email and the payment show the discount', async () => {
      const { code } = await promo({ percentOff: 25 });
      const buyer = await customer(t.app, 'Percent Buyer');
      const b = await hold(buyer, 2);
      expect(b.payableAmount).toBe(40);

      const preview = await check(buyer, ` ${code.toLowerCase()} `, [b]);
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json().data).toEqual({ promoCode: code, subtotal: 40, discount: 10, totalPayableAmount: 30 });

      const res = await order(buyer, [b], code.toLowerCase());
      expect(res.statusCode, res.body).toBe(201);
      const data = res.json().data;
      expect(data).toEqual({ orderId: expect.any(String), payment_url: `/pay/${data.orderId}`, totalPayableAmount: 30, subtotal: 40, discount: 10, promoCode: code, split: false, walletAmount: 0, cardAmount: 30 });
      expect(await orderRow(data.orderId)).toMatchObject({ amount_cents: 3000, discount_cents: 1000, status: 'pending' });

      const page = await pay(data.payment_url);
      expect(page.body).toContain('Pay $30.00');
      expect(page.body).toContain(`Promo code ${code}`);
      expect(await bookingRow(b._id)).toMatchObject({ status: 'confirmed', payment_status: 'paid', payable_cents: 4000 });
      expect((await t.app.inject({ url: `/api/admin/payments/${data.orderId}`, headers: staff.auth })).json()).toMatchObject({ status: 'paid', amount: 30, discount: 10, promoCode: code });

      const mail = await t.database.db.selectFrom('outbox_messages').select('text_body').where('kind', '=', 'booking_confirmed').where('recipient', '=', buyer.email).executeTakeFirstOrThrow();
      expect(mail.text_body).toContain('Paid: $30.00');
      expect(mail.text_body).toContain(`Promo code ${code}: $10.00 off`);
    });

    it('amount off, over two bookings: the lines share the discount and add up to the charge', async () => {
      const { code } = await promo({ amountOff: 5 });
      const buyer = await customer(t.app, 'Amount Buyer');
      const a = await hold(buyer);
      const b = await hold(buyer, 1, otherCourt);
      const res = await order(buyer, [a, b], code);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({ totalPayableAmount: 45, subtotal: 50, discount: 5, promoCode: code });
      const shares = await t.database.db.selectFrom('order_bookings').select(['booking_id', 'discount_cents']).where('order_id', '=', res.json().data.orderId).execute();
      expect(Object.fromEntries(shares.map((s) => [s.booking_id, s.discount_cents]))).toEqual({ [a._id]: 200, [b._id]: 300 });
    });

    it('without a code, checkout answers as it always did, plus subtotal and no discount', async () => {
      const buyer = await customer(t.app);
      const b = await hold(buyer);
      const res = await order(buyer, [b]);
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ totalPayableAmount: 20, subtotal: 20, discount: 0, promoCode: null });
      // An empty code is no code.
      const again = await order(buyer, [b], '  ');
      expect(again.json().data).toMatchObject({ totalPayableAmount: 20, promoCode: null });
    });

    it("the client's total is the bookings' total before the code: the discounted total is a mismatch", async () => {
      const { code } = await promo({ amountOff: 5 });
      const buyer = await customer(t.app);
      const b = await hold(buyer);
      const message = refusal(await order(buyer, [b], code, 15), 'PRICE_MISMATCH', 'totalPayableAmount');
      expect(message).toBe('totalPayableAmount does not match the price of the selected bookings before the promo code ($20.00).');
    });

    it('a code that takes everything off confirms the order at once, with nothing to charge', async () => {
      const { code } = await promo({ percentOff: 100 });
      const buyer = await customer(t.app, 'Free Buyer');
      const b = await hold(buyer);
      const res = await order(buyer, [b], code);
      expect(res.statusCode, res.body).toBe(201);
      const data = res.json().data;
      expect(data).toMatchObject({ totalPayableAmount: 0, subtotal: 20, discount: 20, payment_url: `/payment/success?order=${data.orderId}` });
      expect(await orderRow(data.orderId)).toMatchObject({ status: 'paid', provider: 'free', amount_cents: 0 });
      expect(await bookingRow(b._id)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
      expect((await t.app.inject({ url: `/api/order/${data.orderId}`, headers: buyer.auth })).json().data).toMatchObject({ status: 'paid', amount: 0 });
      // Cancelling it gives nothing back, and staff have nothing to refund.
      const refund = await t.app.inject({ method: 'POST', url: `/api/admin/payments/${data.orderId}/refund`, headers: staff.auth });
      expect(refund.json()).toMatchObject({ code: 'NOT_PAID' });
      expect((await t.app.inject({ method: 'DELETE', url: `/api/bookings/${b._id}`, headers: buyer.auth })).statusCode).toBe(200);
      expect(await t.database.db.selectFrom('refunds').select('id').where('order_id', '=', data.orderId).execute()).toEqual([]);
    });
  });

  describe('refusals: PROMO_INVALID with a message that says why', () => {
    let buyer: Actor;
    beforeAll(async () => {
      buyer = await customer(t.app, 'Refused Buyer');
    });

    /** Refused both in the preview and at checkout, with the same message; no order is made. */
    async function refusedEverywhere(code: string, bookings: { _id: string; payableAmount: number }[] = [], actor = buyer) {
      const list = bookings.length ? bookings : [await hold(actor)];
      const before = await t.database.db.selectFrom('orders').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
      const preview = refusedPromo(await check(actor, code, list));
      const atCheckout = refusedPromo(await order(actor, list, code));
      expect(atCheckout).toBe(preview);
      expect(await t.database.db.selectFrom('orders').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).toEqual(before);
      return atCheckout;
    }

    it('expired', async () => {
      const { code } = await promo({ percentOff: 10, validTo: '2027-02-28' });
      expect(await refusedEverywhere(code)).toBe(`Promo code ${code} has expired: it was valid until 2027-02-28.`);
    });

    it('not yet valid (the venue’s calendar: 1 March until midnight in New York)', async () => {
      const { code } = await promo({ percentOff: 10, validFrom: '2027-03-02' });
      expect(await refusedEverywhere(code)).toBe(`Promo code ${code} can be used from 2027-03-02.`);
      t.clock.set('2027-03-02T05:00:00Z'); // 00:00 on 2 March in New York
      const b = await hold(buyer);
      expect((await order(buyer, [b], code)).statusCode).toBe(201);
    });

    it('used up: its last use taken by someone else', async () => {
      const { code } = await promo({ amountOff: 1, maxUses: 1 });
      await paidWith(await customer(t.app), code);
      expect(await refusedEverywhere(code)).toBe(`Promo code ${code} has been used up.`);
    });

    it('used up for this customer, though others may still use it', async () => {
      const { code } = await promo({ amountOff: 1, maxUsesPerCustomer: 1 });
      const regular = await customer(t.app, 'Regular');
      await paidWith(regular, code);
      expect(await refusedEverywhere(code, [], regular)).toBe(`You have already used promo code ${code}.`);
      await paidWith(await customer(t.app), code);
    });

    it('for another facility', async () => {
      const { code } = await promo({ percentOff: 10, facilityIds: [otherCourt._id] });
      expect(await refusedEverywhere(code)).toBe(`Promo code ${code} is not valid for this facility.`);
      // With a booking at its facility and one elsewhere, the whole order is refused.
      const mixed = [await hold(buyer, 1, otherCourt), await hold(buyer)];
      expect(await refusedEverywhere(code, mixed)).toBe(`Promo code ${code} is not valid for this facility.`);
      expect((await order(buyer, [mixed[0]!], code)).statusCode).toBe(201);
    });

    it('below the minimum (before the discount)', async () => {
      const { code } = await promo({ amountOff: 5, minAmount: 40 });
      expect(await refusedEverywhere(code)).toBe(`Promo code ${code} needs an order of at least $40.00.`);
      const enough = await hold(buyer, 2);
      expect((await order(buyer, [enough], code)).json().data).toMatchObject({ totalPayableAmount: 35 });
    });

    it('unknown', async () => {
      expect(await refusedEverywhere('no-such-code')).toBe('There is no promo code NO-SUCH-CODE.');
    });

    it('guessing is limited: after PROMO_MAX_GUESSES unknown codes, 429, even for a real one', async () => {
      const guesser = await customer(t.app, 'Guesser');
      const b = await hold(guesser);
      const { code } = await promo({ percentOff: 10 });
      // A known code tried many times costs nothing.
      for (let i = 0; i < 12; i++) expect((await check(guesser, code, [b])).statusCode).toBe(200);
      for (let i = 0; i < t.config.promoMaxGuesses; i++) refusedPromo(await check(guesser, `GUESS${i}`, [b]));
      const blocked = await check(guesser, code, [b]);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: 'Too many promo codes tried. Please wait and try again.' });
      expect((await order(guesser, [b], code)).statusCode).toBe(429);
      t.clock.advance(t.config.promoWindowMinutes * MINUTE);
      const later = await hold(guesser);
      expect((await check(guesser, code, [later])).statusCode).toBe(200);
    });

    it('the preview only takes the caller’s own unpaid bookings', async () => {
      const { code } = await promo({ percentOff: 10 });
      const someoneElse = await customer(t.app);
      const theirs = await hold(someoneElse);
      expect((await check(buyer, code, [theirs])).json()).toMatchObject({ statusCode: 404, code: 'BOOKING_NOT_FOUND' });
    });
  });

  describe('counting uses', () => {
    it('a cancelled checkout gives its use back, and so does one whose holds lapsed', async () => {
      const { id, code } = await promo({ amountOff: 3, maxUses: 1 });
      const first = await customer(t.app, 'First');
      const second = await customer(t.app, 'Second');
      const a = await hold(first);
      const opened = (await order(first, [a], code)).json().data;
      expect((await adminCall('GET', `/${id}`)).json().uses).toBe(1);
      const b = await hold(second);
      expect(refusedPromo(await order(second, [b], code))).toBe(`Promo code ${code} has been used up.`);

      // The first customer leaves the payment page: Cancel.
      const page = await t.app.inject({ url: opened.payment_url });
      const signature = /name="signature" value="([0-9a-f]+)"/.exec(page.body)![1]!;
      expect((await t.app.inject({ method: 'POST', url: `${opened.payment_url}/cancel`, payload: { signature } })).statusCode).toBe(303);
      expect((await adminCall('GET', `/${id}`)).json().uses).toBe(0);
      const taken = (await order(second, [b], code)).json().data;
      expect(taken).toMatchObject({ promoCode: code, discount: 3 });

      // The second one never pays: once the holds lapse the checkout is over, and the use comes back.
      t.clock.advance(16 * MINUTE);
      expect((await adminCall('GET', `/${id}`)).json().uses).toBe(0);
      const c = await hold(first);
      expect((await order(first, [c], code)).json().data).toMatchObject({ promoCode: code });
      expect((await orderRow(taken.orderId)).status).toBe('pending');
    });

    it('opening checkout again for the same bookings is the same purchase, not a second use', async () => {
      const { code } = await promo({ amountOff: 3, maxUses: 1, maxUsesPerCustomer: 1 });
      const buyer = await customer(t.app);
      const b = await hold(buyer);
      expect((await order(buyer, [b], code)).statusCode).toBe(201);
      const again = await order(buyer, [b], code);
      expect(again.statusCode, again.body).toBe(201);
      await pay(again.json().data.payment_url);
      // Paid: now it is a use, and another booking cannot have it.
      const next = await hold(buyer);
      expect(refusedPromo(await order(buyer, [next], code))).toBe(`Promo code ${code} has been used up.`);
    });
  });

  describe('refunds of a discounted order never give back more than was paid', () => {
    it('a cancelled booking gets back its share of what was paid; staff refund the rest', async () => {
      // $20 + $40 = $60, $15 off: $5 of it on the first booking, $10 on the second; $45 paid.
      const { code } = await promo({ amountOff: 15 });
      const buyer = await customer(t.app, 'Refund Buyer');
      const a = await hold(buyer);
      const b = await hold(buyer, 2);
      const res = await order(buyer, [a, b], code);
      expect(res.json().data).toMatchObject({ totalPayableAmount: 45, subtotal: 60, discount: 15 });
      const { orderId, payment_url: url } = res.json().data;
      await pay(url);

      const cancelled = await t.app.inject({ method: 'DELETE', url: `/api/bookings/${a._id}`, headers: buyer.auth });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json().data).toMatchObject({ status: 'cancelled', refundedAmount: 15, refundState: 'refunded' });
      const mail = await t.database.db.selectFrom('outbox_messages').select('text_body').where('kind', '=', 'booking_cancelled').where('recipient', '=', buyer.email).executeTakeFirstOrThrow();
      expect(mail.text_body).toContain('Your $15.00 will be refunded');

      const staffRefund = await t.app.inject({ method: 'POST', url: `/api/admin/payments/${orderId}/refund`, headers: staff.auth });
      expect(staffRefund.statusCode, staffRefund.body).toBe(200);
      expect(staffRefund.json()).toMatchObject({ status: 'refunded', amount: 45, refundedAmount: 45, refundState: 'refunded' });
      expect(staffRefund.json().refunds.map((r: { amount: number }) => r.amount).sort((x: number, y: number) => x - y)).toEqual([15, 30]);
      expect(await orderRow(orderId)).toMatchObject({ refunded_cents: 4500, amount_cents: 4500 });
      const again = await t.app.inject({ method: 'POST', url: `/api/admin/payments/${orderId}/refund`, headers: staff.auth });
      expect(again.json()).toMatchObject({ code: 'ALREADY_REFUNDED' });
    });

    it('a percent code: the one booking refunded is refunded what was paid', async () => {
      const { code } = await promo({ percentOff: 33 });
      const buyer = await customer(t.app);
      const b = await hold(buyer);
      const { orderId, payment_url: url } = (await order(buyer, [b], code)).json().data;
      await pay(url);
      // 33% of $20 is $6.60 off: $13.40 paid.
      expect((await orderRow(orderId)).amount_cents).toBe(1340);
      const cancelled = await t.app.inject({ method: 'DELETE', url: `/api/bookings/${b._id}`, headers: buyer.auth });
      expect(cancelled.json().data).toMatchObject({ refundedAmount: 13.4 });
      expect(await orderRow(orderId)).toMatchObject({ status: 'refunded', refunded_cents: 1340 });
    });
  });

  describe('what the customer reads is what was paid, not the list price', () => {
    const bookingOf = async (actor: Actor, id: string) => (await t.app.inject({ url: `/api/bookings/${id}`, headers: actor.auth })).json().data;
    const mailsTo = async (actor: Actor, kind: string) =>
      (await t.database.db.selectFrom('outbox_messages').select(['subject', 'text_body']).where('kind', '=', kind).where('recipient', '=', actor.email).execute());

    it('a $60 booking paid $54 with 10% off reads $54 paid, $54 to be refunded and $54 refunded, in the API and the emails', async () => {
      const { code } = await promo({ percentOff: 10 });
      const buyer = await customer(t.app, 'Ten Off Buyer');
      const b = await hold(buyer, 3);
      expect(b.payableAmount).toBe(60);
      // A hold has paid nothing yet.
      expect(await bookingOf(buyer, b._id)).toMatchObject({ payableAmount: 60, paidAmount: null });
      const res = await order(buyer, [b], code);
      expect(res.json().data).toMatchObject({ totalPayableAmount: 54, discount: 6 });
      await pay(res.json().data.payment_url);

      expect(await bookingOf(buyer, b._id)).toMatchObject({ payableAmount: 60, paidAmount: 54, paymentStatus: 'paid' });
      const listed = (await t.app.inject({ url: `/api/bookings/user/${buyer.id}`, headers: buyer.auth })).json().data;
      expect(listed.find((x: { _id: string }) => x._id === b._id)).toMatchObject({ paidAmount: 54 });

      const cancelled = await t.app.inject({ method: 'DELETE', url: `/api/bookings/${b._id}`, headers: buyer.auth });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json().data).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', paidAmount: 54, refundedAmount: 54, refundState: 'refunded' });
      const [cancelMail] = await mailsTo(buyer, 'booking_cancelled');
      expect(cancelMail!.text_body).toContain('Your $54.00 will be refunded in full to the card you paid with.');
      expect(cancelMail!.text_body).not.toContain('$60.00');
      // The cancellation told the refund: no second message about it.
      expect(await mailsTo(buyer, 'refund_completed')).toEqual([]);
    });

    it('two bookings of one order each read their share of the discount, adding up to the charge, and staff refunds give back exactly that', async () => {
      // $20 + $30 = $50, $5 off: $2 on the first, $3 on the second.
      const { code } = await promo({ amountOff: 5 });
      const buyer = await customer(t.app, 'Two Court Buyer');
      const a = await hold(buyer);
      const b = await hold(buyer, 1, otherCourt);
      const res = await order(buyer, [a, b], code);
      const { orderId, payment_url: url } = res.json().data;
      await pay(url);
      const [paidA, paidB] = [await bookingOf(buyer, a._id), await bookingOf(buyer, b._id)];
      expect([paidA.paidAmount, paidB.paidAmount]).toEqual([18, 27]);
      expect(paidA.paidAmount + paidB.paidAmount).toBe((await orderRow(orderId)).amount_cents / 100);

      const refunded = await t.app.inject({ method: 'POST', url: `/api/admin/payments/${orderId}/refund`, headers: staff.auth });
      expect(refunded.statusCode, refunded.body).toBe(200);
      for (const id of [a._id, b._id]) {
        const after = await bookingOf(buyer, id);
        expect(after).toMatchObject({ paymentStatus: 'refunded', refundState: 'refunded' });
        expect(after.refundedAmount).toBe(after.paidAmount);
      }
      const subjects = (await mailsTo(buyer, 'refund_completed')).map((m) => m.subject).sort();
      expect(subjects.map((s) => /^Refund of (\S+) sent/.exec(s)?.[1])).toEqual(['$18.00', '$27.00']);
    });

    it('a booking paid without a code reads its price as paid', async () => {
      const buyer = await customer(t.app);
      const b = await hold(buyer);
      await pay((await order(buyer, [b])).json().data.payment_url);
      expect(await bookingOf(buyer, b._id)).toMatchObject({ payableAmount: 20, paidAmount: 20 });
    });
  });
});

describe('promo codes with Stripe: the session charges the discounted amount', () => {
  let stub: StripeStub;
  let t: TestApp;

  beforeAll(async () => {
    stub = await new StripeStub().start();
    t = await createTestApp({ env: stub.env(), clockStart: START });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await stub?.stop();
  });

  it('one line per booking, each less its share of the discount, adding up to the order', async () => {
    const staff = await admin(t.app);
    const court = await facility(t.app, staff, { pricePerHour: 20 });
    const made = await t.app.inject({ method: 'POST', url: '/api/admin/promo-codes', headers: staff.auth, payload: { code: 'STRIPE-TEN', percentOff: 10 } });
    expect(made.statusCode).toBe(201);
    const buyer = await customer(t.app);
    const a = await book(t.app, buyer, court._id, '2027-03-03', '08:00', '09:00');
    const b = await book(t.app, buyer, court._id, '2027-03-03', '10:00', '12:00');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order/create',
      headers: buyer.auth,
      payload: { totalPayableAmount: 60, bookingIds: [{ bookingId: a._id }, { bookingId: b._id }], promoCode: 'stripe-ten' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ totalPayableAmount: 54, discount: 6, promoCode: 'STRIPE-TEN' });
    const call = stub.requests.find((r) => r.path === '/v1/checkout/sessions' && r.form['metadata[order_id]'] === res.json().data.orderId)!;
    const amounts = [0, 1].map((i) => Number(call.form[`line_items[${i}][price_data][unit_amount]`]));
    expect(amounts.reduce((s, c) => s + c, 0)).toBe(5400);
    expect(amounts.sort((x, y) => x - y)).toEqual([1800, 3600]);
    expect(call.form['line_items[0][price_data][product_data][name]']).toContain('promo code STRIPE-TEN');
  });
});

// Real concurrency needs real connections: PGlite serves one at a time, so there it would prove nothing.
describeOnPostgres('promo code race over real HTTP on PostgreSQL', () => {
  const RACERS = 10;
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp({ clockStart: START });
    base = await listenLocally(t.app);
  }, 60_000);
  afterAll(() => t?.close());

  it(`a code with 1 use left and ${RACERS} simultaneous checkouts by different customers: exactly 1 order carries it`, async () => {
    const staff = await admin(t.app);
    const court = await facility(t.app, staff, { pricePerHour: 20 });
    const made = await t.app.inject({ method: 'POST', url: '/api/admin/promo-codes', headers: staff.auth, payload: { code: 'LAST-ONE', amountOff: 5, maxUses: 2 } });
    const promoId = made.json().id as string;
    // One use already paid for: one left.
    const early = await customer(t.app, 'Early Bird');
    const first = await book(t.app, early, court._id, '2027-03-02', '08:00', '09:00');
    const paid = await t.app.inject({ method: 'POST', url: '/api/order/create', headers: early.auth, payload: { totalPayableAmount: 20, bookingIds: [{ bookingId: first._id }], promoCode: 'LAST-ONE' } });
    const page = await t.app.inject({ url: paid.json().data.payment_url });
    const signature = /name="signature" value="([0-9a-f]+)"/.exec(page.body)![1]!;
    await t.app.inject({ method: 'POST', url: `${paid.json().data.payment_url}/confirm`, payload: { signature } });

    const racers: { actor: Actor; bookingId: string }[] = [];
    // Sequential on purpose: every sign-up hashes a password (argon2id, 19 MiB).
    for (let i = 0; i < RACERS; i++) {
      const actor = await customer(t.app, `Racer ${i}`);
      const b = await book(t.app, actor, court._id, '2027-03-03', `${String(8 + i).padStart(2, '0')}:00`, `${String(9 + i).padStart(2, '0')}:00`);
      racers.push({ actor, bookingId: b._id });
    }
    // The test holds the code's row while the checkouts arrive, so all of them are inside their
    // transactions at once when it lets go (a checkout that did not lock the row before counting
    // would count now, and stop only at its insert, whose foreign key check needs the row too).
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    const holder = t.database.db.transaction().execute(async (trx) => {
      await sql`SELECT id FROM promo_codes WHERE id = ${promoId} FOR UPDATE`.execute(trx);
      held();
      await released;
    });
    await holding;
    const pending = race(racers.map(({ actor, bookingId }) => async () => {
      const res = await fetch(`${base}/api/order/create`, {
        method: 'POST',
        headers: { ...actor.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ totalPayableAmount: 20, bookingIds: [{ bookingId }], promoCode: 'last-one' }),
      });
      return { status: res.status, body: (await res.json()) as { code?: string; message: string; data?: { promoCode: string } } };
    }));
    await eventually(async () => expect(await lockWaiters(t.database.db)).toBe(RACERS), 15_000);
    release();
    await holder;
    const results = await pending;

    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array(RACERS - 1).fill(400)]);
    for (const r of results.filter((x) => x.status === 400)) {
      expect(r.body).toMatchObject({ code: 'PROMO_INVALID', message: 'Promo code LAST-ONE has been used up.' });
    }
    expect(results.find((r) => r.status === 201)!.body.data).toMatchObject({ promoCode: 'LAST-ONE' });
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM orders WHERE promo_code_id = ${promoId}`.execute(t.database.db);
    expect(rows[0]!.n).toBe(2);
  }, 120_000);
});
