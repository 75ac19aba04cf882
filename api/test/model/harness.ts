/**
 * Runs generated command sequences against the real app (app.inject, real database, TestClock)
 * and the pure model side by side. After every command the status (and, where the model names
 * it, the refusal's code) must be the predicted one, the bookings, orders and waitlist tables and
 * each customer's GET /api/waitlist must equal the model, so must the places on bookings and the
 * shares of split bookings, the money must add up in the database (./money.ts), and no two
 * active bookings of one facility may overlap. One world (users, facilities) serves every sequence; the booking
 * tables are emptied between sequences. Used by api/test/model.property.test.ts (small count)
 * and prove/model.ts (>= 1,000 sequences on PostgreSQL).
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import type { TestApp } from '../support/test-app.ts';
import { admin, customer, facility, providerPays, type Actor as ApiActor } from '../support/actors.ts';
import { countBookingsUnderClosures, countOverlaps } from '../support/databases.ts';
import { sweepHolds } from '../../src/services/booking-service.ts';
import { sweepWaitlist } from '../../src/services/waitlist-offers.ts';
import { sweepWallets } from '../../src/services/wallet-sweep.ts';
import { coverDueShares } from '../../src/payments/split/cover.ts';
import { BookingModel, MODEL_START, MINUTE_MS, dateOf, timeOf, type Actor, type EntryView, type Expectation, type ModelBooking, type ModelOrder, type SlotRequest } from './booking-model.ts';
import { MODEL_FACILITIES, UNLINKED_FACILITIES, sequenceArbitrary, type Command } from './commands.ts';
import { moneyProblems } from './money.ts';

/**
 * The app's settings for the model's world: a small waitlist limit, so sequences reach it
 * (the default is 10 entries).
 */
export const MODEL_ENV = { WAITLIST_MAX_PER_CUSTOMER: '2' };

export interface ModelWorld {
  t: TestApp;
  admin: ApiActor;
  customers: ApiActor[];
  facilityIds: string[];
  /** Each order's hosted-page signature, read when the checkout opened. */
  signatures: Map<string, string>;
}

export interface ModelStats {
  sequences: number;
  commands: number;
  /** Commands with nothing to act on yet (no booking or order exists): no request is sent. */
  skipped: number;
  /** How often each `kind status` was seen: shows the run reached refusals, not only successes. */
  outcomes: Record<string, number>;
}

export async function prepareWorld(t: TestApp): Promise<ModelWorld> {
  const staff = await admin(t.app, 'Model Admin');
  const customers = [await customer(t.app, 'Model Customer A'), await customer(t.app, 'Model Customer B')];
  const facilityIds: string[] = [];
  for (const f of MODEL_FACILITIES) {
    const priceRules = f.peak ? [{ days: ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'], from: timeOf(f.peak.fromHour), to: timeOf(f.peak.toHour), pricePerHour: f.peak.cents / 100 }] : [];
    const policy = { ...(f.bufferMinutes ? { bufferMinutes: f.bufferMinutes } : {}), ...(f.quota ? { maxActivePerCustomer: f.quota } : {}) };
    const parentId = f.parent === undefined ? {} : { parentId: facilityIds[f.parent] };
    facilityIds.push((await facility(t.app, staff, { pricePerHour: f.priceCents / 100, priceRules, policy, ...parentId }))._id);
  }
  return { t, admin: staff, customers, facilityIds, signatures: new Map() };
}

/** Empties what a sequence writes and puts the clock, facilities and customers back where a sequence starts. */
export async function resetWorld(w: ModelWorld): Promise<void> {
  // DELETE, not TRUNCATE: on a few dozen rows it is far cheaper (TRUNCATE rewrites files and takes exclusive locks).
  // The wallet's ledger refuses deletes (it is append-only): a new sequence starts from empty wallets with its triggers set aside.
  await w.t.database.db.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    for (const table of ['wallet_expiry_notices', 'wallet_entries', 'wallets']) await sql`DELETE FROM ${sql.table(table)}`.execute(trx);
  });
  for (const table of ['booking_shares', 'booking_players', 'waitlist_entries', 'refunds', 'payment_events', 'order_bookings', 'orders', 'bookings', 'booking_series', 'closures']) await sql`DELETE FROM ${sql.table(table)}`.execute(w.t.database.db);
  await sql`UPDATE facilities SET is_deleted = false`.execute(w.t.database.db);
  // A part deleted by the last sequence was unlinked: it is part of its parent again.
  for (const [i, f] of MODEL_FACILITIES.entries()) {
    if (f.parent !== undefined) await w.t.database.db.updateTable('facilities').set({ parent_id: w.facilityIds[f.parent]! }).where('id', '=', w.facilityIds[i]!).execute();
  }
  await reactivateCustomers(w);
  w.t.clock.set(new Date(MODEL_START).toISOString());
  w.signatures.clear();
}

/** Customers deactivated by the last sequence come back, with tokens for their current token version. */
async function reactivateCustomers(w: ModelWorld): Promise<void> {
  const { db } = w.t.database;
  const ids = w.customers.map((c) => c.id);
  const revived = await db.updateTable('users').set({ deleted_at: null }).where('id', 'in', ids).where('deleted_at', 'is not', null).returning(['id', 'token_version']).execute();
  for (const row of revived) {
    const c = w.customers.find((x) => x.id === row.id)!;
    c.token = w.t.app.issueToken({ sub: row.id, ver: row.token_version });
    c.auth = { authorization: `Bearer ${c.token}` };
  }
}

