/**
 * The fuzzer: reads the OpenAPI document from the app, then sends generated requests to every
 * operation in turn (app.inject, real database) with no token, a customer's, an admin's or a
 * broken one, and checks each response (./checks.ts). Shared by api/test/fuzz.test.ts and
 * prove/fuzz.ts. Deterministic for a seed, up to the ids the database hands out.
 */
import type { TestApp } from '../test-app.ts';
import { admin, book, customer, facility, openCheckout, type Actor } from '../actors.ts';
import { ResponseChecker, prototypeKeys, prototypePolluted } from './checks.ts';
import { Rng } from './random.ts';
import { buildRequest, operationsOf, type BuildContext, type FuzzRequest, type Operation } from './requests.ts';
import { isUuid } from './values.ts';

export interface FuzzWorld {
  t: TestApp;
  admin: Actor;
  customer: Actor;
  operations: Operation[];
  known: Map<string, string[]>;
}

export interface Violation {
  problem: string;
  operation: string;
  count: number;
  example: string;
}

export interface FuzzResult {
  seed: number;
  requests: number;
  operations: number;
  /** Operations that answered at least one 2xx: the fuzzer got past validation and auth there. */
  operationsWithSuccess: number;
  /** The operations that never did (method and path). */
  neverSucceeded: string[];
  byStatus: Record<string, number>;
  byStrategy: Record<string, number>;
  serverErrors: number;
  violations: Violation[];
  /** Requests the HTTP client itself refused to send (not the app's doing). */
  unsendable: number;
  polluted: string | undefined;
  seconds: number;
  interrupted: boolean;
}

const remember = (known: Map<string, string[]>, kind: string, id: unknown) => {
  if (typeof id !== 'string' || !isUuid(id)) return;
  const list = known.get(kind) ?? [];
  if (!list.includes(id)) list.push(id);
  if (list.length > 40) list.shift();
  known.set(kind, list);
};

