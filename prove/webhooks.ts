/**
 * `npm run prove webhooks`: signed webhooks caused by committed changes are neither lost nor
 * sent twice when the API is killed with deliveries pending, and keep each booking's order.
 *
 *   node prove/run.ts webhooks        (or: node prove/webhooks.ts)
 *
 * A real HTTP receiver (harness/webhook-receiver.ts) runs in this process; a real
 * `node api/src/server.ts` (port 4670) on a fresh PostgreSQL database `courtside_prove_webhooks`
 * sends to it (WEBHOOK_ALLOW_PRIVATE=1, SWEEP_INTERVAL_SECONDS=1). Events come from real actions
 * over HTTP: staff book at the desk (booking.confirmed) and cancel some of those bookings
 * (booking.cancelled). While they happen the receiver is slow (200 ms an answer) and never
 * answers every 4th request, so deliveries are committed, claimed, mid-send and waiting when the
 * API is killed with SIGKILL. Then two API processes (4670, 4671) start on the same database and
 * the receiver answers at once. Counted by event id, from what the receiver acknowledged (a 2xx
 * on a connection still open: what a sender may count as delivered):
 *   - every event in webhook_events acknowledged, none twice, none unknown;
 *   - each booking's events acknowledged in the order they happened (confirmed before cancelled).
 * A delivery the receiver acknowledged but whose "delivered" mark the kill prevented would go
 * again (at-least-once; the Idempotency-Key is there for that): read right after the kill and
 * counted apart. Exits 1 when a check fails.
 */
import { checksTable, printChecks, type Check } from '../harness/checks.ts';
import { runProof, writeSection } from './report.ts';
import { dropDatabase, freshDatabase, startApi, type ApiProcess } from '../harness/api-process.ts';
import { call, createFacilities, loginAdmin, localDay, hh } from '../harness/fixtures.ts';
import { withClient } from '../harness/db-checks.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../harness/webhook-receiver.ts';

const DB_NAME = 'courtside_prove_webhooks';
const PORTS = [4670, 4671];
const BOOKINGS = 160;
const CANCEL_EVERY = 3;
/** A claim interrupted by the kill is retried when its lease (60 s) ends; a failed attempt 30 s after it. */
const DELIVERY_TIMEOUT_MS = 150_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const apiEnv = { WEBHOOK_ALLOW_PRIVATE: '1', SWEEP_INTERVAL_SECONDS: '1', WEBHOOK_TIMEOUT_SECONDS: '5' };

interface Row {
  event_id: string;
  type: string;
  booking_id: string | null;
  seq: string;
  state: string;
  attempts: number;
}

async function deliveryRows(url: string): Promise<Row[]> {
  return withClient(url, async (c) =>
    (await c.query<Row>(
      `SELECT e.id::text AS event_id, e.type, e.booking_id::text, e.seq::text, d.state, d.attempts
       FROM webhook_events e LEFT JOIN webhook_deliveries d ON d.event_id = e.id ORDER BY e.seq`,
    )).rows);
}

