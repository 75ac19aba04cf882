import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, customer, providerPays, staffMember, type Actor } from './support/actors.ts';
import { mailsTo, onlyMail } from './support/outbox.ts';
import { useStripeApp, type StripeApp } from './support/stripe-app.ts';
import { deliver, stripeEvent } from './support/stripe-stub.ts';
import type { App } from '../src/app.ts';

// Clock: 2027-03-01T15:00Z = 10:00 on 1 March in New York, the venue's zone (DEFAULT_TIMEZONE).
const START = '2027-03-01T15:00:00Z';
const MINUTE = 60_000;
const DAY = 86_400_000;

type Pack = { id: string; name: string; price: number; credit: number; bonus: number; bonusExpiresDays: number | null; active: boolean };

const packCall = (app: App, actor: Actor, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url = '', payload?: object) =>
  app.inject({ method, url: `/api/admin/credit-packs${url}`, headers: actor.auth, ...(payload ? { payload } : {}) });

let packs = 0;
async function createPack(app: App, actor: Actor, terms: Partial<Pack> & { price: number; credit: number }): Promise<Pack> {
  const res = await packCall(app, actor, 'POST', '', { name: `Pack ${++packs}`, ...terms });
  if (res.statusCode !== 201) throw new Error(`pack failed: ${res.statusCode} ${res.body}`);
  return res.json() as Pack;
}

const topUp = (app: App, actor: Actor, packId: string) => app.inject({ method: 'POST', url: '/api/wallet/top-up', headers: actor.auth, payload: { packId } });