class Mismatch extends Error {
  override name = 'ModelMismatch';
}

const describeBooking = (b: { id: string; facility: string; startsAt: number; endsAt: number; status: string; payment: string; cents: number; dueAt: number | undefined }) =>
  `${b.id.slice(0, 8)} fac=${b.facility.slice(0, 8)} ${new Date(b.startsAt).toISOString()}..${new Date(b.endsAt).toISOString()} ${b.status}/${b.payment} ${b.cents}c${b.dueAt === undefined ? '' : ` shares due ${new Date(b.dueAt).toISOString()}`}`;

/** The bookings and orders tables must hold exactly what the model says, and no overlap. */
async function compareDatabase(w: ModelWorld, model: BookingModel): Promise<void> {
  const db = w.t.database.db;
  const bookings = await db.selectFrom('bookings').select(['id', 'facility_id', 'starts_at', 'ends_at', 'status', 'payment_status', 'payable_cents', 'shares_due_at']).execute();
  const actual = bookings
    .map((r) => describeBooking({
      id: r.id, facility: r.facility_id, startsAt: new Date(r.starts_at).getTime(), endsAt: new Date(r.ends_at).getTime(), status: r.status, payment: r.payment_status, cents: r.payable_cents,
      dueAt: r.shares_due_at === null ? undefined : new Date(r.shares_due_at).getTime(),
    }))
    .sort();
  const expected = model.bookings
    .map((b) => describeBooking({ id: b.id, facility: w.facilityIds[b.facility]!, startsAt: b.startsAt, endsAt: b.endsAt, status: b.status, payment: b.payment, cents: b.cents, dueAt: b.dueAt }))
    .sort();
  if (actual.join('\n') !== expected.join('\n')) {
    throw new Mismatch(`bookings table differs from the model\n  database: ${actual.join('\n            ')}\n  model:    ${expected.join('\n            ')}`);
  }
  // Desk orders' ids are not in any answer: they are compared by what they are. Each order's payer,
  // kind, amount and refunds too: every refund goes back through the order (so to the payer) that took the money.
  const customerOf = (userId: string) => `c${w.customers.findIndex((c) => c.id === userId)}`;
  // Credit bought at the desk is compared as the wallets' balances below.
  const orders = (await db.selectFrom('orders').select(['id', 'status', 'provider', 'kind', 'user_id', 'amount_cents', 'refunded_cents', 'wallet_cents', 'wallet_refunded_cents']).where('kind', '!=', 'top_up').execute())
    .map((o) => `${o.provider === 'desk' ? 'desk' : o.id.slice(0, 8)} ${o.kind} ${customerOf(o.user_id)} ${o.amount_cents}c ${o.status} refunded ${o.refunded_cents}c credit ${o.wallet_cents}c back ${o.wallet_refunded_cents}c`)
    .sort();
  const describeOrder = (o: ModelOrder, desk: boolean) =>
    `${desk ? 'desk' : o.id.slice(0, 8)} ${o.kind} c${o.owner} ${o.amountCents}c ${o.status} refunded ${o.refundedCents}c credit ${o.walletCents}c back ${o.walletRefundedCents}c`;
  const modelOrders = [...model.orders.map((o) => describeOrder(o, false)), ...model.deskOrders.map((o) => describeOrder(o, true))].sort();
  if (orders.join('\n') !== modelOrders.join('\n')) {
    throw new Mismatch(`orders table differs from the model\n  database: ${orders.join('\n            ')}\n  model:    ${modelOrders.join('\n            ')}`);
  }
  await compareShares(w, model);
  const wallets = await db.selectFrom('wallets').select(['user_id', 'balance_cents']).execute();
  const balances = w.customers.map((c) => wallets.find((x) => x.user_id === c.id)?.balance_cents ?? 0);
  if (balances.join(',') !== model.wallets.join(',')) throw new Mismatch(`wallet balances differ from the model\n  database: ${balances.join(', ')}\n  model:    ${model.wallets.join(', ')}`);
  const money = await moneyProblems(db);
  if (money.length > 0) throw new Mismatch(`the money does not add up in the database:\n  ${money.join('\n  ')}`);
  // What clients are shown (the admin list): a lapsed hold already reads as expired, prices in dollars.
  const listed = await w.t.app.inject({ url: '/api/bookings?limit=1000', headers: w.admin.auth });
  const wire = (listed.json().data as { _id: string; status: string; paymentStatus: string; payableAmount: number }[])
    .map((b) => `${b._id.slice(0, 8)} ${b.status}/${b.paymentStatus} $${b.payableAmount}`)
    .sort();
  const modelWire = model.bookings.map((b) => `${b.id.slice(0, 8)} ${model.wireStatus(b)}/${b.payment} $${b.cents / 100}`).sort();
  if (wire.join('\n') !== modelWire.join('\n')) {
    throw new Mismatch(`GET /api/bookings differs from the model\n  api:   ${wire.join(', ')}\n  model: ${modelWire.join(', ')}`);
  }
  const closed = (await db.selectFrom('closure_facilities').select(['closure_id', 'facility_id', 'starts_at', 'ends_at']).execute())
    .map((c) => `${c.closure_id.slice(0, 8)} fac=${c.facility_id.slice(0, 8)} ${new Date(c.starts_at).toISOString()}..${new Date(c.ends_at).toISOString()}`)
    .sort();
  const modelClosed = model.closures
    .map((c) => `${c.id.slice(0, 8)} fac=${w.facilityIds[c.facility]!.slice(0, 8)} ${new Date(c.startsAt).toISOString()}..${new Date(c.endsAt).toISOString()}`)
    .sort();
  if (closed.join('\n') !== modelClosed.join('\n')) throw new Mismatch(`closures differ from the model\n  database: ${closed.join(', ')}\n  model:    ${modelClosed.join(', ')}`);
  const underClosure = await countBookingsUnderClosures(db);
  if (underClosure !== 0) throw new Mismatch(`${underClosure} active booking(s) under a closure in the database`);
  const overlaps = await countOverlaps(db);
  if (overlaps !== 0) throw new Mismatch(`${overlaps} overlapping active booking pair(s) in the database`);
}

