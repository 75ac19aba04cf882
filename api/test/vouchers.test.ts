import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VOUCHER_ALPHABET } from '@courtside/domain';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, customer, providerPays, staffMember, type Actor } from './support/actors.ts';
import { mailsTo, onlyMail } from './support/outbox.ts';
import { useStripeApp, type StripeApp } from './support/stripe-app.ts';
import { deliver, stripeEvent } from './support/stripe-stub.ts';
import { voucherCodeHash } from '../src/shared/voucher-codes.ts';

// Clock: 2027-03-01T15:00Z = 10:00 on 1 March in New York, the venue's zone (DEFAULT_TIMEZONE).
const START = '2027-03-01T15:00:00Z';
const CODE = /^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/;

type Res = Awaited<ReturnType<TestApp['app']['inject']>>;

describe('gift vouchers', () => {
  let t: TestApp;
  let owner: Actor;

  beforeAll(async () => {
    t = await createTestApp({ clockStart: START });
    owner = await admin(t.app, 'Olive Owner');
  }, 60_000);
  afterAll(() => t?.close());
  beforeEach(() => t.clock.set(START));

  const adminCall = (who: Actor, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/admin/vouchers${url}`, headers: who.auth, ...(payload ? { payload } : {}) });

  /** A voucher made by the owner; answers its record with the code. */
  async function made(body: Record<string, unknown>) {
    const res = await adminCall(owner, 'POST', '', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; code: string; codeHint: string; value: number; expiresAt: string | null };
  }

  const redeem = (who: Actor, code: string) => t.app.inject({ method: 'POST', url: '/api/wallet/redeem', headers: who.auth, payload: { code } });

  const refused = (res: Res, status: number, code: string) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ success: false, code });
    return res.json();
  };

  const ledgerOf = (userId: string) => t.database.db.selectFrom('wallet_entries').select(['kind', 'amount_cents', 'voucher_id', 'reason']).where('user_id', '=', userId).orderBy('seq').execute();
  const balanceOf = async (userId: string) => (await t.database.db.selectFrom('wallets').select('balance_cents').where('user_id', '=', userId).executeTakeFirst())?.balance_cents ?? 0;

  describe('back office: /api/admin/vouchers', () => {
    it('makes a voucher whose code is answered once, stored only as its SHA-256 and last four, and audited without it', async () => {
      const v = await made({ value: 25, expiresAt: '2027-12-31' });
      expect(v).toEqual({
        id: expect.any(String), code: expect.stringMatching(CODE), codeHint: v.code.slice(-4), value: 25, expiresAt: '2027-12-31',
        createdByName: 'Olive Owner', orderId: null, recipientEmail: null, redeemedByName: null, redeemedAt: null, createdAt: '2027-03-01T15:00:00.000Z',
      });
      const row = await t.database.db.selectFrom('vouchers').selectAll().where('id', '=', v.id).executeTakeFirstOrThrow();
      expect(row.code_hash).toBe(voucherCodeHash(v.code));
      expect(row.code_hint).toBe(v.codeHint);
      expect(row.value_cents).toBe(2500);
      // The end of 31 December in New York.
      expect(row.expires_at!.toISOString()).toBe('2028-01-01T05:00:00.000Z');
      expect(JSON.stringify(row)).not.toContain(v.code.replace(/-/g, ''));

      const audit = await t.database.db.selectFrom('audit_log').select(['actor_id', 'summary', 'detail']).where('action', '=', 'voucher-create').where('subject_id', '=', v.id).execute();
      expect(audit).toEqual([{ actor_id: owner.id, summary: `Created gift voucher …${v.codeHint} worth $25.00`, detail: { value: 25, expiresAt: '2027-12-31' } }]);
      expect(JSON.stringify(audit)).not.toContain(v.code.replace(/-/g, ''));
    });

    it('codes are 16 characters of the alphabet, different each time', async () => {
      const codes = await Promise.all([1, 2, 3, 4, 5].map(() => made({ value: 5 })));
      const plain = codes.map((c) => c.code.replace(/-/g, ''));
      expect(new Set(plain).size).toBe(5);
      for (const c of plain) expect([...c].every((ch) => VOUCHER_ALPHABET.includes(ch))).toBe(true);
      expect(codes.every((c) => c.expiresAt === null)).toBe(true);
    });

    it('lists and reads vouchers without their codes, filtered by redeemed and by the hint', async () => {
      const kept = await made({ value: 40 });
      const used = await made({ value: 15 });
      const buyer = await customer(t.app, 'Riley Redeemer');
      expect((await redeem(buyer, used.code)).statusCode).toBe(200);

      const all = await adminCall(owner, 'GET', '?range=[0,499]');
      expect(all.statusCode, all.body).toBe(200);
      expect(all.headers['content-range']).toMatch(/^vouchers 0-\d+\/\d+$/);
      expect(all.body).not.toContain(kept.code);
      expect(all.body).not.toContain(kept.code.replace(/-/g, ''));
      expect(all.json().every((v: object) => !('code' in v))).toBe(true);

      const redeemed = (await adminCall(owner, 'GET', `?filter=${encodeURIComponent(JSON.stringify({ redeemed: true }))}&range=[0,499]`)).json() as { id: string; redeemedByName: string | null }[];
      expect(redeemed.map((v) => v.id)).toContain(used.id);
      expect(redeemed.map((v) => v.id)).not.toContain(kept.id);
      expect(redeemed.find((v) => v.id === used.id)!.redeemedByName).toBe('Riley Redeemer');
      const open = (await adminCall(owner, 'GET', `?filter=${encodeURIComponent(JSON.stringify({ redeemed: false }))}&range=[0,499]`)).json() as { id: string }[];
      expect(open.map((v) => v.id)).toContain(kept.id);
      expect(open.map((v) => v.id)).not.toContain(used.id);

      const byHint = (await adminCall(owner, 'GET', `?filter=${encodeURIComponent(JSON.stringify({ q: `…${kept.codeHint.toLowerCase()}` }))}`)).json() as { id: string; codeHint: string }[];
      expect(byHint.map((v) => v.id)).toContain(kept.id);
      expect(byHint.every((v) => v.codeHint.includes(kept.codeHint))).toBe(true);

      const one = await adminCall(owner, 'GET', `/${used.id}`);
      expect(one.statusCode).toBe(200);
      expect(one.json()).toMatchObject({ id: used.id, value: 15, redeemedByName: 'Riley Redeemer', redeemedAt: '2027-03-01T15:00:00.000Z' });
      expect(one.json()).not.toHaveProperty('code');
      refused(await adminCall(owner, 'GET', '/00000000-0000-0000-0000-000000000000'), 404, 'NOT_FOUND');
    });

    it('refuses a value that is not money, and a last day before today, naming the field', async () => {
      expect(refused(await adminCall(owner, 'POST', '', { value: 0 }), 400, 'INVALID_AMOUNT').errorMessages[0].path).toBe('value');
      expect(refused(await adminCall(owner, 'POST', '', { value: 10.005 }), 400, 'INVALID_AMOUNT').errorMessages[0].path).toBe('value');
      expect(refused(await adminCall(owner, 'POST', '', { value: 10, expiresAt: '2027-02-28' }), 400, 'IN_THE_PAST').errorMessages[0].path).toBe('expiresAt');
      expect((await adminCall(owner, 'POST', '', { value: 10, expiresAt: '2027-03-01' })).statusCode).toBe(201);
    });

    it('desk staff may look vouchers up but not make them; a manager may; customers may do neither', async () => {
      const desk = await staffMember(t.app, 'desk');
      expect((await adminCall(desk, 'POST', '', { value: 10 })).statusCode).toBe(403);
      expect((await adminCall(desk, 'GET', '')).statusCode).toBe(200);
      expect((await adminCall(await staffMember(t.app, 'manager'), 'POST', '', { value: 10 })).statusCode).toBe(201);
      const someone = await customer(t.app);
      expect((await adminCall(someone, 'POST', '', { value: 10 })).statusCode).toBe(403);
      expect((await adminCall(someone, 'GET', '')).statusCode).toBe(403);
    });
  });

  describe('redeeming: POST /api/wallet/redeem', () => {
    it('credits the wallet once, in any case and with or without dashes; a second try by anyone is 409 VOUCHER_REDEEMED', async () => {
      const v = await made({ value: 30 });
      const casey = await customer(t.app);
      const res = await redeem(casey, ` ${v.code.toLowerCase().replace(/-/g, ' ')} `);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ credited: 30, balance: 30 });
      expect(await ledgerOf(casey.id)).toEqual([{ kind: 'voucher', amount_cents: 3000, voucher_id: v.id, reason: `Gift voucher …${v.codeHint} redeemed` }]);

      refused(await redeem(casey, v.code), 409, 'VOUCHER_REDEEMED');
      const other = await customer(t.app);
      refused(await redeem(other, v.code), 409, 'VOUCHER_REDEEMED');
      expect(await balanceOf(casey.id)).toBe(3000);
      expect(await balanceOf(other.id)).toBe(0);

      // A second voucher adds to the balance.
      const w = await made({ value: 12.5 });
      expect((await redeem(casey, w.code)).json().data).toEqual({ credited: 12.5, balance: 42.5 });
    });

    it('a code of the wrong shape is 400 and an unknown one 404, both VOUCHER_INVALID naming code', async () => {
      const casey = await customer(t.app);
      for (const typed of ['ABC', 'ABCD-EFGH-JKLM-NPQ1', 'ABCD-EFGH-JKLM-NPQRS']) {
        expect(refused(await redeem(casey, typed), 400, 'VOUCHER_INVALID').errorMessages[0].path).toBe('code');
      }
      expect(refused(await redeem(casey, 'ABCD-EFGH-JKLM-NPQR'), 404, 'VOUCHER_INVALID').errorMessages[0].path).toBe('code');
      expect(await ledgerOf(casey.id)).toEqual([]);
    });

    it('redeemable through its last day on the venue calendar, 409 VOUCHER_EXPIRED after it', async () => {
      const v = await made({ value: 20, expiresAt: '2027-03-10' });
      const w = await made({ value: 20, expiresAt: '2027-03-10' });
      const casey = await customer(t.app);
      // 23:59 on 10 March in New York.
      t.clock.set('2027-03-11T04:59:00Z');
      expect((await redeem(casey, v.code)).statusCode).toBe(200);
      t.clock.set('2027-03-11T05:00:00Z');
      const body = refused(await redeem(casey, w.code), 409, 'VOUCHER_EXPIRED');
      expect(body.message).toMatch(/March 10, 2027/);
      expect(await balanceOf(casey.id)).toBe(2000);
      expect((await adminCall(owner, 'GET', `/${w.id}`)).json()).toMatchObject({ redeemedAt: null, expiresAt: '2027-03-10' });
    });

    it('unknown codes are limited per account: past the limit every try is 429 with Retry-After, known codes do not count', async () => {
      const guesser = await customer(t.app);
      const v = await made({ value: 5 });
      const max = t.config.promoMaxGuesses;
      // Known codes (redeemed or not) give their try back.
      expect((await redeem(guesser, v.code)).statusCode).toBe(200);
      refused(await redeem(guesser, v.code), 409, 'VOUCHER_REDEEMED');
      for (let i = 0; i < max; i++) refused(await redeem(guesser, `ABCD-EFGH-JKLM-NPQ${VOUCHER_ALPHABET[i]}`), 404, 'VOUCHER_INVALID');
      const w = await made({ value: 5 });
      const blocked = refused(await redeem(guesser, w.code), 429, 'TOO_MANY_REQUESTS');
      expect(blocked.message).toMatch(/Too many voucher codes/);
      const wait = Number((await redeem(guesser, w.code)).headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(t.config.promoWindowMinutes * 60);
      // Another account is not slowed by it; this one may try again once the window has passed.
      expect((await redeem(await customer(t.app), (await made({ value: 1 })).code)).statusCode).toBe(200);
      t.clock.advance(wait * 1000);
      expect((await redeem(guesser, w.code)).statusCode).toBe(200);
    });

    it('signed-out callers are 401', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/wallet/redeem', payload: { code: 'ABCD-EFGH-JKLM-NPQR' } });
      expect(res.statusCode).toBe(401);
    });
  });
  describe('buying one online: POST /api/vouchers/purchase (sandbox)', () => {
    const purchase = (who: Actor, payload: object) => t.app.inject({ method: 'POST', url: '/api/vouchers/purchase', headers: who.auth, payload });

    /** Opens the sandbox page and presses Pay, as its form does. */
    async function payOnSandbox(url: string) {
      const page = await t.app.inject({ url });
      const signature = /name="signature" value="([0-9a-f]+)"/.exec(page.body)![1]!;
      const paid = await t.app.inject({ method: 'POST', url: `${url}/confirm`, payload: { signature } });
      expect(paid.statusCode).toBe(303);
      return page;
    }

    const sealedOf = (recipient: string, kind: string) =>
      t.database.db.selectFrom('outbox_messages').select(['text_body', 'html_body', 'sealed_body']).where('recipient', '=', recipient).where('kind', '=', kind).executeTakeFirstOrThrow();
    const codeIn = (text: string) => /Your voucher code: ([A-Z0-9]{4}(?:-[A-Z0-9]{4}){3})|Voucher code: ([A-Z0-9]{4}(?:-[A-Z0-9]{4}){3})/.exec(text)?.slice(1).find(Boolean);

    it('a gift for someone else: paid on the hosted page, the code emailed (sealed) to the recipient only, redeemed by their account; a payment reported twice issues one', async () => {
      const buyer = await customer(t.app, 'Bea Buyer');
      const friend = await customer(t.app, 'Finn Friend');
      const res = await purchase(buyer, { amount: 60, recipientEmail: friend.email });
      expect(res.statusCode, res.body).toBe(201);
      const { orderId, payment_url } = res.json().data as { orderId: string; payment_url: string };
      const order = await t.database.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
      expect(order).toMatchObject({ kind: 'voucher', status: 'pending', amount_cents: 6000, gift_recipient_email: friend.email, user_id: buyer.id });
      // Nothing is issued before the provider confirms payment.
      expect(await t.database.db.selectFrom('vouchers').select('id').where('order_id', '=', orderId).execute()).toEqual([]);

      const page = await payOnSandbox(payment_url);
      expect(page.body).toContain(`Gift voucher of $60.00 for ${friend.email}`);
      t.clock.advance(60_000);
      expect(await providerPays(t.app, orderId, `again:${orderId}`)).toBe('already-settled');

      const issued = await t.database.db.selectFrom('vouchers').selectAll().where('order_id', '=', orderId).execute();
      expect(issued).toHaveLength(1);
      // VOUCHER_VALID_DAYS (365) from 1 March 2027, to the end of that day in New York.
      expect(issued[0]).toMatchObject({ value_cents: 6000, created_by: null, recipient_email: friend.email, expires_at: new Date('2028-03-01T05:00:00Z') });

      const toFriend = await sealedOf(friend.email, 'voucher_received');
      const code = codeIn(toFriend.sealed_body!.text)!;
      expect(code).toMatch(CODE);
      expect(voucherCodeHash(code)).toBe(issued[0]!.code_hash);
      expect(toFriend.sealed_body!.text).toContain('Bea sent you a gift voucher for $60.00');
      expect(toFriend.sealed_body!.html).toContain(code);
      // Staff's copy (the back office's Emails) hides it.
      expect(toFriend.text_body).toContain('[voucher code sent to the customer; hidden]');
      for (const body of [toFriend.text_body, toFriend.html_body]) expect(body).not.toContain(code);

      const receipt = await sealedOf(buyer.email, 'voucher_purchased');
      expect(receipt.sealed_body).toBeNull();
      expect(receipt.text_body).toContain(`We emailed its code to ${friend.email}, and only to them`);
      expect(receipt.text_body).not.toContain(code);
      const kinds = async (email: string) => (await mailsTo(t.database.db, email)).map((m) => m.kind).filter((k) => k !== 'welcome');
      expect(await kinds(buyer.email)).toEqual(['voucher_purchased']);
      expect(await kinds(friend.email)).toEqual(['voucher_received']);

      const redeemed = await redeem(friend, code);
      expect(redeemed.statusCode, redeemed.body).toBe(200);
      expect(redeemed.json().data).toEqual({ credited: 60, balance: 60 });
      expect(await balanceOf(buyer.id)).toBe(0);

      const listed = (await adminCall(owner, 'GET', `/${issued[0]!.id}`)).json();
      expect(listed).toMatchObject({ orderId, recipientEmail: friend.email, createdByName: null, redeemedByName: 'Finn Friend', value: 60, expiresAt: '2028-02-29' });
    });

    it('for themselves (no recipient, or their own address): one receipt carrying the code', async () => {
      const buyer = await customer(t.app, 'Sol Self');
      for (const payload of [{ amount: 25 }, { amount: 30, recipientEmail: buyer.email.toUpperCase() }]) {
        const res = await purchase(buyer, payload);
        expect(res.statusCode, res.body).toBe(201);
        await payOnSandbox(res.json().data.payment_url);
      }
      const mails = await t.database.db.selectFrom('outbox_messages').select(['kind', 'recipient', 'text_body', 'sealed_body']).where('kind', 'in', ['voucher_purchased', 'voucher_received']).where((eb) => eb(eb.fn('lower', ['recipient']), '=', buyer.email.toLowerCase())).execute();
      expect(mails.map((m) => m.kind)).toEqual(['voucher_purchased', 'voucher_purchased']);
      const codes = mails.map((m) => codeIn(m.sealed_body!.text)!);
      for (const [i, m] of mails.entries()) expect(m.text_body).not.toContain(codes[i]);
      expect((await redeem(buyer, codes[0]!)).json().data).toEqual({ credited: 25, balance: 25 });
      expect((await redeem(buyer, codes[1]!)).json().data).toEqual({ credited: 30, balance: 55 });
    });

    it('the amount must be within VOUCHER_MIN and VOUCHER_MAX, in cents; a recipient must be an email address', async () => {
      const buyer = await customer(t.app);
      const { voucherMinCents, voucherMaxCents } = t.config.wallet;
      for (const amount of [voucherMinCents / 100 - 1, voucherMaxCents / 100 + 1, 20.001, -5]) {
        expect(refused(await purchase(buyer, { amount }), 400, 'INVALID_AMOUNT').errorMessages[0].path).toBe('amount');
      }
      expect((await purchase(buyer, { amount: 20, recipientEmail: 'not an address' })).statusCode).toBe(400);
      expect((await purchase(buyer, { amount: voucherMinCents / 100 })).statusCode).toBe(201);
      expect((await purchase(buyer, { amount: voucherMaxCents / 100 })).statusCode).toBe(201);
      expect((await t.app.inject({ method: 'POST', url: '/api/vouchers/purchase', payload: { amount: 20 } })).statusCode).toBe(401);
    });
  });
});

describe('gift vouchers paid through Stripe: the webhook issues one, however often it comes', () => {
  let s: StripeApp;
  useStripeApp(START, (setup) => (s = setup));

  it('completed delivered twice, and again as async_payment_succeeded: one voucher, one set of emails', async () => {
    const res = await s.t.app.inject({ method: 'POST', url: '/api/vouchers/purchase', headers: s.casey.auth, payload: { amount: 40, recipientEmail: s.dana.email } });
    expect(res.statusCode, res.body).toBe(201);
    const { orderId } = res.json().data as { orderId: string };
    const session = [...s.stub.sessions.values()].find((x) => x.metadata.order_id === orderId)!;
    const event = stripeEvent('checkout.session.completed', s.stub.pay(session.id));
    expect((await deliver(s.t.app, event)).json().data.outcome).toBe('applied');
    expect((await deliver(s.t.app, event)).json().data.outcome).toBe('duplicate');
    await deliver(s.t.app, stripeEvent('checkout.session.async_payment_succeeded', s.stub.pay(session.id)));
    expect(await s.t.database.db.selectFrom('vouchers').select('value_cents').where('order_id', '=', orderId).execute()).toEqual([{ value_cents: 4000 }]);
    await onlyMail(s.t.database.db, s.dana.email, 'voucher_received');
    await onlyMail(s.t.database.db, s.casey.email, 'voucher_purchased');
  });
});