async function orderTopUp(app: App, actor: Actor, packId: string): Promise<{ orderId: string; payment_url: string }> {
  const res = await topUp(app, actor, packId);
  if (res.statusCode !== 201) throw new Error(`top-up failed: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

const ledger = (t: TestApp, userId: string) =>
  t.database.db.selectFrom('wallet_entries').select(['kind', 'amount_cents', 'expires_at', 'order_id', 'staff_id', 'reason']).where('user_id', '=', userId).orderBy('seq').execute();
const balance = async (t: TestApp, userId: string) =>
  (await t.database.db.selectFrom('wallets').select('balance_cents').where('user_id', '=', userId).executeTakeFirst())?.balance_cents ?? 0;
const orderRow = (t: TestApp, id: string) => t.database.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('credit packs and online top-ups (sandbox)', () => {
  let t: TestApp;
  let owner: Actor;

  beforeAll(async () => {
    t = await createTestApp({ clockStart: START });
    owner = await admin(t.app);
  }, 60_000);
  afterAll(() => t?.close());
  beforeEach(() => t.clock.set(START));

  const signatures = new Map<string, string>();
  /** Opens the sandbox page of an order and presses Pay (as the form it showed when it was open posts it); answers where it sends the browser. */
  async function payOnSandbox(url: string) {
    const page = await t.app.inject({ url });
    const shown = /name="signature" value="([0-9a-f]+)"/.exec(page.body)?.[1];
    if (shown) signatures.set(url, shown);
    const paid = await t.app.inject({ method: 'POST', url: `${url}/confirm`, payload: { signature: signatures.get(url) ?? '' } });
    return { page, paid };
  }

  it('staff define packs; the terms are checked, naming the field', async () => {
    const gold = await createPack(t.app, owner, { name: 'Gold', price: 100, credit: 110, bonusExpiresDays: 180 });
    expect(gold).toMatchObject({ name: 'Gold', price: 100, credit: 110, bonus: 10, bonusExpiresDays: 180, active: true });
    const refusals = [
      [{ price: 0, credit: 10 }, 'price'],
      [{ price: 50, credit: 40 }, 'credit'],
      [{ price: 50, credit: 50, bonusExpiresDays: 30 }, 'bonusExpiresDays'],
      [{ price: 10.001, credit: 20 }, 'price'],
    ] as const;
    for (const [terms, field] of refusals) {
      const res = await packCall(t.app, owner, 'POST', '', { name: 'Bad', ...terms });
      expect(res.statusCode, JSON.stringify(terms)).toBe(400);
      expect(res.json().field ?? res.json().details?.field ?? res.body).toContain(field);
    }
    const edited = await packCall(t.app, owner, 'PUT', `/${gold.id}`, { name: 'Gold', price: 100, credit: 115, bonusExpiresDays: 90 });
    expect(edited.json()).toMatchObject({ credit: 115, bonus: 15, bonusExpiresDays: 90 });
    expect((await packCall(t.app, owner, 'GET', `/${gold.id}`)).json()).toMatchObject({ credit: 115 });
    const list = await packCall(t.app, owner, 'GET', '?_start=0&_end=50&q=gold');
    expect(list.headers['content-range']).toMatch(/^credit-packs 0-\d+\/\d+$/);
    expect((list.json() as Pack[]).map((p) => p.id)).toContain(gold.id);
  });

  it('the public list has the packs on sale, cheapest first, to anyone', async () => {
    const big = await createPack(t.app, owner, { price: 200, credit: 230 });
    const small = await createPack(t.app, owner, { price: 20, credit: 20 });
    const off = await createPack(t.app, owner, { price: 30, credit: 35, active: false });
    const res = await t.app.inject({ url: '/api/credit-packs' });
    expect(res.statusCode).toBe(200);
    const ids = (res.json().data as Pack[]).map((p) => p.id);
    expect(ids).toContain(big.id);
    expect(ids).not.toContain(off.id);
    expect(ids.indexOf(small.id)).toBeLessThan(ids.indexOf(big.id));
    const prices = (res.json().data as Pack[]).map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('a top-up pays on the hosted page; the credit and its bonus land once, when paid, as ordered', async () => {
    const casey = await customer(t.app, 'Casey Credit');
    const pack = await createPack(t.app, owner, { name: 'Silver', price: 100, credit: 110, bonusExpiresDays: 180 });
    const { orderId, payment_url } = await orderTopUp(t.app, casey, pack.id);
    // A later edit of the pack changes nothing already ordered.
    await packCall(t.app, owner, 'PUT', `/${pack.id}`, { name: 'Silver', price: 100, credit: 150, bonusExpiresDays: 10 });
    expect(await orderRow(t, orderId)).toMatchObject({ kind: 'top_up', status: 'pending', amount_cents: 10000, credit_cents: 11000, bonus_expires_days: 180, credit_pack_id: pack.id });
    expect(await ledger(t, casey.id)).toEqual([]);

    const { page, paid } = await payOnSandbox(payment_url);
    expect(page.body).toContain('Credit pack Silver: $110.00 of credit');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/payment/success?order=${orderId}`);
    t.clock.advance(MINUTE);
    // Pressed twice (a second tab, a double click): once.
    expect((await payOnSandbox(payment_url)).paid.headers.location).toBe(`/payment/success?order=${orderId}`);
    expect(await providerPays(t.app, orderId, `pay:${orderId}`)).toBe('duplicate');

    const paidAt = new Date(START);
    expect(await ledger(t, casey.id)).toEqual([
      expect.objectContaining({ kind: 'top_up', amount_cents: 10000, order_id: orderId, expires_at: null, reason: 'Credit pack Silver: $110.00 of credit' }),
      expect.objectContaining({ kind: 'bonus', amount_cents: 1000, order_id: orderId, expires_at: new Date(paidAt.getTime() + 180 * DAY) }),
    ]);
    expect(await balance(t, casey.id)).toBe(11000);
    const mail = await onlyMail(t.database.db, casey.email, 'wallet_topped_up');
    expect(mail.subject).toContain('$110.00 of credit added');
    expect(mail.text_body).toContain('$110.00 of credit added: $100.00 paid, $10.00 bonus, valid until Saturday, August 28, 2027; your balance is now $110.00.');

    // The payment return page: no bookings, the kind, the amount and what it bought.
    const status = await t.app.inject({ url: `/api/order/${orderId}`, headers: casey.auth });
    expect(status.statusCode).toBe(200);
    expect(status.json().data).toMatchObject({ kind: 'top_up', status: 'paid', amount: 100, description: 'Credit pack Silver: $110.00 of credit', bookings: [], closedReason: null });
    // The back office's payments.
    const payment = await t.app.inject({ url: `/api/admin/payments/${orderId}`, headers: owner.auth });
    expect(payment.json()).toMatchObject({ kind: 'top_up', status: 'paid', amount: 100, bookings: [], description: 'Credit pack Silver: $110.00 of credit' });
    const list = await t.app.inject({ url: `/api/admin/payments?_start=0&_end=10&filter=${encodeURIComponent(JSON.stringify({ userId: casey.id }))}`, headers: owner.auth });
    expect((list.json() as { id: string }[]).map((p) => p.id)).toEqual([orderId]);
  });

  it('a pack without bonus gives one entry; its credit never expires', async () => {
    const dana = await customer(t.app, 'Dana Plain');
    const pack = await createPack(t.app, owner, { price: 25, credit: 25 });
    const { orderId, payment_url } = await orderTopUp(t.app, dana, pack.id);
    expect((await payOnSandbox(payment_url)).paid.statusCode).toBe(303);
    expect(await ledger(t, dana.id)).toEqual([expect.objectContaining({ kind: 'top_up', amount_cents: 2500, order_id: orderId, expires_at: null })]);
    expect((await onlyMail(t.database.db, dana.email, 'wallet_topped_up')).text_body).toContain('$25.00 of credit added: $25.00 paid; your balance is now $25.00.');
  });

  it('the page takes money for 30 minutes; after that Pay charges nothing, and a provider that did take it still credits', async () => {
    const erin = await customer(t.app, 'Erin Late');
    const pack = await createPack(t.app, owner, { price: 40, credit: 44, bonusExpiresDays: 30 });
    const first = await orderTopUp(t.app, erin, pack.id);
    t.clock.advance(29 * MINUTE);
    const open = await t.app.inject({ url: first.payment_url });
    expect(open.body).toContain('Pay $40.00');
    signatures.set(first.payment_url, /name="signature" value="([0-9a-f]+)"/.exec(open.body)![1]!);
    t.clock.advance(2 * MINUTE);
    const { page, paid } = await payOnSandbox(first.payment_url);
    expect(page.body).toContain('no longer takes payment');
    expect(paid.headers.location).toBe(first.payment_url);
    expect(await ledger(t, erin.id)).toEqual([]);
    // The provider reports money it took before its page closed: the credit lands (there is no slot to lose).
    expect(await providerPays(t.app, first.orderId)).toBe('confirmed');
    expect(await ledger(t, erin.id)).toEqual([
      expect.objectContaining({ kind: 'top_up', amount_cents: 4000 }),
      expect.objectContaining({ kind: 'bonus', amount_cents: 400, expires_at: new Date(t.clock.now().getTime() + 30 * DAY) }),
    ]);
    expect(await orderRow(t, first.orderId)).toMatchObject({ status: 'paid' });
  });

  it('a pack nobody bought is deleted; one that was bought is withdrawn, and no longer sold', async () => {
    const fay = await customer(t.app, 'Fay Buyer');
    const unsold = await createPack(t.app, owner, { price: 10, credit: 12 });
    expect((await packCall(t.app, owner, 'DELETE', `/${unsold.id}`)).statusCode).toBe(200);
    expect((await packCall(t.app, owner, 'GET', `/${unsold.id}`)).statusCode).toBe(404);
    const sold = await createPack(t.app, owner, { price: 10, credit: 12 });
    await orderTopUp(t.app, fay, sold.id);
    expect((await packCall(t.app, owner, 'DELETE', `/${sold.id}`)).statusCode).toBe(200);
    expect((await packCall(t.app, owner, 'GET', `/${sold.id}`)).json()).toMatchObject({ active: false });
    const again = await topUp(t.app, fay, sold.id);
    expect([again.statusCode, again.json().code]).toEqual([409, 'PACK_UNAVAILABLE']);
    const unknown = await topUp(t.app, fay, '00000000-0000-4000-8000-000000000000');
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'PACK_UNAVAILABLE']);
  });

  it('only staff with the right role manage packs; buying needs an account', async () => {
    const desk = await staffMember(t.app, 'desk');
    const casey = await customer(t.app);
    expect((await packCall(t.app, desk, 'GET', '?_start=0&_end=5')).statusCode).toBe(200);
    expect((await packCall(t.app, desk, 'POST', '', { name: 'Desk pack', price: 10, credit: 10 })).statusCode).toBe(403);
    expect((await packCall(t.app, casey, 'GET', '?_start=0&_end=5')).statusCode).toBe(403);
    const pack = await createPack(t.app, owner, { price: 10, credit: 10 });
    expect((await t.app.inject({ method: 'POST', url: '/api/wallet/top-up', payload: { packId: pack.id } })).statusCode).toBe(401);
    expect(await mailsTo(t.database.db, casey.email)).not.toContainEqual(expect.objectContaining({ kind: 'wallet_topped_up' }));
  });
});