interface Reply {
  status: number;
  body: string;
  location?: string;
}

const describeEntry = (w: ModelWorld, e: EntryView) => {
  const o = e.offer;
  const offer = o ? ` offer=${o.bookingId.slice(0, 8)} until ${new Date(o.expiresAt).toISOString()} fac=${w.facilityIds[o.facility]!.slice(0, 8)} ${o.date} ${o.startTime}-${o.endTime} $${o.cents / 100}` : '';
  return `${e.id.slice(0, 8)} ${e.status} #${e.position ?? '-'}${offer}`;
};

interface WireEntry {
  id: string;
  status: EntryView['status'];
  position: number | null;
  offer: { bookingId: string; expiresAt: string; facility: { id: string }; date: string; startTime: string; endTime: string; amount: number } | null;
}

/** An entry as the API answered it, in the model's terms. */
const fromWire = (w: ModelWorld, e: WireEntry): EntryView => ({
  id: e.id,
  status: e.status,
  position: e.position,
  offer: e.offer && { ...e.offer, expiresAt: Date.parse(e.offer.expiresAt), facility: w.facilityIds.indexOf(e.offer.facility.id), cents: Math.round(e.offer.amount * 100) },
});

/**
 * The waitlist's rows (status, offered booking, whether it still wants its time) and what each
 * customer's GET /api/waitlist shows (status, place in line, offer) must equal the model.
 */
async function compareWaitlist(w: ModelWorld, model: BookingModel): Promise<void> {
  const rows = await w.t.database.db.selectFrom('waitlist_entries as e')
    .select((eb) => ['e.id', 'e.user_id', 'e.status', 'e.offer_booking_id', eb.selectFrom('waitlist_wants as ww').whereRef('ww.entry_id', '=', 'e.id').select(sql<number>`count(*)::int`.as('n')).as('wants')])
    .execute();
  const customerOf = (userId: string) => w.customers.findIndex((c) => c.id === userId);
  const actual = rows.map((r) => `${r.id.slice(0, 8)} c${customerOf(r.user_id)} ${r.status} offer=${r.offer_booking_id?.slice(0, 8) ?? '-'} wants=${r.wants ?? 0}`).sort();
  const expected = model.entries.map((e) => `${e.id.slice(0, 8)} c${e.owner} ${e.status} offer=${e.offer?.slice(0, 8) ?? '-'} wants=${e.status === 'waiting' ? 1 : 0}`).sort();
  if (actual.join('\n') !== expected.join('\n')) {
    throw new Mismatch(`waitlist_entries differs from the model\n  database: ${actual.join('\n            ')}\n  model:    ${expected.join('\n            ')}`);
  }
  // The rows equal the model's, so a customer without entries lists none: only those with some are asked.
  const asked = w.customers.flatMap((c, i) => (model.customersActive[i] && model.entries.some((e) => e.owner === i) ? [{ c, i }] : []));
  const replies = await Promise.all(asked.map(({ c }) => w.t.app.inject({ url: '/api/waitlist', headers: c.auth })));
  for (const [k, res] of replies.entries()) {
    const { i } = asked[k]!;
    const listed = res.statusCode === 200 ? (res.json().data as WireEntry[]).map((e) => describeEntry(w, fromWire(w, e))) : [];
    const modelListed = model.entriesOf(i).map((e) => describeEntry(w, e));
    if (res.statusCode !== 200 || listed.join('\n') !== modelListed.join('\n')) {
      throw new Mismatch(`GET /api/waitlist of customer ${i} differs from the model (${res.statusCode})\n  api:   ${listed.join('\n         ')}\n  model: ${modelListed.join('\n         ')}`);
    }
  }
}

/** Offers the hand-over made get the ids the API gave their bookings (no answer carries them). */
async function nameOffers(w: ModelWorld, model: BookingModel): Promise<void> {
  const unnamed = model.unnamedOffers();
  if (unnamed.length === 0) return;
  const rows = await w.t.database.db.selectFrom('waitlist_entries').select(['id', 'offer_booking_id']).where('id', 'in', unnamed.map((e) => e.id)).execute();
  for (const e of unnamed) {
    const bookingId = rows.find((r) => r.id === e.id)?.offer_booking_id;
    if (bookingId) model.nameOffer(e, bookingId);
  }
}

