/**
 * The abuse classes of the adversarial review, re-tried over real HTTP against a real server
 * with the product's default limits, Stripe configured (pointed at the local stub) and
 * TRUST_PROXY=1, so each request can come from a client address of its own:
 *   - provider mismatch: a Stripe order cannot be paid, or even seen, on the sandbox's page;
 *   - a foreign Stripe session (a Payment Link's client_reference_id) cannot pay an order;
 *   - hold cap under concurrency: 20 holds sent at once by one customer, at most 4 taken;
 *   - lockout from another source: guesses from one address never lock the owner out of theirs;
 *   - concurrent guesses: 40 at once, at most LOGIN_MAX_ATTEMPTS passwords checked;
 *   - out-of-range dates and type coercion: 400, nothing stored.
 */
import { createHmac } from 'node:crypto';
import type { Check } from '../../harness/checks.ts';
import { PROVE_JWT_SECRET, dropDatabase, freshDatabase, startApi, type ApiProcess } from '../../harness/api-process.ts';
import { call, createFacilities, hh, localDay, loginAdmin, type Reply } from '../../harness/fixtures.ts';
import { withClient } from '../../harness/db-checks.ts';
import { StripeStub, signedHeaders, stripeEvent } from '../../api/test/support/stripe-stub.ts';
import { race } from '../../api/test/support/race.ts';

const DB_NAME = 'courtside_prove_abuse';
const PORT = 4761;
const PASSWORD = 'prove-Abuse-Pass-42';
const LOGIN_MAX_ATTEMPTS = 10;

/** A request from the client address `ip` (the server under test trusts X-Forwarded-For). */
const send = (base: string, method: string, path: string, { ip, ...opts }: { ip: string; token?: string; json?: unknown; form?: Record<string, string> }) =>
  call(base, method, path, { ...opts, headers: { 'x-forwarded-for': ip } });


const tally = (answers: Reply[]) =>
  Object.entries(answers.reduce<Record<number, number>>((acc, a) => ((acc[a.status] = (acc[a.status] ?? 0) + 1), acc), {}))
    .map(([s, n]) => `${n} x ${s}`)
    .join(', ');

async function signUp(base: string, ip: string, tag: string): Promise<{ id: string; email: string; token: string }> {
  const email = `prove.abuse.${tag}.${Date.now().toString(36)}@example.com`;
  const created = await send(base, 'POST', '/api/auth/signup', { ip, json: { name: `Abuse ${tag}`, email, password: PASSWORD, phone: '555-0100', address: '1 Proof Street' } });
  if (created.status !== 201) throw new Error(`sign-up ${tag}: ${created.status} ${JSON.stringify(created.body)}`);
  const signedIn = await send(base, 'POST', '/api/auth/login', { ip, json: { email, password: PASSWORD } });
  if (signedIn.status !== 200) throw new Error(`login ${tag}: ${signedIn.status} ${JSON.stringify(signedIn.body)}`);
  return { id: signedIn.body.data._id, email, token: signedIn.body.token };
}