describe('top-ups paid through Stripe: the webhook credits once, in any order', () => {
  let s: StripeApp;
  useStripeApp(START, (setup) => (s = setup));

  async function stripeTopUp(actor: Actor, pack: Pack) {
    const { orderId } = await orderTopUp(s.t.app, actor, pack.id);
    const session = [...s.stub.sessions.values()].find((x) => x.metadata.order_id === orderId)!;
    return { orderId, session };
  }

  it('completed delivered twice credits once; the session lasts Stripe\'s 30 minutes and lists the pack', async () => {
    const pack = await createPack(s.t.app, s.staff, { name: 'Stripe Gold', price: 100, credit: 110, bonusExpiresDays: 180 });
    const { orderId, session } = await stripeTopUp(s.casey, pack);
    const created = s.stub.calls('POST', '/v1/checkout/sessions').at(-1)!;
    expect(JSON.stringify(created)).toContain('Credit pack Stripe Gold: $110.00 of credit');
    const event = stripeEvent('checkout.session.completed', s.stub.pay(session.id));
    expect((await deliver(s.t.app, event)).json().data.outcome).toBe('applied');
    expect((await deliver(s.t.app, event)).json().data.outcome).toBe('duplicate');
    // The same payment reported again under another event id (async_payment_succeeded): already settled.
    await deliver(s.t.app, stripeEvent('checkout.session.async_payment_succeeded', s.stub.pay(session.id)));
    expect((await ledger(s.t, s.casey.id)).filter((e) => e.order_id === orderId).map((e) => [e.kind, e.amount_cents])).toEqual([['top_up', 10000], ['bonus', 1000]]);
    expect(await orderRow(s.t, orderId)).toMatchObject({ status: 'paid', payment_ref: expect.stringMatching(/^pi_/) });
  });

  it('expired delivered before completed (out of order, late): the money was taken, so the credit lands', async () => {
    const pack = await createPack(s.t.app, s.staff, { price: 50, credit: 55, bonusExpiresDays: 60 });
    const { orderId, session } = await stripeTopUp(s.dana, pack);
    const before = await balance(s.t, s.dana.id);
    s.t.clock.advance(40 * MINUTE);
    const expired = stripeEvent('checkout.session.expired', { ...s.stub.sessions.get(session.id)!, status: 'expired' });
    const completed = stripeEvent('checkout.session.completed', s.stub.pay(session.id));
    expect((await deliver(s.t.app, expired)).statusCode).toBe(200);
    expect(await orderRow(s.t, orderId)).toMatchObject({ status: 'cancelled' });
    expect((await deliver(s.t.app, completed)).json().data.outcome).toBe('applied');
    expect((await deliver(s.t.app, completed)).json().data.outcome).toBe('duplicate');
    expect(await balance(s.t, s.dana.id)).toBe(before + 5500);
    expect(await orderRow(s.t, orderId)).toMatchObject({ status: 'paid' });
  });
});

