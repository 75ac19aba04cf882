/**
 * The money classes of attack round 3, re-tried over real HTTP against a real server
 * on PostgreSQL with Stripe configured (pointed at the local stub, paid by signed webhooks):
 *   - overlapping checkouts keeping a promo use: checkouts [X,Y1]..[X,Y6] at once with a
 *     1-use code, then every session still open paid;
 *   - one hold checked out many times: 8 checkouts of one hold at once, and the same
 *     reason flagged twice on one order;
 *   - desk money refunded on an online cancellation;
 *   - a 100% tier at checkout.
 */
import type { Check } from '../../harness/checks.ts';
import { dropDatabase, freshDatabase, startApi, type ApiProcess } from '../../harness/api-process.ts';
import { call, createFacilities, hh, localDay, loginAdmin, type Customer, type Reply } from '../../harness/fixtures.ts';
import { withClient } from '../../harness/db-checks.ts';
import { StripeStub, signedHeaders, stripeEvent } from '../../api/test/support/stripe-stub.ts';
import { race } from '../../api/test/support/race.ts';

const DB_NAME = 'courtside_prove_r3_money';
const PORT = 4773;
const PASSWORD = 'prove-Money-Pass-42';
const RACERS = 6;

/** Each checkout either opened (201) or was replaced by a newer one while it opened (409): never a failure. */
const allClear = (answers: Reply[]) => answers.every((a) => a.status === 201 || a.status === 409);

const tally = (answers: Reply[]) =>
  Object.entries(answers.reduce<Record<number, number>>((acc, a) => ((acc[a.status] = (acc[a.status] ?? 0) + 1), acc), {}))
    .map(([s, n]) => `${n} x ${s}`)
    .join(', ');

async function signUp(base: string, tag: string): Promise<Customer> {
  const email = `prove.money.${tag}.${Date.now().toString(36)}@example.com`;
  const created = await call(base, 'POST', '/api/auth/signup', { json: { name: `Money ${tag}`, email, password: PASSWORD, phone: '555-0100', address: '1 Proof Street' } });
  if (created.status !== 201) throw new Error(`sign-up ${tag}: ${created.status} ${JSON.stringify(created.body)}`);
  const signedIn = await call(base, 'POST', '/api/auth/login', { json: { email, password: PASSWORD } });
  if (signedIn.status !== 200) throw new Error(`login ${tag}: ${signedIn.status} ${JSON.stringify(signedIn.body)}`);
  return { id: signedIn.body.data._id, email, token: signedIn.body.token };
}