/** Desk bookings (confirmed, paid at the desk) and cancellations of every CANCEL_EVERY-th, a few at a time. */
async function makeEvents(base: () => string, token: string, facilities: string[], stop: () => boolean): Promise<{ acknowledged: number; unanswered: number }> {
  let next = 0;
  let acknowledged = 0;
  let unanswered = 0;
  const worker = async () => {
    while (!stop() && next < BOOKINGS) {
      const n = next++;
      const facilityId = facilities[n % facilities.length]!;
      const slot = Math.floor(n / facilities.length);
      const res = await call(base(), 'POST', '/api/admin/bookings', {
        token,
        json: { facilityId, date: localDay(2 + Math.floor(slot / 12)), startTime: hh(8 + (slot % 12)), endTime: hh(9 + (slot % 12)), guest: { name: `Walk-in ${n}` }, payment: 'desk' },
      });
      if (res.status === 0) {
        unanswered++;
        continue;
      }
      if (res.status !== 201) throw new Error(`desk booking ${n}: ${res.status} ${JSON.stringify(res.body)}`);
      acknowledged++;
      if (n % CANCEL_EVERY === 0) {
        const cancelled = await call(base(), 'DELETE', `/api/admin/bookings/${res.body.id ?? res.body._id}`, { token });
        if (cancelled.status === 200) acknowledged++;
        else if (cancelled.status === 0) unanswered++;
        else throw new Error(`cancel ${n}: ${cancelled.status} ${JSON.stringify(cancelled.body)}`);
      }
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  return { acknowledged, unanswered };
}

async function main(): Promise<boolean> {
  const started = performance.now();
  console.log(`webhooks: fresh database ${DB_NAME}`);
  const url = await freshDatabase(DB_NAME);
  const receiver: WebhookReceiver = await startWebhookReceiver();
  let apis: ApiProcess[] = [];
  try {
    let api = await startApi({ port: PORTS[0]!, databaseUrl: url, env: apiEnv });
    apis = [api];
    const admin = await loginAdmin(api.base);
    const facilities = await createFacilities(api.base, admin.token, 8, 'Hook Court');
    const endpoint = await call(api.base, 'POST', '/api/admin/webhooks', {
      token: admin.token,
      json: { url: receiver.url, description: 'prove', events: ['booking.confirmed', 'booking.cancelled', 'booking.moved', 'booking.checked_in', 'booking.no_show', 'payment.refunded'] },
    });
    if (endpoint.status !== 201) throw new Error(`endpoint: ${endpoint.status} ${JSON.stringify(endpoint.body)}`);

    // A slow receiver that leaves every 4th request unanswered: deliveries pile up, some mid-send.
    receiver.delayMs = 200;
    let n = 0;
    const answers = () => {
      receiver.queue.push(...Array.from({ length: 50 }, () => (++n % 4 === 0 ? ('hang' as const) : 200)));
    };
    answers();
    const refill = setInterval(() => receiver.queue.length < 20 && answers(), 100);
    let killed = false;
    const making = makeEvents(() => api.base, admin.token, facilities, () => killed);
    const until = Date.now() + 60_000;
    while (Date.now() < until) {
      await sleep(250);
      const rows = await deliveryRows(url);
      if (rows.length >= 120 && receiver.acknowledged.length >= 20 && receiver.hanging > 0) break;
    }
    killed = true;
    // Read before the kill: the kill closes the hung requests' connections.
    const hangingAtKill = receiver.hanging;
    api.child.kill('SIGKILL');
    await api.exited;
    const made = await making;
    clearInterval(refill);

    const atKill = await deliveryRows(url);
    const ackBefore = receiver.acknowledgedCounts();
    const pending = atKill.filter((r) => r.state === 'pending');
    const claimed = pending.filter((r) => r.attempts > 0).length;
    const unmarked = new Set(pending.filter((r) => ackBefore.has(r.event_id)).map((r) => r.event_id));
    console.log(`  killed with ${atKill.length} events: ${atKill.length - pending.length} delivered, ${pending.length} pending (${claimed} claimed, ${hangingAtKill} mid-send)`);

    receiver.releaseHanging();
    receiver.queue.length = 0;
    receiver.delayMs = 0;
    receiver.answer = 200;
    const restarted = Date.now();
    apis = await Promise.all(PORTS.map((port) => startApi({ port, databaseUrl: url, env: apiEnv })));
    api = apis[0]!;
    let rows: Row[] = [];
    for (;;) {
      rows = await deliveryRows(url);
      const acked = receiver.acknowledgedCounts();
      if ((rows.every((r) => r.state === 'delivered' && acked.has(r.event_id))) || Date.now() - restarted > DELIVERY_TIMEOUT_MS) break;
      await sleep(250);
    }
    const tookMs = Date.now() - restarted;
    await sleep(3_000); // room for a late second copy to show
    rows = await deliveryRows(url);
    const acked = receiver.acknowledgedCounts();
    const known = new Set(rows.map((r) => r.event_id));
    const missing = rows.filter((r) => !acked.has(r.event_id)).length;
    const twice = [...acked].filter(([id, count]) => count > 1 && !unmarked.has(id)).length;
    const strangers = [...acked.keys()].filter((id) => !known.has(id)).length;
    const notDelivered = rows.filter((r) => r.state !== 'delivered').length;
    const unmarkedTwice = [...unmarked].filter((id) => (acked.get(id) ?? 0) > 1).length;

    // Order: for each booking, the sequence of its events' first acknowledgements follows seq.
    const firstAck = new Map<string, number>();
    receiver.acknowledged.forEach((h, i) => firstAck.has(h.eventId) || firstAck.set(h.eventId, i));
    const byBooking = new Map<string, Row[]>();
    for (const r of rows) if (r.booking_id) byBooking.set(r.booking_id, [...(byBooking.get(r.booking_id) ?? []), r]);
    let outOfOrder = 0;
    let multi = 0;
    for (const events of byBooking.values()) {
      if (events.length < 2) continue;
      multi++;
      const order = events.sort((a, b) => Number(a.seq) - Number(b.seq)).map((e) => firstAck.get(e.event_id) ?? Infinity);
      if (order.some((v, i) => i > 0 && v < order[i - 1]!)) outOfOrder++;
    }
    const received = receiver.received.length;
    console.log(`  after restart (2 processes): ${rows.length} events, all delivered in ${secs(tookMs)}; the receiver saw ${received} requests, acknowledged ${receiver.acknowledged.length}`);

    const checks: Check[] = [
      {
        name: 'kill -9 with deliveries pending: events at the kill / delivered / pending (claimed, of which mid-send)',
        measured: `${atKill.length} / ${atKill.length - pending.length} / ${pending.length} (${claimed}, ${hangingAtKill})`,
        wanted: 'pending > 0 (the kill fell between commit and delivery)',
        pass: pending.length > 0 && hangingAtKill > 0,
      },
      {
        name: 'actions acknowledged by the API (desk bookings and cancellations) / unanswered at the kill',
        measured: `${made.acknowledged} / ${made.unanswered}`,
        wanted: '> 0',
        pass: made.acknowledged > 0,
      },
      {
        name: 'events never acknowledged by the receiver / acknowledged more than once (by event id) / acknowledged but unknown',
        measured: `${missing} / ${twice} / ${strangers} (of ${rows.length} events)`,
        wanted: '0 / 0 / 0',
        pass: missing === 0 && twice === 0 && strangers === 0 && rows.length > 0,
      },
      {
        name: 'acknowledged but not yet marked delivered at the kill (would go again: at-least-once, Idempotency-Key)',
        measured: `${unmarked.size}, of which ${unmarkedTwice} went twice`,
        wanted: 'reported',
        pass: true,
      },
      { name: 'deliveries not delivered at the end', measured: String(notDelivered), wanted: '0', pass: notDelivered === 0 },
      {
        name: "bookings with several events whose events were acknowledged out of order",
        measured: `${outOfOrder} of ${multi}`,
        wanted: `0 of > 0`,
        pass: outOfOrder === 0 && multi > 0,
      },
      { name: 'from the restart to every event delivered', measured: secs(tookMs), wanted: `<= ${secs(DELIVERY_TIMEOUT_MS)}`, pass: tookMs <= DELIVERY_TIMEOUT_MS },
    ];
    const passed = printChecks('webhooks', checks);
    writeSection(
      'webhooks',
      'Webhooks: none lost, none sent twice, in order, across a kill -9',
      `Command: \`npm run prove webhooks\`. A real HTTP receiver in the proof's process; a real \`node api/src/server.ts\` on a fresh ` +
        `PostgreSQL database sends to it. Events come from real actions over HTTP: ${BOOKINGS} desk bookings (booking.confirmed), every ` +
        `${CANCEL_EVERY}rd cancelled (booking.cancelled). The receiver takes 200 ms an answer and never answers every 4th request ` +
        `while the actions run; the API is killed with SIGKILL with deliveries pending and mid-send; two API processes then start ` +
        `on the database and the receiver answers at once. Counted by event id from what the receiver acknowledged (2xx on a live ` +
        `connection).\n\n${checksTable(checks)}`,
    );
    console.log(`webhooks: ${passed ? 'PASS' : 'FAIL'} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    return passed;
  } finally {
    await Promise.all(apis.map((a) => a.stop()));
    await receiver.stop();
    await dropDatabase(DB_NAME);
  }
}

runProof(main);