/** Records, a customer, an admin and the documented operations to aim at. */
export async function prepareFuzz(t: TestApp): Promise<FuzzWorld> {
  const staff = await admin(t.app, 'Fuzz Admin');
  const casey = await customer(t.app, 'Fuzz Customer');
  const known = new Map<string, string[]>();
  remember(known, 'user', staff.id);
  remember(known, 'user', casey.id);
  for (const price of [20, 35.5]) {
    const court = await facility(t.app, staff, { pricePerHour: price });
    remember(known, 'facility', court._id);
  }
  const courtId = known.get('facility')![0]!;
  const held = await book(t.app, casey, courtId, '2027-03-03', '10:00', '11:00');
  remember(known, 'booking', held._id);
  const checkout = await openCheckout(t.app, casey, [held._id], held.payableAmount);
  remember(known, 'order', checkout.orderId);
  remember(known, 'booking', (await book(t.app, casey, courtId, '2027-03-04', '12:00', '14:00'))._id);
  // A waitlist entry of each account, each for a slot the other holds, so the entry routes have something to read and leave.
  const staffHold = await book(t.app, staff, courtId, '2027-03-05', '10:00', '11:00');
  remember(known, 'booking', staffHold._id);
  for (const [who, date] of [[casey, '2027-03-05'], [staff, '2027-03-03']] as const) {
    const entry = await t.app.inject({ method: 'POST', url: '/api/waitlist', headers: who.auth, payload: { facilityId: courtId, date, startTime: '10:00', endTime: '11:00' } });
    if (entry.statusCode !== 201) throw new Error(`joining the waitlist answered ${entry.statusCode}: ${entry.body}`);
    remember(known, 'waitlist', entry.json().data.id);
  }
  // Players: a friend on the customer's hold, and the customer on the admin's, with both bookings' links (tokens, not ids: kept apart).
  const friend = await t.app.inject({ method: 'POST', url: `/api/bookings/${held._id}/players`, headers: casey.auth, payload: { name: 'Fuzz Friend' } });
  if (friend.statusCode !== 201) throw new Error(`adding a player answered ${friend.statusCode}: ${friend.body}`);
  const links: string[] = [];
  for (const [who, bookingId] of [[casey, held._id], [staff, staffHold._id]] as const) {
    const players = (await t.app.inject({ url: `/api/bookings/${bookingId}/players`, headers: who.auth })).json().data;
    for (const p of players.players) if (p.role === 'player') remember(known, 'player', p.id);
    links.push(new URL(players.inviteUrl).pathname.split('/').pop()!);
  }
  known.set('token', links);
  const joined = await t.app.inject({ method: 'POST', url: `/api/join/${links[1]}`, headers: casey.auth });
  if (joined.statusCode !== 200) throw new Error(`joining a booking answered ${joined.statusCode}: ${joined.body}`);
  const message = await t.app.inject({ method: 'POST', url: '/api/contact', payload: { name: 'Fuzz', email: 'fuzz@example.com', subject: 'Hello', message: 'A message.' } });
  remember(known, 'message', message.json().data?._id);
  // Several, so that one deleted early leaves others to read, change and assign.
  for (const name of ['Fuzz Member', 'Fuzz Junior', 'Fuzz Coach']) {
    const tier = await t.app.inject({ method: 'POST', url: '/api/admin/tiers', headers: staff.auth, payload: { name, discountPercent: 10 } });
    remember(known, 'tier', tier.json().id);
  }
  // Credit packs (several: one deleted early leaves others to read, edit and buy).
  for (const [name, price, credit] of [['Fuzz Gold', 100, 110], ['Fuzz Plain', 20, 20], ['Fuzz Silver', 50, 55]] as const) {
    const pack = await t.app.inject({ method: 'POST', url: '/api/admin/credit-packs', headers: staff.auth, payload: { name, price, credit } });
    if (pack.statusCode !== 201) throw new Error(`a credit pack answered ${pack.statusCode}: ${pack.body}`);
    remember(known, 'pack', pack.json().id);
  }
  const device = await t.app.inject({ method: 'POST', url: '/api/admin/devices', headers: staff.auth, payload: { name: 'Fuzz gate' } });
  remember(known, 'device', device.json().id);
  // Webhook endpoints (several: one deleted early leaves others), each with a delivery to read and resend.
  for (const description of ['Fuzz lights', 'Fuzz books', 'Fuzz door']) {
    const hook = await t.app.inject({ method: 'POST', url: '/api/admin/webhooks', headers: staff.auth, payload: { url: 'https://hooks.example.com/fuzz', description, events: ['booking.confirmed'] } });
    if (hook.statusCode !== 201) throw new Error(`a webhook endpoint answered ${hook.statusCode}: ${hook.body}`);
    remember(known, 'webhook', hook.json().id);
    const event = await t.database.db.insertInto('webhook_events').values({ type: 'booking.confirmed', booking_id: null, data: JSON.stringify({}), created_at: new Date() }).returning(['id', 'seq']).executeTakeFirstOrThrow();
    const delivery = await t.database.db
      .insertInto('webhook_deliveries')
      .values({ event_id: event.id, endpoint_id: hook.json().id, booking_id: null, seq: event.seq, next_attempt_at: new Date('2100-01-01'), give_up_at: new Date('2100-01-02'), created_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    remember(known, 'delivery', delivery.id);
  }
  // Gift vouchers (several: one redeemed leaves others) and credit packs on sale, for the wallet's routes to read and buy.
  for (const value of [10, 25, 50]) {
    const voucher = await t.app.inject({ method: 'POST', url: '/api/admin/vouchers', headers: staff.auth, payload: { value } });
    if (voucher.statusCode !== 201) throw new Error(`a voucher answered ${voucher.statusCode}: ${voucher.body}`);
    remember(known, 'voucher', voucher.json().id);
  }
  for (const [price, credit] of [[50, 55], [100, 110]] as const) {
    const pack = await t.app.inject({ method: 'POST', url: '/api/admin/credit-packs', headers: staff.auth, payload: { name: `Fuzz pack ${price}`, price, credit } });
    if (pack.statusCode !== 201) throw new Error(`a credit pack answered ${pack.statusCode}: ${pack.body}`);
    remember(known, 'pack', pack.json().id);
  }
  // Promo codes and closures (several each: one deleted early leaves others to read and change).
  for (const n of [1, 2]) {
    const promo = await t.app.inject({ method: 'POST', url: '/api/admin/promo-codes', headers: staff.auth, payload: { code: `FUZZ${n}`, percentOff: 10 * n } });
    if (promo.statusCode !== 201) throw new Error(`a promo code answered ${promo.statusCode}: ${promo.body}`);
    remember(known, 'promo', promo.json().id);
    const closure = await t.app.inject({ method: 'POST', url: '/api/admin/closures', headers: staff.auth, payload: { facilityIds: [courtId], start: `2027-06-0${n}T08:00`, end: `2027-06-0${n}T10:00`, reason: 'Fuzz repairs', kind: 'other' } });
    if (closure.statusCode !== 201) throw new Error(`a closure answered ${closure.statusCode}: ${closure.body}`);
    remember(known, 'closure', closure.json().id);
  }
  const doc = await t.app.inject({ url: '/api/docs/json' });
  if (doc.statusCode !== 200) throw new Error(`the OpenAPI document answered ${doc.statusCode}`);
  return { t, admin: staff, customer: casey, operations: operationsOf(doc.json()), known };
}

/** Requests that may revoke, demote or deactivate the fuzzer's own accounts. */
const touchesAccounts = (r: FuzzRequest) => r.method !== 'GET' && /^\/(api\/)?(auth|users|admin\/users)/.test(r.url);

/** Puts the fuzzer's admin and customer back (role, active) and signs fresh tokens for them (also after the run). */
async function restoreActors(w: FuzzWorld, tokens: { customer: string; admin: string }): Promise<void> {
  const { db } = w.t.database;
  await db.updateTable('users').set({ role: 'owner', deleted_at: null }).where('id', '=', w.admin.id).execute();
  await db.updateTable('users').set({ role: 'user', deleted_at: null }).where('id', '=', w.customer.id).execute();
  const rows = await db.selectFrom('users').select(['id', 'token_version']).where('id', 'in', [w.admin.id, w.customer.id]).execute();
  for (const row of rows) {
    const token = w.t.app.issueToken({ sub: row.id, ver: row.token_version });
    const actor = row.id === w.admin.id ? w.admin : w.customer;
    actor.token = token;
    actor.auth = { authorization: `Bearer ${token}` };
    if (actor === w.admin) tokens.admin = token;
    else tokens.customer = token;
  }
}

/** Ids in a successful answer become targets for later requests. */
function harvest(w: FuzzWorld, op: Operation, body: string) {
  const kind = op.path.includes('credit-pack') ? 'pack' : op.path.includes('facilit') ? 'facility' : op.path.includes('waitlist') ? 'waitlist' : op.path.includes('booking') ? 'booking' : op.path.includes('user') || op.path.includes('auth') ? 'user' : op.path.includes('message') || op.path.includes('contact') ? 'message' : op.path.includes('payment') || op.path.includes('order') ? 'order' : op.path.includes('tier') ? 'tier' : op.path.includes('device') ? 'device' : op.path.includes('webhook-deliver') ? 'delivery' : op.path.includes('webhook') ? 'webhook' : undefined;
  if (!kind) return;
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return;
  }
  const records = Array.isArray(data) ? data : [(data as { data?: unknown })?.data].flat();
  for (const r of records.slice(0, 5)) {
    if (!r || typeof r !== 'object') continue;
    const rec = r as Record<string, unknown>;
    remember(w.known, kind === 'order' && rec.orderId ? 'order' : kind, rec.orderId ?? rec._id ?? rec.id);
  }
}

const clip = (s: string, n = 240) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);