describe('staff and a customer\'s wallet: desk top-ups and adjustments', () => {
  let t: TestApp;
  let owner: Actor;
  let manager: Actor;
  let desk: Actor;

  beforeAll(async () => {
    t = await createTestApp({ clockStart: START });
    owner = await admin(t.app);
    manager = await staffMember(t.app, 'manager', 'Mia Manager');
    desk = await staffMember(t.app, 'desk', 'Dee Desk');
  }, 60_000);
  afterAll(() => t?.close());
  beforeEach(() => t.clock.set(START));

  const wallet = (who: Actor, userId: string) => t.app.inject({ url: `/api/admin/users/${userId}/wallet`, headers: who.auth });
  const deskTopUp = (who: Actor, userId: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/admin/users/${userId}/wallet/top-up`, headers: who.auth, payload });
  const adjust = (who: Actor, userId: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/admin/users/${userId}/wallet/adjust`, headers: who.auth, payload });
  const audit = (action: 'wallet-top-up' | 'wallet-adjust', userId: string) =>
    t.database.db.selectFrom('audit_log').select(['actor_id', 'summary', 'detail']).where('action', '=', action).where('subject_id', '=', userId).orderBy('at').execute();

  it('a pack paid in cash at the desk: a paid desk order the cash-up counts, the credit with its bonus, the audit entry and the email', async () => {
    const casey = await customer(t.app, 'Casey Desk');
    const pack = await createPack(t.app, owner, { name: 'Desk Gold', price: 100, credit: 110, bonusExpiresDays: 180 });
    const res = await deskTopUp(desk, casey.id, { packId: pack.id, paymentMethod: 'cash' });
    expect(res.statusCode, res.body).toBe(200);
    const dto = res.json();
    expect(dto).toMatchObject({ balance: 110, currency: 'USD', expiring: [{ amount: 10, expiresAt: new Date(Date.parse(START) + 180 * DAY).toISOString() }] });
    expect(dto.entries.map((e: { kind: string; amount: number; staffName: string | null }) => [e.kind, e.amount, e.staffName])).toEqual([['bonus', 10, null], ['top_up', 100, 'Dee Desk']]);

    const order = await t.database.db.selectFrom('orders').selectAll().where('user_id', '=', casey.id).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ provider: 'desk', kind: 'top_up', status: 'paid', amount_cents: 10000, credit_cents: 11000, taken_by: desk.id, payment_method: 'cash', credit_pack_id: pack.id });
    const day = (await t.app.inject({ url: '/api/admin/cash-up?date=2027-03-01', headers: desk.auth })).json();
    expect(day.payments).toContainEqual(expect.objectContaining({
      orderId: order.id, amount: 100, method: 'cash', customer: { id: casey.id, name: 'Casey Desk' }, takenBy: { id: desk.id, name: 'Dee Desk' }, bookings: [], description: 'Credit pack Desk Gold: $110.00 of credit',
    }));
    expect(day.totals.expectedCash).toBe(100);

    expect(await audit('wallet-top-up', casey.id)).toEqual([
      expect.objectContaining({ actor_id: desk.id, summary: "Took $100.00 (cash) at the desk for Casey Desk's wallet: Credit pack Desk Gold: $110.00 of credit" }),
    ]);
    expect((await onlyMail(t.database.db, casey.email, 'wallet_topped_up')).text_body).toContain('$110.00 of credit added: $100.00 paid, $10.00 bonus, valid until Saturday, August 28, 2027; your balance is now $110.00.');
  });

  it('an amount by card at the desk is credit at face value; the body needs a pack or an amount, not both', async () => {
    const dana = await customer(t.app, 'Dana Desk');
    const res = await deskTopUp(desk, dana.id, { amount: 45.5, paymentMethod: 'card' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ balance: 45.5, expiring: [], entries: [{ kind: 'top_up', amount: 45.5, reason: 'Top-up at the desk: $45.50 of credit', staffName: 'Dee Desk' }] });
    const both = await deskTopUp(desk, dana.id, { amount: 10, packId: '00000000-0000-4000-8000-000000000000', paymentMethod: 'card' });
    expect(both.statusCode).toBe(400);
    const neither = await deskTopUp(desk, dana.id, { paymentMethod: 'card' });
    expect([neither.statusCode, neither.json().errorMessages[0].path]).toEqual([400, 'packId']);
    const zero = await deskTopUp(desk, dana.id, { amount: 0, paymentMethod: 'cash' });
    expect([zero.statusCode, zero.json().errorMessages[0].path]).toEqual([400, 'amount']);
    const withdrawn = await createPack(t.app, owner, { price: 10, credit: 12, active: false });
    expect((await deskTopUp(desk, dana.id, { packId: withdrawn.id, paymentMethod: 'cash' })).json().code).toBe('PACK_UNAVAILABLE');
    const nobody = await deskTopUp(desk, '00000000-0000-4000-8000-000000000000', { amount: 10, paymentMethod: 'cash' });
    expect(nobody.statusCode).toBe(404);
    expect(await balance(t, dana.id)).toBe(4550);
  });

  it('a manager adjusts up and down with a reason; a debit beyond the balance is 409 naming it and changes nothing', async () => {
    const erin = await customer(t.app, 'Erin Adjust');
    const up = await adjust(manager, erin.id, { amount: 20, reason: 'Goodwill: the lights failed' });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({ balance: 20, entries: [{ kind: 'adjustment', amount: 20, reason: 'Goodwill: the lights failed', staffName: 'Mia Manager' }] });
    const down = await adjust(manager, erin.id, { amount: -7.25, reason: 'Charged twice by mistake' });
    expect(down.json()).toMatchObject({ balance: 12.75 });
    const tooMuch = await adjust(manager, erin.id, { amount: -13, reason: 'Too much' });
    expect([tooMuch.statusCode, tooMuch.json().code, tooMuch.json().message]).toEqual([409, 'INSUFFICIENT_CREDIT', 'The balance is $12.75: it cannot go down by $13.00.']);
    expect(await balance(t, erin.id)).toBe(1275);
    expect((await adjust(manager, erin.id, { amount: 0, reason: 'Nothing' })).statusCode).toBe(400);
    expect((await adjust(manager, erin.id, { amount: 1, reason: '   ' })).statusCode).toBe(400);
    expect((await ledger(t, erin.id)).map((e) => [e.kind, e.amount_cents, e.staff_id])).toEqual([['adjustment', 2000, manager.id], ['adjustment', -725, manager.id]]);
    expect((await audit('wallet-adjust', erin.id)).map((a) => a.summary)).toEqual([
      "Adjusted Erin Adjust's wallet by +$20.00: Goodwill: the lights failed",
      "Adjusted Erin Adjust's wallet by −$7.25: Charged twice by mistake",
    ]);
    // The customer's view of the same wallet hides who made each entry.
    const { walletOf } = await import('../src/services/wallet-view.ts');
    expect((await walletOf(t.app.ctx, erin.id, { staff: false })).entries.map((e) => e.staffName)).toEqual([null, null]);
  });

  it('access by role: desk reads and tops up, only a manager adjusts, customers neither', async () => {
    const fay = await customer(t.app, 'Fay Roles');
    const gus = await customer(t.app, 'Gus Other');
    expect((await wallet(desk, fay.id)).statusCode).toBe(200);
    expect((await adjust(desk, fay.id, { amount: 5, reason: 'Desk may not' })).statusCode).toBe(403);
    expect((await adjust(owner, fay.id, { amount: 5, reason: 'Owner may' })).statusCode).toBe(200);
    expect((await wallet(gus, fay.id)).statusCode).toBe(403);
    expect((await deskTopUp(gus, fay.id, { amount: 5, paymentMethod: 'cash' })).statusCode).toBe(403);
    expect((await adjust(gus, gus.id, { amount: 500, reason: 'Free money' })).statusCode).toBe(403);
    expect(await balance(t, gus.id)).toBe(0);
  });
});