export async function abuseChecks(): Promise<Check[]> {
  const checks: Check[] = [];
  const stub = await new StripeStub().start();
  const url = await freshDatabase(DB_NAME);
  let api: ApiProcess | undefined;
  try {
    api = await startApi({
      port: PORT,
      databaseUrl: url,
      // The product's defaults ('' = unset) for the limits the load tools turn off.
      env: { ...stub.env(), TRUST_PROXY: '1', SIGNUP_MAX_PER_IP: '', BOOKING_MAX_PER_IP: '', MAX_HOLDS_PER_CUSTOMER: '', LOGIN_MAX_ATTEMPTS: String(LOGIN_MAX_ATTEMPTS) },
    });
    const base = api.base;
    const staff = await loginAdmin(base);
    const [courtId] = await createFacilities(base, staff.token, 1, 'Abuse Court');
    const day = localDay(3);

    // Provider mismatch.
    {
      const buyer = await signUp(base, '198.51.100.10', 'buyer');
      const hold = await send(base, 'POST', '/api/bookings', { ip: '198.51.100.10', token: buyer.token, json: { facility: courtId, date: day, startTime: hh(8), endTime: hh(9) } });
      const order = await send(base, 'POST', '/api/order/create', { ip: '198.51.100.10', token: buyer.token, json: { totalPayableAmount: hold.body.data?.payableAmount, bookingIds: [{ bookingId: hold.body.data?._id }] } });
      const orderId = order.body.data?.orderId as string;
      // The strongest forgery: the sandbox's own signature for this order.
      const secret = createHmac('sha256', PROVE_JWT_SECRET).update('sandbox-payments').digest('hex');
      const signature = createHmac('sha256', secret).update(`sandbox-pay:${orderId}`).digest('hex');
      const page = await send(base, 'GET', `/pay/${orderId}`, { ip: '198.51.100.10' });
      const paid = await send(base, 'POST', `/pay/${orderId}/confirm`, { ip: '198.51.100.10', form: { signature } });
      const cancelled = await send(base, 'POST', `/pay/${orderId}/cancel`, { ip: '198.51.100.10', form: { signature } });
      const row = await withClient(url, async (c) => (await c.query<{ status: string; provider: string }>('SELECT status, provider FROM orders WHERE id = $1', [orderId])).rows[0]);
      checks.push({
        name: 'a Stripe order on the sandbox page (provider mismatch)',
        measured: `order by ${String(order.body.data?.payment_url ?? '').slice(0, 28)}...: page ${page.status}, Pay ${paid.status}, Cancel ${cancelled.status} with a valid sandbox signature; afterwards ${row?.provider} ${row?.status}`,
        wanted: '404, 404, 404; the order stays stripe pending',
        pass: order.status === 201 && page.status === 404 && paid.status === 404 && cancelled.status === 404 && row?.provider === 'stripe' && row.status === 'pending',
      });
    }

    // A foreign Stripe session (a $1 Payment Link on the same account) naming an order.
    {
      const ip = '198.51.100.15';
      const buyer = await signUp(base, ip, 'linkbuyer');
      const hold = await send(base, 'POST', '/api/bookings', { ip, token: buyer.token, json: { facility: courtId, date: day, startTime: hh(10), endTime: hh(12) } });
      const order = await send(base, 'POST', '/api/order/create', { ip, token: buyer.token, json: { totalPayableAmount: hold.body.data?.payableAmount, bookingIds: [{ bookingId: hold.body.data?._id }] } });
      const orderId = order.body.data?.orderId as string;
      const own = [...stub.sessions.values()].find((session) => session.metadata.order_id === orderId);
      const link = { ...own!, id: 'cs_test_payment_link', payment_intent: 'pi_test_payment_link', status: 'complete', payment_status: 'paid', amount_total: 100, metadata: {}, client_reference_id: orderId };
      const event = stripeEvent('checkout.session.completed', link);
      const delivered = await call(base, 'POST', '/api/payments/stripe/webhook', { headers: signedHeaders(JSON.stringify(event)), json: event });
      const row = await withClient(url, async (c) =>
        (await c.query<{ status: string; booking: string; flag: string | null }>('SELECT o.status, b.status AS booking, o.flag_reason AS flag FROM orders o JOIN order_bookings ob ON ob.order_id = o.id JOIN bookings b ON b.id = ob.booking_id WHERE o.id = $1', [orderId])).rows[0]);
      checks.push({
        name: "a foreign Stripe session naming an order (client_reference_id, $1 of $40)",
        measured: `webhook ${delivered.status} ${delivered.body?.data?.outcome}; afterwards order ${row?.status}, booking ${row?.booking}, ${row?.flag ? 'flagged for staff' : 'not flagged'}`,
        wanted: '200 refused; order pending, booking pending, flagged for staff',
        pass: delivered.status === 200 && delivered.body?.data?.outcome === 'refused' && row?.status === 'pending' && row.booking === 'pending' && Boolean(row.flag),
      });
    }

    // Hold cap under concurrency.
    {
      const hoarder = await signUp(base, '198.51.100.11', 'hoarder');
      const answers = await race(Array.from({ length: 20 }, (_, i) => () =>
        send(base, 'POST', '/api/bookings', { ip: '198.51.100.11', token: hoarder.token, json: { facility: courtId, date: localDay(4 + Math.floor(i / 10)), startTime: hh(8 + (i % 10)), endTime: hh(9 + (i % 10)) } })));
      const held = await withClient(url, async (c) => (await c.query<{ n: number }>(`SELECT count(*)::int AS n FROM bookings WHERE user_id = $1 AND status = 'pending'`, [hoarder.id])).rows[0]!.n);
      checks.push({
        name: 'hold cap under concurrency (MAX_HOLDS_PER_CUSTOMER=4)',
        measured: `20 holds at once on 20 free slots by one customer: ${tally(answers)}; ${held} live holds stored`,
        wanted: '4 x 201, 16 x 409; 4 stored',
        pass: answers.filter((a) => a.status === 201).length === 4 && answers.filter((a) => a.status === 409).length === 16 && held === 4,
      });
    }

    // Lockout from another source.
    {
      const owner = await signUp(base, '198.51.100.12', 'owner');
      const guesses: number[] = [];
      for (let i = 0; i < LOGIN_MAX_ATTEMPTS + 5; i++) guesses.push((await send(base, 'POST', '/api/auth/login', { ip: '203.0.113.66', json: { email: owner.email, password: `guess-${i}` } })).status);
      const atHome = await send(base, 'POST', '/api/auth/login', { ip: '198.51.100.12', json: { email: owner.email, password: PASSWORD } });
      const attacker = await send(base, 'POST', '/api/auth/login', { ip: '203.0.113.66', json: { email: owner.email, password: PASSWORD } });
      checks.push({
        name: 'no lockout of the owner from another source',
        measured: `${guesses.length} wrong passwords from one address (${guesses.filter((s) => s === 401).length} x 401, ${guesses.filter((s) => s === 429).length} x 429); then the owner from their usual address: ${atHome.status}; the right password from the attacking address: ${attacker.status}`,
        wanted: `${LOGIN_MAX_ATTEMPTS} x 401 then 429; owner 200; attacker 429`,
        pass: guesses.filter((s) => s === 401).length === LOGIN_MAX_ATTEMPTS && atHome.status === 200 && attacker.status === 429,
      });
    }

    // Concurrent guesses.
    {
      const target = await signUp(base, '198.51.100.13', 'target');
      const answers = await race(Array.from({ length: 40 }, (_, i) => () => send(base, 'POST', '/api/auth/login', { ip: '203.0.113.77', json: { email: target.email, password: `parallel-${i}` } })));
      const checked = answers.filter((a) => a.status === 401).length;
      checks.push({
        name: 'concurrent password guesses',
        measured: `40 wrong passwords at once: ${tally(answers)}`,
        wanted: `at most ${LOGIN_MAX_ATTEMPTS} checked (401), the rest 429`,
        pass: checked <= LOGIN_MAX_ATTEMPTS && answers.every((a) => a.status === 401 || a.status === 429),
      });
    }

    // Out-of-range dates and type coercion.
    {
      const ip = '198.51.100.14';
      const before = await withClient(url, async (c) => (await c.query<{ n: number }>('SELECT count(*)::int AS n FROM facilities')).rows[0]!.n);
      const answers = [
        await send(base, 'GET', `/api/check-availability?facility=${courtId}&date=9999-12-31`, { ip }),
        await send(base, 'GET', `/api/check-availability?facility=${courtId}&date=2027-02-30`, { ip }),
        await send(base, 'GET', `/api/admin/day-view?date=9999-12-31`, { ip, token: staff.token }),
        ...(await Promise.all(['12', null, '0x10', true].map((pricePerHour) =>
          send(base, 'POST', '/api/facility', { ip, token: staff.token, json: { name: 'Coerced Court', location: 'Proof Park', pricePerHour, description: 'Never stored.', imageUrl: '/images/facilities/tennis.svg' } })))),
      ];
      const after = await withClient(url, async (c) => (await c.query<{ n: number }>('SELECT count(*)::int AS n FROM facilities')).rows[0]!.n);
      checks.push({
        name: 'out-of-range dates and type coercion',
        measured: `availability 9999-12-31 and 2027-02-30, day view 9999-12-31, a facility priced "12", null, "0x10", true: ${answers.map((a) => a.status).join(', ')}; facilities stored ${before} -> ${after}`,
        wanted: 'all 400; nothing stored',
        pass: answers.every((a) => a.status === 400) && before === after,
      });
    }
  } finally {
    await api?.stop();
    await stub.stop();
    await dropDatabase(DB_NAME);
  }
  return checks;
}