/**
 * The shares of split bookings (booking_shares) must be the model's: amount, status, the player
 * it is reserved for (a place that ended marked so), the order whose money it is, who paid it.
 */
async function compareShares(w: ModelWorld, model: BookingModel): Promise<void> {
  const rows = await w.t.database.db.selectFrom('booking_shares as s')
    .leftJoin('booking_players as p', 'p.id', 's.player_id')
    .select(['s.booking_id', 's.seq', 's.amount_cents', 's.status', 's.order_id', 's.paid_by', 'p.user_id', 'p.left_at'])
    .execute();
  const who = (userId: string | null) => (userId === null ? '-' : `c${w.customers.findIndex((c) => c.id === userId)}`);
  const actual = rows
    .map((r) => `${r.booking_id.slice(0, 8)} #${r.seq} ${r.amount_cents}c ${r.status} for=${who(r.user_id)}${r.left_at ? ' (left)' : ''} order=${r.order_id?.slice(0, 8) ?? '-'} by=${who(r.paid_by)}`)
    .sort();
  const expected = model.bookings
    .flatMap((b) => (b.shares ?? []).map((s) => {
      const place = s.place ? `c${s.place.customer}${model.places.includes(s.place) ? '' : ' (left)'}` : '-';
      return `${b.id.slice(0, 8)} #${s.seq} ${s.amountCents}c ${s.status} for=${place} order=${s.orderId?.slice(0, 8) ?? '-'} by=${s.paidBy === null ? '-' : `c${s.paidBy}`}`;
    }))
    .sort();
  if (actual.join('\n') !== expected.join('\n')) {
    throw new Mismatch(`booking_shares differs from the model\n  database: ${actual.join('\n            ')}\n  model:    ${expected.join('\n            ')}`);
  }
}

/** Cover orders the due time made get the ids the API gave them (no answer carries them): one new per booking per sweep. */
async function nameCovers(w: ModelWorld, model: BookingModel): Promise<void> {
  const unnamed = model.unnamedCovers();
  if (unnamed.length === 0) return;
  const known = new Set(model.orders.map((o) => o.id));
  const rows = await w.t.database.db.selectFrom('orders as o').innerJoin('order_bookings as ob', 'ob.order_id', 'o.id')
    .select(['o.id', 'ob.booking_id']).where('o.kind', '=', 'cover').execute();
  for (const o of unnamed) {
    const row = rows.find((r) => r.booking_id === o.bookingIds[0] && !known.has(r.id));
    if (!row) throw new Mismatch(`the model charged the unpaid shares of booking ${o.bookingIds[0]} to its organizer; the database has no new cover order for it`);
    known.add(row.id);
    model.nameCover(o, row.id);
  }
}

/** The id of a booking's open checkout, if it has one. */
async function openOrderOf(w: ModelWorld, bookingId: string): Promise<string | undefined> {
  const row = await w.t.database.db
    .selectFrom('orders as o')
    .innerJoin('order_bookings as ob', 'ob.order_id', 'o.id')
    .where('ob.booking_id', '=', bookingId)
    .where('o.status', '=', 'pending')
    .select('o.id')
    .executeTakeFirst();
  return row?.id;
}

