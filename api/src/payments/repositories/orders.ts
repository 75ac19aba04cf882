import { sql, type ExpressionBuilder } from 'kysely';
import type { Database, OrderRow } from '@courtside/migrations';
import type { DeskPaymentMethod, OrderKind } from '@courtside/domain';
import type { Executor } from '../../db/database.ts';
import { fetchPage, type PageQuery, idsOrNone } from '../../repositories/listing.ts';
import { escapeLike } from '../../repositories/users.ts';
import type { OrderClosedBecause } from '@courtside/domain';

/** A promo code on an order: what it took off, and each booking's share of that. */
export interface OrderDiscount {
  promoCodeId: string;
  discountCents: number;
  shares: Map<string, number>;
}

/**
 * A pending order; `amountCents` is what the provider charges, after the discount if there is one
 * and less `walletCents` of credit spent besides it, and
 * each booking's `amountCents` what it charges for that booking (a split order: the organizer's
 * share of it, one of `shares`).
 */
export async function insertOrder(
  db: Executor,
  order: {
    userId: string;
    amountCents: number;
    walletCents?: number;
    provider: string;
    kind: OrderKind;
    bookings: { id: string; amountCents: number; shares: number | null }[];
    discount?: OrderDiscount;
  },
): Promise<OrderRow> {
  const row = await db
    .insertInto('orders')
    .values({
      user_id: order.userId,
      amount_cents: order.amountCents,
      wallet_cents: order.walletCents ?? 0,
      provider: order.provider,
      status: 'pending',
      promo_code_id: order.discount?.promoCodeId ?? null,
      discount_cents: order.discount?.discountCents ?? 0,
      kind: order.kind,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_bookings')
    .values(order.bookings.map((b) => ({
      order_id: row.id,
      booking_id: b.id,
      discount_cents: order.discount?.shares.get(b.id) ?? 0,
      amount_cents: b.amountCents,
      shares: b.shares,
    })))
    .execute();
  return row;
}

/** Each booking's share of an order's discount (0 for every booking of an order without a code). */
export async function discountSharesOf(db: Executor, orderId: string): Promise<Map<string, number>> {
  return new Map([...(await chargesOfOrder(db, orderId))].map(([id, c]) => [id, c.discountCents]));
}

/**
 * What an order charges for each of its bookings: its share of the discount, the amount (null
 * on orders from before amounts were kept per booking: the price less the discount share), and
 * on a split order how many shares the booking's price is divided into.
 */
export async function chargesOfOrder(db: Executor, orderId: string): Promise<Map<string, { discountCents: number; amountCents: number | null; shares: number | null }>> {
  const rows = await db.selectFrom('order_bookings').select(['booking_id', 'discount_cents', 'amount_cents', 'shares']).where('order_id', '=', orderId).execute();
  return new Map(rows.map((r) => [r.booking_id, { discountCents: r.discount_cents, amountCents: r.amount_cents, shares: r.shares }]));
}

/** What an order without bookings buys: credit for its customer's wallet ('top_up') or a gift voucher ('voucher'). */
export interface NewCreditOrder {
  userId: string;
  kind: 'top_up' | 'voucher';
  amountCents: number;
  provider: string;
  description: string;
  creditCents?: number | null;
  bonusExpiresDays?: number | null;
  creditPackId?: string | null;
  giftRecipientEmail?: string | null;
  /** Paid at the desk as it is placed: who took the money, and how. */
  desk?: { takenBy: string; paymentMethod: DeskPaymentMethod };
}

/** An order without bookings: pending until its provider confirms payment, or paid already when taken at the desk. */
export function insertCreditOrder(db: Executor, o: NewCreditOrder, now: Date): Promise<OrderRow> {
  return db
    .insertInto('orders')
    .values({
      user_id: o.userId,
      kind: o.kind,
      amount_cents: o.amountCents,
      provider: o.provider,
      status: o.desk ? 'paid' : 'pending',
      paid_at: o.desk ? now : null,
      taken_by: o.desk?.takenBy ?? null,
      payment_method: o.desk?.paymentMethod ?? null,
      description: o.description,
      credit_cents: o.creditCents ?? null,
      bonus_expires_days: o.bonusExpiresDays ?? null,
      credit_pack_id: o.creditPackId ?? null,
      gift_recipient_email: o.giftRecipientEmail ?? null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A payment staff took at the desk: an order already paid, confirming its bookings. */
export async function insertDeskOrder(
  db: Executor,
  o: { userId: string; amountCents: number; bookingIds: string[]; takenBy: string; paymentMethod: DeskPaymentMethod; now: Date },
): Promise<OrderRow> {
  const row = await db
    .insertInto('orders')
    .values({ user_id: o.userId, amount_cents: o.amountCents, provider: 'desk', status: 'paid', paid_at: o.now, taken_by: o.takenBy, payment_method: o.paymentMethod, created_at: o.now, updated_at: o.now })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_bookings')
    .values(o.bookingIds.map((booking_id) => ({ order_id: row.id, booking_id, paid_at: o.now })))
    .execute();
  return row;
}

export async function setCheckout(db: Executor, id: string, checkout: { providerRef: string; paymentUrl: string; expiresAt: Date }, now: Date): Promise<void> {
  await db
    .updateTable('orders')
    .set({ provider_ref: checkout.providerRef, payment_url: checkout.paymentUrl, checkout_expires_at: checkout.expiresAt, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** The latest instant a Date can hold. */
const NEVER = 8.64e15;

/** What decides whether an order's hosted page may still take money (domain's isCheckoutOpen). */
export async function checkoutWindow(db: Executor, order: OrderRow) {
  const first = await db
    .selectFrom('order_bookings as ob')
    .innerJoin('bookings as b', 'b.id', 'ob.booking_id')
    .select((eb) => eb.fn.min('b.starts_at').as('starts_at'))
    .where('ob.order_id', '=', order.id)
    .executeTakeFirst();
  // An order without bookings (credit, a voucher) has no slot to start: its page is open until it expires.
  const firstStartsAt = first?.starts_at ? new Date(first.starts_at) : new Date(NEVER);
  return { status: order.status, expiresAt: order.checkout_expires_at, firstStartsAt };
}

export function findOrder(db: Executor, id: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export function lockOrder(db: Executor, id: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function bookingIdsOfOrder(db: Executor, orderId: string): Promise<string[]> {
  const rows = await db.selectFrom('order_bookings').select('booking_id').where('order_id', '=', orderId).execute();
  return rows.map((r) => r.booking_id);
}

/** The orders whose payment went to a booking, with the booking's share of each one's discount. */
function ordersPaying(db: Executor, bookingId: string) {
  return db
    .selectFrom('orders as o')
    .innerJoin('order_bookings as ob', 'ob.order_id', 'o.id')
    .selectAll('o')
    .select('ob.discount_cents as booking_discount_cents')
    .where('ob.booking_id', '=', bookingId)
    .where('ob.paid_at', 'is not', null);
}

/**
 * The order whose payment confirmed a booking, if any: its money goes back through that order.
 * `booking_discount_cents` is the booking's share of the order's discount: what was paid for the
 * booking is its price less that.
 */
export function orderThatPaid(db: Executor, bookingId: string): Promise<(OrderRow & { booking_discount_cents: number }) | undefined> {
  return ordersPaying(db, bookingId).orderBy('ob.paid_at', 'desc').executeTakeFirst();
}

/**
 * Every order whose payment went to a booking, oldest first (the one that paid it, then any desk
 * order for a balance collected after a move), with the booking's share of each one's discount.
 */
export function ordersThatPaid(db: Executor, bookingId: string): Promise<(OrderRow & { booking_discount_cents: number })[]> {
  return ordersPaying(db, bookingId).orderBy('ob.paid_at', 'asc').orderBy('o.created_at', 'asc').execute();
}

/** Notes that this order's payment confirmed the booking. */
export async function markBookingPaidBy(db: Executor, orderId: string, bookingId: string, now: Date): Promise<void> {
  await db.updateTable('order_bookings').set({ paid_at: now }).where('order_id', '=', orderId).where('booking_id', '=', bookingId).execute();
}

/** Ids of the bookings this order's payment confirmed. */
export async function bookingIdsPaidBy(db: Executor, orderId: string): Promise<string[]> {
  const rows = await db.selectFrom('order_bookings').select('booking_id').where('order_id', '=', orderId).where('paid_at', 'is not', null).execute();
  return rows.map((r) => r.booking_id);
}

export async function markOrder(
  db: Executor,
  id: string,
  changes: { status?: OrderRow['status']; paidAt?: Date; flagReason?: string; paymentRef?: string },
  now: Date,
): Promise<void> {
  await db
    .updateTable('orders')
    .set({
      updated_at: now,
      ...(changes.status ? { status: changes.status } : {}),
      ...(changes.paidAt ? { paid_at: changes.paidAt } : {}),
      // A new flag reopens the order for staff, even one they had resolved.
      ...(changes.flagReason ? { flag_reason: changes.flagReason, flag_resolved_at: null, flag_resolved_by: null } : {}),
      ...(changes.paymentRef ? { payment_ref: changes.paymentRef } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** Marks an order's open flag resolved; false when it has none open (not flagged, or resolved already). */
export async function resolveFlag(db: Executor, id: string, by: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('orders')
    .set({ flag_resolved_at: now, flag_resolved_by: by, updated_at: now })
    .where('id', '=', id)
    .where('flag_reason', 'is not', null)
    .where('flag_resolved_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Adds a refund to an order: of the provider's money, or (`fromWallet`) of the credit it spent.
 * The order reads 'refunded' once all of both went back.
 */
export async function addRefund(db: Executor, id: string, cents: number, now: Date, opts: { fromWallet?: boolean } = {}): Promise<void> {
  const card = opts.fromWallet ? 0 : cents;
  const credit = opts.fromWallet ? cents : 0;
  await db
    .updateTable('orders')
    .set({
      refunded_cents: sql`refunded_cents + ${card}`,
      wallet_refunded_cents: sql`wallet_refunded_cents + ${credit}`,
      status: sql`CASE WHEN refunded_cents + ${card} >= amount_cents AND wallet_refunded_cents + ${credit} >= wallet_cents THEN 'refunded' ELSE status END`,
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Cancels unpaid checkouts that went stale: those including a booking that changed (or that a
 * new checkout replaces), or all of a deactivated customer's. Returns them so their hosted
 * pages can be closed.
 */
export function cancelPendingOrdersOf(
  db: Executor,
  of: { bookingIds: string[] } | { userId: string },
  now: Date,
  /** Why, for the payment page to tell its customer (when the order alone cannot tell). */
  because: OrderClosedBecause | null = null,
): Promise<Pick<OrderRow, 'id' | 'provider' | 'provider_ref'>[]> {
  let query = db.updateTable('orders').set({ status: 'cancelled', closed_because: because, updated_at: now }).where('status', '=', 'pending');
  query = 'userId' in of
    ? query.where('user_id', '=', of.userId)
    : query.where('id', 'in', (eb) => eb.selectFrom('order_bookings').select('order_id').where('booking_id', 'in', of.bookingIds));
  return query.returning(['id', 'provider', 'provider_ref']).execute();
}

/**
 * Cancels unpaid orders holding credit whose checkout can no longer take money: the page expired,
 * a booking of it started, or the page never opened (an hour on). Their credit goes back
 * (sql/courtside_order_wallet_return.sql). SKIP LOCKED: a payment being applied is left to finish.
 */
export function cancelLapsedCreditOrders(db: Executor, now: Date, limit: number): Promise<{ id: string }[]> {
  return db
    .updateTable('orders')
    .set({ status: 'cancelled', updated_at: now })
    .where('id', 'in', (eb) => eb
      .selectFrom('orders as o')
      .select('o.id')
      .where('o.status', '=', 'pending')
      .whereRef('o.wallet_cents', '>', 'o.wallet_refunded_cents')
      .where((w) => w.or([
        w('o.checkout_expires_at', '<=', now),
        w.and([w('o.checkout_expires_at', 'is', null), w('o.created_at', '<=', new Date(now.getTime() - 3_600_000))]),
        w.exists(w.selectFrom('order_bookings as ob').innerJoin('bookings as b', 'b.id', 'ob.booking_id').select('b.id').whereRef('ob.order_id', '=', 'o.id').where('b.starts_at', '<=', now)),
      ]))
      .orderBy('o.created_at')
      .limit(limit)
      .forUpdate()
      .skipLocked())
    .returning('id')
    .execute();
}

/** The order a provider's checkout (a Stripe Checkout Session) was opened for, locked. */
export function lockOrderByCheckout(db: Executor, provider: string, providerRef: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('provider', '=', provider).where('provider_ref', '=', providerRef).forUpdate().executeTakeFirst();
}

export function findOrderByPaymentRef(db: Executor, provider: string, paymentRef: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('provider', '=', provider).where('payment_ref', '=', paymentRef).executeTakeFirst();
}

/** The order, who placed it and who resolved its flag, as the back office lists them. */
export interface PaymentView extends OrderRow {
  user_name: string;
  user_email: string;
  flag_resolved_by_name: string | null;
  promo_code: string | null;
  taken_by_name: string | null;
}

export interface PaymentFilter {
  ids?: string[];
  status?: OrderRow['status'][];
  provider?: string[];
  /** true: flagged and not resolved yet; false: everything else. */
  flagged?: boolean;
  /** true: with desk money still to hand back (a refund 'to_collect'); false: without. */
  toCollect?: boolean;
  userId?: string;
  q?: string;
}

function paymentViews(db: Executor, filter: PaymentFilter) {
  let query = db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .leftJoin('users as r', 'r.id', 'o.flag_resolved_by')
    .leftJoin('promo_codes as p', 'p.id', 'o.promo_code_id')
    .leftJoin('users as t', 't.id', 'o.taken_by')
    .selectAll('o')
    .select(['u.name as user_name', 'u.email as user_email', 'r.name as flag_resolved_by_name', 'p.code as promo_code', 't.name as taken_by_name']);
  if (filter.ids) query = query.where('o.id', 'in', idsOrNone(filter.ids));
  if (filter.status?.length) query = query.where('o.status', 'in', filter.status);
  if (filter.provider?.length) query = query.where('o.provider', 'in', filter.provider);
  if (filter.flagged !== undefined) {
    query = filter.flagged
      ? query.where('o.flag_reason', 'is not', null).where('o.flag_resolved_at', 'is', null)
      : query.where((eb) => eb.or([eb('o.flag_reason', 'is', null), eb('o.flag_resolved_at', 'is not', null)]));
  }
  if (filter.toCollect !== undefined) {
    const waiting = (eb: ExpressionBuilder<Database & { o: Database['orders'] }, 'o'>) =>
      eb.exists(eb.selectFrom('refunds as r').select('r.id').whereRef('r.order_id', '=', 'o.id').where('r.status', '=', 'to_collect'));
    query = query.where((eb) => (filter.toCollect ? waiting(eb) : eb.not(waiting(eb))));
  }
  if (filter.userId) query = query.where('o.user_id', '=', filter.userId);
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    query = query.where((eb) => eb.or([eb('u.name', 'ilike', pattern), eb('u.email', 'ilike', pattern)]));
  }
  return query;
}

export function pagePayments(db: Executor, filter: PaymentFilter, page: PageQuery) {
  return fetchPage(paymentViews(db, filter), page, 'o.id');
}

export function findPayment(db: Executor, id: string): Promise<PaymentView | undefined> {
  return paymentViews(db, {}).where('o.id', '=', id).executeTakeFirst();
}

/** (order, booking) pairs of some orders, with what each order charged for each booking (null on older orders: its price less discount_cents). */
export function bookingsOfOrders(db: Executor, orderIds: string[]): Promise<{ order_id: string; booking_id: string; amount_cents: number | null; discount_cents: number }[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('order_bookings').select(['order_id', 'booking_id', 'amount_cents', 'discount_cents']).where('order_id', 'in', orderIds).execute();
}

/** Records a provider event; false when it was seen before (events apply exactly once). */
export async function recordPaymentEvent(db: Executor, e: { provider: string; eventId: string; type: string; orderId: string | null }): Promise<boolean> {
  const row = await db
    .insertInto('payment_events')
    .values({ provider: e.provider, event_id: e.eventId, type: e.type, order_id: e.orderId })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return row !== undefined;
}
