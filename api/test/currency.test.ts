import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, book, bookAndPay, createOrder, customer, facility, postOrder, type Actor } from './support/actors.ts';
import { StripeStub, deliver, openStripeCheckout, stripeEvent } from './support/stripe-stub.ts';

const START = '2027-03-01T15:00:00Z';
const EURO_ENV = { CURRENCY: 'EUR', LOCALE: 'de-DE' };
/** German style puts a no-break space before the sign. */
const euros = (text: string) => `${text}\u00a0€`;

/** The configured currency and locale reach every client: browsers, customers' mail, hosted payment pages and Stripe. */
describe('CURRENCY=EUR and LOCALE=de-DE', () => {
  describe('with the offline sandbox', () => {
    let t: TestApp;
    let staff: Actor;
    let casey: Actor;
    let court: { _id: string; name: string };
    const messagesTo = (email: string) => t.database.db.selectFrom('outbox_messages').select(['subject', 'text_body', 'html_body']).where('recipient', '=', email).execute();

    beforeAll(async () => {
      t = await createTestApp({ env: EURO_ENV, clockStart: START });
      staff = await admin(t.app);
      casey = await customer(t.app, 'Casey Customer');
      court = await facility(t.app, staff, { pricePerHour: 20 });
    });
    beforeEach(() => t.clock.set(START));
    afterAll(() => t?.close());

    it('the public settings answer carries them, for the site and the back office', async () => {
      const res = await t.app.inject({ url: '/api/settings' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ currency: 'EUR', locale: 'de-DE' });
    });

    it('the confirmation email and the hosted payment page show euros', async () => {
      const hold = await book(t.app, casey, court._id, '2027-03-03', '08:00', '11:00');
      const { paymentUrl } = await createOrder(t.app, casey, [hold._id], 60);
      const page = await t.app.inject({ url: paymentUrl });
      expect(page.body).toContain(`Pay ${euros('60,00')}`);
      expect(page.body).not.toContain('$');

      await bookAndPay(t.app, casey, court._id, '2027-03-04', '10:00', '12:00');
      const confirmed = (await messagesTo(casey.email)).find((m) => m.subject.startsWith('Booking confirmed'));
      expect(confirmed?.text_body).toContain(`Paid: ${euros('40,00')}`);
      expect(confirmed?.html_body).toContain(`Paid: ${euros('40,00')}`);
      expect(confirmed?.text_body).not.toContain('$');
    });

    it('a refused total names our price in euros', async () => {
      const hold = await book(t.app, casey, court._id, '2027-03-05', '08:00', '09:00');
      const res = await postOrder(t.app, casey, [hold._id], 1);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'PRICE_MISMATCH' });
      expect(res.json().message).toContain(`(${euros('20,00')})`);
    });
  });

  describe('with Stripe (a local stub)', () => {
    let stub: StripeStub;
    let t: TestApp;
    let casey: Actor;
    let court: { _id: string };

    beforeAll(async () => {
      stub = await new StripeStub().start();
      t = await createTestApp({ env: { ...stub.env(), ...EURO_ENV }, clockStart: START });
      const staff = await admin(t.app);
      casey = await customer(t.app, 'Casey Customer');
      court = await facility(t.app, staff, { pricePerHour: 20 });
    });
    afterAll(async () => {
      await t?.close();
      await stub?.stop();
    });

    it('the Checkout Session asks for eur, in cents, and the payment email shows euros', async () => {
      const a = await book(t.app, casey, court._id, '2027-03-03', '08:00', '09:00');
      const b = await book(t.app, casey, court._id, '2027-03-03', '10:00', '12:00');
      const { orderId, session } = await openStripeCheckout(t.app, stub, casey, [a._id, b._id], 60);
      const call = stub.calls('POST', '/v1/checkout/sessions').at(-1)!;
      expect(call.form).toMatchObject({
        'line_items[0][price_data][currency]': 'eur',
        'line_items[0][price_data][unit_amount]': '2000',
        'line_items[1][price_data][currency]': 'eur',
        'line_items[1][price_data][unit_amount]': '4000',
      });
      expect(session).toMatchObject({ currency: 'eur', amount_total: 6000 });

      const res = await deliver(t.app, stripeEvent('checkout.session.completed', stub.pay(session.id)));
      expect(res.statusCode, res.body).toBe(200);
      const order = await t.database.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow();
      expect(order.status).toBe('paid');
      const mail = await t.database.db.selectFrom('outbox_messages').select(['subject', 'text_body']).where('recipient', '=', casey.email).execute();
      const confirmations = mail.filter((m) => m.subject.startsWith('Booking confirmed'));
      expect(confirmations.map((m) => m.text_body.match(/Paid: .*/)?.[0]).sort()).toEqual([`Paid: ${euros('20,00')}`, `Paid: ${euros('40,00')}`]);
    });
  });
});