async function step(w: ModelWorld, model: BookingModel, cmd: Command, stats: ModelStats): Promise<void> {
  const { app } = w.t;
  const send = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: ApiActor | undefined, payload?: object): Promise<Reply> => {
    const res = await app.inject({ method, url, headers: who?.auth, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.body, location: res.headers.location as string | undefined };
  };
  const tokenOf = (actor: Actor, b: ModelBooking) => (actor === 'admin' ? w.admin : w.customers[actor === 'owner' ? b.owner : 1 - b.owner]!);
  const slotBody = (s: SlotRequest) => ({ facility: w.facilityIds[s.facility]!, date: dateOf(s.day), startTime: timeOf(s.startHour), endTime: timeOf(s.startHour + s.hours) });
  const expectReply = (expected: Expectation, reply: Reply, createdId?: string | string[]) => {
    // A refusal's code joins the key for the rules the model must reach (a quota, the waitlist's).
    const code = reply.status === 409 ? /"code":"(QUOTA_REACHED|HAS_PARTS|WAITLISTED|SLOT_FREE|WAITLIST_LIMIT_REACHED|BOOKING_FULL|NOT_JOINABLE|IS_ORGANIZER|SHARE_ALREADY_PAID|NOT_SPLIT|NO_OPEN_SHARE|SHARES_CLOSED)"/.exec(reply.body)?.[1] : undefined;
    const key = `${cmd.kind} ${reply.status}${code ? ` ${code}` : ''}${reply.location ? ` ${reply.location.split('?')[0]}` : ''}`;
    stats.outcomes[key] = (stats.outcomes[key] ?? 0) + 1;
    const locationOk = expected.location === undefined || (reply.location ?? '').startsWith(expected.location);
    const codeOk = expected.code === undefined || /"code":"([A-Z_]+)"/.exec(reply.body)?.[1] === expected.code;
    const idOk = expected.id === undefined || (JSON.parse(reply.body) as { data?: { id?: string } }).data?.id === expected.id;
    if (reply.status !== expected.status || !locationOk || !codeOk || !idOk) {
      const want = `${expected.status}${expected.code ? ` ${expected.code}` : ''}${expected.id ? ` entry ${expected.id.slice(0, 8)}` : ''}${expected.location ? ` -> ${expected.location}` : ''}`;
      throw new Mismatch(`expected ${want}, got ${reply.status}${reply.location ? ` -> ${reply.location}` : ''}: ${reply.body.slice(0, 300)}`);
    }
    expected.apply?.(createdId);
  };
  // The hosted page shows its signed form while the order is open; a browser that kept it can post it again later.
  const readSignature = async (orderId: string) => {
    const page = await send('GET', `/pay/${orderId}`, undefined);
    const signature = /name="signature" value="([0-9a-f]+)"/.exec(page.body)?.[1];
    if (page.status !== 200 || !signature) throw new Mismatch(`the payment page of new order ${orderId} answered ${page.status} without a signature`);
    w.signatures.set(orderId, signature);
  };
  // A join or leave answers with the entry as GET /api/waitlist would show it.
  const expectEntryAnswer = (reply: Reply) => {
    if (reply.status !== 200 && reply.status !== 201) return;
    const answered = fromWire(w, (JSON.parse(reply.body) as { data: WireEntry }).data);
    const e = model.entry(answered.id);
    if (!e) throw new Mismatch(`the answer names entry ${answered.id}, which the model does not have`);
    const [got, want] = [describeEntry(w, answered), describeEntry(w, model.entryView(e))];
    if (got !== want) throw new Mismatch(`the answer shows the entry as\n  api:   ${got}\n  model: ${want}`);
  };
  // Orders with a hosted page (a cover order is charged on the organizer's saved card, with no page).
  const hosted = () => model.orders.filter((o) => o.kind !== 'cover' && o.provider !== 'wallet');
  // The newest booking that looks joinable (what a party's steps share).
  const latestOpen = () => model.bookings.filter((b) => (b.status === 'pending' || b.status === 'confirmed') && b.startsAt > model.now).at(-1);
  // The periodic sweeper: lapsed holds, the waitlist, then the due time of split bookings.
  const sweep = async () => {
    await sweepHolds(app.ctx);
    await sweepWaitlist(app.ctx);
    await coverDueShares(app.ctx);
    await sweepWallets(app.ctx);
    model.sweep();
  };
  const signed = (orderId: string, action: 'confirm' | 'cancel') => send('POST', `/pay/${orderId}/${action}`, undefined, { signature: w.signatures.get(orderId)! });

  switch (cmd.kind) {
    case 'book': {
      const expected = model.book(cmd.customer, cmd.slot);
      const reply = await send('POST', '/api/bookings', w.customers[cmd.customer], slotBody(cmd.slot));
      return expectReply(expected, reply, reply.status === 201 ? JSON.parse(reply.body).data._id : undefined);
    }
    case 'move':
    case 'cancel': {
      const b = cmd.kind === 'cancel' && cmd.latest ? latestOpen() : model.bookings[cmd.pick % Math.max(1, model.bookings.length)];
      if (!b) return void stats.skipped++;
      const expected = cmd.kind === 'move' ? model.move(cmd.actor, b, cmd.slot) : model.cancel(cmd.actor, b);
      const reply = cmd.kind === 'move'
        // Staff confirm the price change a move makes (the back office shows it first).
        ? await send('PUT', `/api/bookings/${b.id}`, tokenOf(cmd.actor, b), { ...slotBody(cmd.slot), ...(cmd.actor === 'admin' ? { confirmPriceChange: true } : {}) })
        : await send('DELETE', `/api/bookings/${b.id}`, tokenOf(cmd.actor, b));
      // A hold staff moved gets a new payment page: its order's id is in no answer, so it is read here.
      const newLink = cmd.kind === 'move' && reply.status === 200 ? await openOrderOf(w, b.id) : undefined;
      expectReply(expected, reply, newLink);
      if (newLink) await readSignature(newLink);
      return;
    }
    case 'checkout': {
      if (model.bookings.length === 0) return void stats.skipped++;
      // The first pick is among the buyer's own bookings when they have any (real checkouts); a second, among all.
      const own = model.bookings.filter((b) => b.owner === cmd.customer);
      const ids = cmd.picks.map((p, i) => (i === 0 && own.length ? (cmd.latest ? own.at(-1)! : own[p % own.length]!) : model.bookings[p % model.bookings.length]!).id);
      const total = (cents: number) => cents + (cmd.wrongTotal ? 100 : 0);
      const expected = model.checkout(cmd.customer, ids, total, cmd.split, cmd.useWallet === true);
      const serverCents = [...new Set(ids)].reduce((sum, id) => sum + model.booking(id)!.cents, 0);
      const buyer = w.customers[cmd.customer]!;
      const reply = await send('POST', '/api/order/create', buyer, {
        user: { name: 'Model Buyer', email: buyer.email, phone: '555-0100', address: '1 Main St' },
        totalPayableAmount: total(serverCents) / 100,
        bookingIds: ids.map((bookingId) => ({ bookingId })),
        ...(cmd.split ? { split: true } : {}),
        ...(cmd.useWallet ? { useWallet: true } : {}),
      });
      const orderId = reply.status === 201 ? (JSON.parse(reply.body).data.orderId as string) : undefined;
      expectReply(expected, reply, orderId);
      // An order credit paid in full has no hosted page to read.
      if (orderId && model.orders.find((o) => o.id === orderId)?.provider !== 'wallet') await readSignature(orderId);
      return;
    }
    case 'top-up': {
      const expected = model.topUp(cmd.customer, cmd.cents);
      const reply = await send('POST', `/api/admin/users/${w.customers[cmd.customer]!.id}/wallet/top-up`, w.admin, { amount: cmd.cents / 100, paymentMethod: 'cash' });
      return expectReply(expected, reply);
    }
    case 'pay':
    case 'abandon': {
      const order = cmd.latest ? hosted().at(-1) : hosted()[cmd.pick % Math.max(1, hosted().length)];
      if (!order) return void stats.skipped++;
      const expected = cmd.kind === 'pay' ? model.payOnPage(order) : model.abandon(order);
      return expectReply(expected, await signed(order.id, cmd.kind === 'pay' ? 'confirm' : 'cancel'));
    }
    case 'provider-pays': {
      const order = hosted()[cmd.pick % Math.max(1, hosted().length)];
      if (!order) return void stats.skipped++;
      const expected = model.pay(order);
      // The same payment event as the page's: a provider reporting it again is a duplicate.
      const outcome = await providerPays(app, order.id, `pay:${order.id}`);
      return expectReply(expected, { status: 303, body: outcome, location: outcome === 'flagged' || outcome === 'refunded' ? '/payment/refunded' : '/payment/success' });
    }
    case 'wait':
      w.t.clock.advance(cmd.minutes * 60_000);
      return model.wait(cmd.minutes);
    case 'sweep':
      return sweep();
    case 'share': {
      // A player pays their share: the checkout, then (mostly) Pay on the sandbox's page.
      const split = model.bookings.filter((x) => x.shares);
      const b = cmd.latest ? latestOpen() : split[cmd.pick % Math.max(1, split.length)];
      if (!b) return void stats.skipped++;
      const expected = model.shareCheckout(cmd.customer, b);
      const reply = await send('POST', `/api/bookings/${b.id}/share/checkout`, w.customers[cmd.customer]);
      const answer = reply.status === 201 ? (JSON.parse(reply.body) as { data: { orderId: string; amount: number } }).data : undefined;
      expectReply(expected, reply, answer?.orderId);
      if (!answer) return;
      if (Math.round(answer.amount * 100) !== model.order(answer.orderId).amountCents) {
        throw new Mismatch(`the share checkout answers ${answer.amount}, the model's share is ${model.order(answer.orderId).amountCents}c`);
      }
      await readSignature(answer.orderId);
      if (!cmd.pays) return;
      const order = model.order(answer.orderId);
      // Counted as `share 303 /payment/success` (or /payment/refunded).
      return expectReply(model.payOnPage(order), await signed(order.id, 'confirm'));
    }
    case 'due': {
      // The clock reaches the due time of a split booking with shares still open, and the sweeper runs.
      const due = model.bookings.filter((b) => b.status === 'confirmed' && b.dueAt !== undefined && b.shares!.some((s) => s.status === 'open'));
      const b = due[cmd.pick % Math.max(1, due.length)];
      if (!b) return void stats.skipped++;
      const minutes = Math.max(0, Math.ceil((b.dueAt! - model.now) / MINUTE_MS));
      w.t.clock.advance(minutes * 60_000);
      model.wait(minutes);
      return sweep();
    }
    case 'join': {
      // Mostly a booking that holds its time (so the join finds it taken), any when none does; never on a linked court.
      const joinable = model.bookings.filter((x) => UNLINKED_FACILITIES.includes(x.facility));
      const holding = joinable.filter((x) => x.status === 'confirmed' || model.wireStatus(x) === 'pending');
      const among = holding.length ? holding : joinable;
      const b = cmd.booked === null ? undefined : among[cmd.booked % Math.max(1, among.length)];
      const slot = b ? model.slotOf(b) : cmd.slot;
      const expected = model.join(cmd.customer, slot);
      const { facility, ...at } = slotBody(slot);
      const reply = await send('POST', '/api/waitlist', w.customers[cmd.customer], { facilityId: facility, ...at });
      expectReply(expected, reply, reply.status === 201 ? JSON.parse(reply.body).data.id : undefined);
      return expectEntryAnswer(reply);
    }
    case 'free': {
      const inTheWay = model.entries.filter((e) => e.status === 'waiting').flatMap((e) => model.bookingsInTheWay(e));
      const b = inTheWay[cmd.pick % Math.max(1, inTheWay.length)];
      if (!b) return void stats.skipped++;
      return expectReply(model.cancel(cmd.actor, b), await send('DELETE', `/api/bookings/${b.id}`, tokenOf(cmd.actor, b)));
    }
    case 'snatch': {
      // Mostly an entry whose time is open and kept for it (a hold in its way lapsed), when there is one.
      const kept = model.entries.filter((e) => model.keepsTime(e));
      const among = kept.length ? kept : model.entries;
      const e = among[cmd.pick % Math.max(1, among.length)];
      if (!e) return void stats.skipped++;
      const customer = cmd.own ? e.owner : 1 - e.owner;
      const expected = model.book(customer, e.slot);
      const reply = await send('POST', '/api/bookings', w.customers[customer], slotBody(e.slot));
      return expectReply(expected, reply, reply.status === 201 ? JSON.parse(reply.body).data._id : undefined);
    }
    case 'leave': {
      const e = model.entries[cmd.pick % Math.max(1, model.entries.length)];
      if (!e) return void stats.skipped++;
      const expected = model.leave(cmd.actor, e);
      const reply = await send('DELETE', `/api/waitlist/${e.id}`, w.customers[cmd.actor === 'owner' ? e.owner : 1 - e.owner]);
      expectReply(expected, reply);
      // The answer shows the entry after any hand-over: the offer's id is read first.
      await nameOffers(w, model);
      return expectEntryAnswer(reply);
    }
    case 'decline': {
      // An offer declined by cancelling its hold, as any hold (a lapsed one too: refused).
      const offered = model.entries.filter((e) => e.status === 'offered');
      const e = offered[cmd.pick % Math.max(1, offered.length)];
      if (!e) return void stats.skipped++;
      const b = model.booking(e.offer!)!;
      return expectReply(model.cancel('owner', b), await send('DELETE', `/api/bookings/${b.id}`, w.customers[b.owner]));
    }
    case 'lapse': {
      // The clock passes the end of a live offer, or of a hold a waiting entry waits behind.
      const offers = model.entries.filter((e) => model.entryStatus(e) === 'offered').map((e) => model.booking(e.offer!)!);
      const holds = model.entries.filter((e) => e.status === 'waiting').flatMap((e) => model.bookingsInTheWay(e)).filter((b) => b.status === 'pending');
      const live = [...offers, ...holds];
      const b = live[cmd.pick % Math.max(1, live.length)];
      if (!b) return void stats.skipped++;
      const minutes = Math.ceil((Math.min(b.holdExpiresAt!, b.startsAt) - model.now) / MINUTE_MS) + 1;
      w.t.clock.advance(minutes * 60_000);
      model.wait(minutes);
      stats.outcomes.lapse = (stats.outcomes.lapse ?? 0) + 1;
      return;
    }
    case 'play':
    case 'friend':
    case 'quit': {
      // Mostly bookings that look joinable (not cancelled, not started), so places fill up; lapsed holds among them.
      const open = model.bookings.filter((b) => (b.status === 'pending' || b.status === 'confirmed') && b.startsAt > model.now);
      const pool = cmd.pick % 4 === 3 || open.length === 0 ? model.bookings : open;
      const b = cmd.latest ? open.at(-1) : pool[cmd.pick % Math.max(1, pool.length)];
      if (!b) return void stats.skipped++;
      if (cmd.kind === 'friend') {
        return expectReply(model.addFriend(cmd.actor, b), await send('POST', `/api/bookings/${b.id}/players`, tokenOf(cmd.actor, b), { name: 'Model Friend' }));
      }
      if (cmd.kind === 'quit') return expectReply(model.leaveBooking(cmd.customer, b), await send('DELETE', `/api/bookings/${b.id}/players/me`, w.customers[cmd.customer]));
      // The link as its organizer would share it (read by staff, who may, whoever the organizer is).
      const link = await send('GET', `/api/bookings/${b.id}/players`, w.admin);
      const token = (JSON.parse(link.body) as { data: { inviteUrl: string } }).data.inviteUrl.split('/').pop()!;
      return expectReply(model.joinBooking(cmd.customer, b), await send('POST', `/api/join/${token}`, w.customers[cmd.customer]));
    }
    case 'deactivate': {
      const expected = model.deactivate(cmd.customer);
      return expectReply(expected, await send('DELETE', `/api/users/${w.customers[cmd.customer]!.id}`, w.admin));
    }
    case 'desk': {
      const expected = model.deskBook(cmd.customer, cmd.slot, cmd.payment);
      const { facility, ...at } = slotBody(cmd.slot);
      const reply = await send('POST', '/api/admin/bookings', w.admin, { facilityId: facility, ...at, userId: w.customers[cmd.customer]!.id, payment: cmd.payment, lateEntry: true });
      return expectReply(expected, reply, reply.status === 201 ? JSON.parse(reply.body)._id : undefined);
    }
    case 'series': {
      const expected = model.series(cmd.customer, cmd.slot, cmd.count, cmd.onConflict);
      const { facility, date, ...times } = slotBody(cmd.slot);
      const reply = await send('POST', '/api/admin/series', w.admin, {
        facilityId: facility, firstDate: date, ...times, every: 1, count: cmd.count, userId: w.customers[cmd.customer]!.id, payment: 'unpaid', onConflict: cmd.onConflict,
      });
      const made = reply.status === 201 ? (JSON.parse(reply.body).occurrences as { bookingId: string }[]).map((o) => o.bookingId) : undefined;
      return expectReply(expected, reply, made);
    }
    case 'close': {
      const expected = model.close(cmd.slot.facility, cmd.slot, cmd.cancelBookings);
      const { date } = slotBody(cmd.slot);
      const reply = await send('POST', '/api/admin/closures', w.admin, {
        facilityIds: [w.facilityIds[cmd.slot.facility]!],
        start: `${date}T${timeOf(cmd.slot.startHour)}`,
        end: `${date}T${timeOf(cmd.slot.startHour + cmd.slot.hours)}`,
        reason: 'Model closure',
        kind: 'other',
        cancelBookings: cmd.cancelBookings,
      });
      return expectReply(expected, reply, reply.status === 201 ? JSON.parse(reply.body).id : undefined);
    }
    case 'reopen': {
      const closure = model.closures[cmd.pick % Math.max(1, model.closures.length)];
      if (!closure) return void stats.skipped++;
      return expectReply(model.reopen(closure), await send('DELETE', `/api/admin/closures/${closure.id}`, w.admin));
    }
    case 'facility': {
      const active = model.facilities[cmd.facility]!.active;
      const id = w.facilityIds[cmd.facility]!;
      const expected = model.setFacilityActive(cmd.facility, !active, cmd.cancelBookings);
      const reply = active
        ? await send('DELETE', `/api/facility/${id}${cmd.cancelBookings ? '?cancelBookings=true' : ''}`, w.admin)
        : await send('PUT', `/api/facility/${id}`, w.admin, { isDeleted: false });
      return expectReply(expected, reply);
    }
  }
}