export async function runFuzz(w: FuzzWorld, opts: { requests: number; seed: number; timeLimitMs?: number }): Promise<FuzzResult> {
  const rng = new Rng(opts.seed);
  const checker = new ResponseChecker();
  const tokens = { customer: w.customer.token, admin: w.admin.token };
  const clock = w.t.clock;
  const ctx: BuildContext = {
    rng,
    bodyLimitBytes: w.t.config.bodyLimitBytes,
    tokens,
    knownId: (kind) => {
      const list = kind === 'any' ? [...w.known].flatMap(([k, ids]) => (k === 'token' ? [] : ids)) : w.known.get(kind);
      return list?.length ? rng.pick(list) : undefined;
    },
    soonDate: () => new Date(clock.now().getTime() + rng.between(1, 10) * 86_400_000).toISOString().slice(0, 10),
  };
  const baseline = prototypeKeys();
  const byStatus: Record<string, number> = {};
  const byStrategy: Record<string, number> = {};
  const succeeded = new Set<string>();
  const violations = new Map<string, Violation>();
  let unsendable = 0;
  let polluted: string | undefined;
  let sent = 0;
  const started = performance.now();
  const deadline = opts.timeLimitMs ? started + opts.timeLimitMs : Infinity;

  for (let i = 0; i < opts.requests && performance.now() < deadline; i++) {
    const op = w.operations[i % w.operations.length]!;
    const req = buildRequest(op, ctx);
    byStrategy[req.strategy] = (byStrategy[req.strategy] ?? 0) + 1;
    let res;
    try {
      res = await w.t.app.inject({ method: req.method as 'GET', url: req.url, headers: req.headers, ...(req.body !== undefined ? { payload: req.body } : {}) });
    } catch {
      unsendable++;
      continue;
    }
    sent++;
    byStatus[res.statusCode] = (byStatus[res.statusCode] ?? 0) + 1;
    const operation = `${op.method} ${op.path}`;
    if (res.statusCode < 300) {
      succeeded.add(operation);
      harvest(w, op, res.body);
    }
    const problems = checker.problems(op, res.statusCode, res.headers['content-type'] as string | undefined, res.body);
    if (req.mustRefuse && res.statusCode < 300) problems.push(req.mustRefuse);
    for (const problem of problems) {
      const key = `${problem} @ ${operation}`;
      const v = violations.get(key);
      if (v) v.count++;
      else {
        violations.set(key, {
          problem,
          operation,
          count: 1,
          example: `${req.strategy}/${req.auth}: ${req.method} ${clip(req.url, 160)} ${req.body === undefined ? '' : clip(String(req.body), 160)} -> ${res.statusCode} ${clip(res.body)}`,
        });
      }
    }
    if (!polluted && prototypePolluted(baseline)) polluted = `${req.strategy}: ${req.method} ${clip(req.url, 160)} ${clip(String(req.body ?? ''), 160)}`;
    if (touchesAccounts(req) && res.statusCode < 300) await restoreActors(w, tokens);
  }
  await restoreActors(w, tokens);
  const serverErrors = Object.entries(byStatus).filter(([s]) => Number(s) >= 500).reduce((sum, [, n]) => sum + n, 0);
  return {
    seed: opts.seed,
    requests: sent,
    operations: w.operations.length,
    operationsWithSuccess: succeeded.size,
    neverSucceeded: w.operations.map((op) => `${op.method} ${op.path}`).filter((name) => !succeeded.has(name)),
    byStatus,
    byStrategy,
    serverErrors,
    violations: [...violations.values()].sort((a, b) => b.count - a.count),
    unsendable,
    polluted,
    seconds: (performance.now() - started) / 1000,
    interrupted: sent + unsendable < opts.requests,
  };
}