async function hold(base: string, who: Customer, facility: string, date: string, hour: number): Promise<{ _id: string; payableAmount: number }> {
  const res = await call(base, 'POST', '/api/bookings', { token: who.token, json: { facility, date, startTime: hh(hour), endTime: hh(hour + 1) } });
  if (res.status !== 201) throw new Error(`hold ${date} ${hh(hour)}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

const checkout = (base: string, who: Customer, bookings: { _id: string; payableAmount: number }[], promoCode?: string) =>
  call(base, 'POST', '/api/order/create', {
    token: who.token,
    json: { totalPayableAmount: bookings.reduce((sum, b) => sum + b.payableAmount, 0), bookingIds: bookings.map((b) => ({ bookingId: b._id })), ...(promoCode ? { promoCode } : {}) },
  });

/** Delivers a signed Stripe event to the webhook, as Stripe would. */
function deliver(base: string, event: object): Promise<Response> {
  const payload = JSON.stringify(event);
  return fetch(`${base}/api/payments/stripe/webhook`, { method: 'POST', headers: signedHeaders(payload), body: payload });
}

export async function moneyChecks(): Promise<Check[]> {
  const checks: Check[] = [];
  const stub = await new StripeStub().start();
  const url = await freshDatabase(DB_NAME);
  const sql = <T extends object>(text: string, values: unknown[] = []) => withClient(url, async (c) => (await c.query<T>(text, values)).rows);
  let api: ApiProcess | undefined;
  try {
    api = await startApi({ port: PORT, databaseUrl: url, env: stub.env() });
    const base = api.base;
    const staff = await loginAdmin(base);
    const [court] = await createFacilities(base, staff.token, 1, 'Money Court');
    const facility = court!;

    // #3: overlapping checkouts with a 1-use code, at once; then every session Stripe still takes is paid.
    {
      const made = await call(base, 'POST', '/api/admin/promo-codes', { token: staff.token, json: { code: 'PROVE-ONCE', amountOff: 5, maxUses: 1 } });
      const promoId = made.body.id as string;
      const buyer = await signUp(base, 'overlap');
      const day = localDay(3);
      const x = await hold(base, buyer, facility, day, 8);
      const ys = [];
      for (let i = 0; i < RACERS; i++) ys.push(await hold(base, buyer, facility, day, 9 + i));
      const answers = await race(ys.map((y) => () => checkout(base, buyer, [x, y], 'PROVE-ONCE')));
      let paid = 0;
      for (const a of answers.filter((r) => r.status === 201)) {
        const session = [...stub.sessions.values()].find((s) => s.metadata.order_id === a.body.data.orderId);
        if (session?.status !== 'open') continue;
        const res = await deliver(base, stripeEvent('checkout.session.completed', stub.pay(session.id)));
        if (res.status === 200) paid++;
      }
      const [keeping] = await sql<{ open: number; paid: number }>(
        `SELECT count(*) FILTER (WHERE status = 'pending')::int AS open, count(*) FILTER (WHERE status IN ('paid', 'refunded'))::int AS paid FROM orders WHERE promo_code_id = $1`,
        [promoId],
      );
      const uses = (await call(base, 'GET', `/api/admin/promo-codes/${promoId}`, { token: staff.token })).body.uses;
      checks.push({
        name: `a 1-use promo code, ${RACERS} overlapping checkouts [X,Yi] at once`,
        measured: `answers ${tally(answers)}; ${paid} session(s) Stripe could still take paid; orders with the code: ${keeping?.paid} paid, ${keeping?.open} open; back office uses ${uses}`,
        wanted: 'only 201 or 409; 1 session payable, 1 paid order with the code, 0 open, uses 1',
        pass: allClear(answers) && paid === 1 && keeping?.paid === 1 && keeping.open === 0 && uses === 1,
      });
    }

    // #12: one hold checked out 8 times at once; then one order flagged twice for the same reason.
    {
      const buyer = await signUp(base, 'twice');
      const b = await hold(base, buyer, facility, localDay(4), 8);
      const answers = await race(Array.from({ length: 8 }, () => () => checkout(base, buyer, [b])));
      const [open] = await sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM orders o JOIN order_bookings ob ON ob.order_id = o.id WHERE ob.booking_id = $1 AND o.status = 'pending'`,
        [b._id],
      );
      const openSessions = [...stub.sessions.values()].filter((s) => s.status === 'open' && answers.some((a) => a.body?.data?.orderId === s.metadata.order_id)).length;
      checks.push({
        name: 'one hold checked out 8 times at once',
        measured: `answers ${tally(answers)}; open orders for the hold ${open?.n}, open Stripe sessions ${openSessions}`,
        wanted: 'only 201 or 409; at most 1 open order and 1 open session',
        pass: allClear(answers) && (open?.n ?? 99) <= 1 && openSessions <= 1,
      });

      const [order] = await sql<{ id: string }>(`SELECT o.id FROM orders o JOIN order_bookings ob ON ob.order_id = o.id WHERE ob.booking_id = $1 AND o.status = 'pending'`, [b._id]);
      const session = [...stub.sessions.values()].find((s) => s.metadata.order_id === order?.id)!;
      const paid = stub.pay(session.id);
      await deliver(base, stripeEvent('checkout.session.completed', paid));
      // Two refunds of $5 in the Stripe dashboard: the same reason twice on one order.
      for (const refunded of [500, 1000]) {
        await deliver(base, stripeEvent('charge.refunded', { id: 'ch_prove', object: 'charge', amount: 2000, amount_refunded: refunded, payment_intent: paid.payment_intent, metadata: { order_id: order!.id } }));
      }
      const [mails] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM outbox_messages WHERE kind = 'payment_flagged' AND recipient = $1`, [staff.email]);
      checks.push({
        name: 'one order flagged twice for the same reason',
        measured: `${mails?.n} "Payment flagged" message(s) to the admin`,
        wanted: '1',
        pass: mails?.n === 1,
      });
    }

    // #8: a desk-paid booking cancelled online.
    {
      const casey = await signUp(base, 'cash');
      const made = await call(base, 'POST', '/api/admin/bookings', { token: staff.token, json: { facilityId: facility, date: localDay(5), startTime: hh(10), endTime: hh(11), userId: casey.id, payment: 'desk' } });
      const cancelled = await call(base, 'DELETE', `/api/bookings/${made.body._id}`, { token: casey.token });
      const [refund] = await sql<{ id: string; status: string }>(`SELECT id, status FROM refunds WHERE booking_id = $1`, [made.body._id]);
      const [mail] = await sql<{ text_body: string }>(`SELECT text_body FROM outbox_messages WHERE kind = 'booking_cancelled' AND recipient = $1`, [casey.email]);
      const [notices] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM outbox_messages WHERE kind = 'refund_to_collect'`);
      const told = /will be refunded at the front desk of Money Court 001/.test(mail?.text_body ?? '') && !/card/.test(mail?.text_body ?? '');
      const done = await call(base, 'POST', `/api/admin/refunds/${refund?.id}/handed-back`, { token: staff.token });
      const again = await call(base, 'POST', `/api/admin/refunds/${refund?.id}/handed-back`, { token: staff.token });
      checks.push({
        name: 'a desk payment refunded on an online cancellation',
        measured: `cancel ${cancelled.status}, refund ${refund?.status} (${cancelled.body?.data?.refundState}), customer told the desk: ${told}, staff notices ${notices?.n}; handed back ${done.status} by ${done.body?.refunds?.[0]?.handedBackBy?.name ?? '-'}, again ${again.status}`,
        wanted: 'to_collect until staff record it (once, with their name), the customer told where, staff told',
        pass: cancelled.status === 200 && refund?.status === 'to_collect' && told && notices?.n === 1 && done.status === 200 && Boolean(done.body?.refunds?.[0]?.handedBackBy) && again.status === 409,
      });
    }

    // #16: a customer whose tier takes 100% off checks out.
    {
      const tier = await call(base, 'POST', '/api/admin/tiers', { token: staff.token, json: { name: 'Prove Honorary', discountPercent: 100 } });
      const member = await signUp(base, 'free');
      await call(base, 'PUT', `/api/admin/users/${member.id}`, { token: staff.token, json: { tierId: tier.body.id } });
      const b = await hold(base, member, facility, localDay(6), 8);
      const res = await checkout(base, member, [b]);
      const [row] = await sql<{ status: string }>(`SELECT status FROM bookings WHERE id = $1`, [b._id]);
      checks.push({
        name: 'a 100% tier at checkout',
        measured: `price ${b.payableAmount}, checkout ${res.status} ${res.body?.code ?? ''}, booking ${row?.status}`,
        wanted: '201, confirmed at once',
        pass: res.status === 201 && row?.status === 'confirmed',
      });
    }
  } finally {
    await api?.stop();
    await stub.stop();
    await dropDatabase(DB_NAME);
  }
  return checks;
}