/** The places held on bookings (booking_players, active) must be the model's: who, on which booking. */
async function comparePlayers(w: ModelWorld, model: BookingModel): Promise<void> {
  const rows = await w.t.database.db.selectFrom('booking_players').select(['booking_id', 'user_id']).where('left_at', 'is', null).execute();
  const actual = rows.map((r) => `${r.booking_id} ${r.user_id ?? 'friend'}`).sort();
  const expected = model.places.map((p) => `${p.booking} ${p.customer === null ? 'friend' : w.customers[p.customer]!.id}`).sort();
  if (actual.join('\n') !== expected.join('\n')) {
    throw new Mismatch(`booking_players differs from the model\n  database: ${actual.join('\n            ')}\n  model:    ${expected.join('\n            ')}`);
  }
}

/** Runs one sequence from an empty schedule; throws at the first disagreement, naming the step. */
export async function runSequence(w: ModelWorld, commands: Command[], stats: ModelStats): Promise<void> {
  await resetWorld(w);
  const model = new BookingModel(
    w.facilityIds.map((id, i) => ({ id, ...MODEL_FACILITIES[i]!, active: true })),
    w.t.config.holdMinutes,
    w.t.config.cancellationHours,
    { offerMinutes: w.t.config.waitlistOfferMinutes, maxPerCustomer: w.t.config.waitlistMaxPerCustomer },
  );
  stats.sequences++;
  const countEvents = () => {
    for (const [k, n] of Object.entries(model.events)) stats.outcomes[k] = (stats.outcomes[k] ?? 0) + n;
  };
  for (const [i, cmd] of commands.entries()) {
    stats.commands++;
    try {
      const offers = model.offersMade;
      await step(w, model, cmd, stats);
      if (model.offersMade > offers) stats.outcomes['waitlist offer'] = (stats.outcomes['waitlist offer'] ?? 0) + model.offersMade - offers;
      await nameOffers(w, model);
      await nameCovers(w, model);
      await compareDatabase(w, model);
      await compareWaitlist(w, model);
      await comparePlayers(w, model);
    } catch (err) {
      if (err instanceof Mismatch) err.message = `step ${i + 1} ${JSON.stringify(cmd)}: ${err.message}`;
      throw err;
    }
  }
  countEvents();
}

export interface ModelRunOptions {
  numRuns: number;
  maxCommands: number;
  seed: number;
  /** Stop generating new sequences after this long (fast-check's interruptAfterTimeLimit). */
  timeLimitMs?: number;
}

export interface ModelRunResult extends ModelStats {
  seed: number;
  runs: number;
  failed: boolean;
  interrupted: boolean;
  /** The smallest failing sequence fast-check found, and why it failed. */
  counterexample?: Command[];
  error?: string;
}

/** Generates `numRuns` sequences from `seed` (so a run can be replayed) and checks each; shrinks a failure. */
export async function runModelProperty(w: ModelWorld, opts: ModelRunOptions): Promise<ModelRunResult> {
  const stats: ModelStats = { sequences: 0, commands: 0, skipped: 0, outcomes: {} };
  const details = await fc.check(
    fc.asyncProperty(sequenceArbitrary(opts.maxCommands), async (commands) => {
      await runSequence(w, commands, stats);
    }),
    { numRuns: opts.numRuns, seed: opts.seed, interruptAfterTimeLimit: opts.timeLimitMs, markInterruptAsFailure: false },
  );
  const error = !details.failed ? undefined : details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  return {
    ...stats,
    seed: opts.seed,
    runs: details.numRuns,
    failed: details.failed,
    interrupted: details.interrupted,
    counterexample: details.counterexample?.[0],
    error,
  };
}
