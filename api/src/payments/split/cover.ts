import { formatCents, localTimes, displayDate, displayTimeRange } from '@courtside/domain';
import type { OrderRow } from '@courtside/migrations';
import type { Executor } from '../../db/database.ts';
import { retryTransaction } from '../../db/retry.ts';
import * as bookings from '../../repositories/bookings.ts';
import type { ServiceContext } from '../../shared/context.ts';
import { enqueuePaymentFlagged } from '../../mail/payment-mail.ts';
import { enqueueCoverDeclined, enqueueSharesCovered } from '../../mail/share-mail.ts';
import { closeCheckouts } from '../hosted-page.ts';
import { ChargeDeclinedError } from '../providers/provider.ts';
import { recordRefund, sendRefunds } from '../refunds.ts';
import * as orders from '../repositories/orders.ts';
import * as shares from '../repositories/shares.ts';

/**
 * The due time of a split booking: every share still open is charged to its organizer, in one
 * charge, once. Claiming is a PostgreSQL transaction under the booking's row lock that turns the
 * open shares 'covered' by a new cover order, so two sweeps (two API processes, or one run
 * twice) cannot both claim them. The charge runs after commit, off-session on the card the
 * organizer's split payment saved, with the cover order's id as its idempotency key: a charge
 * whose answer never came back (a crash, a timeout) is tried again with the same key, and the
 * provider answers it as the same charge.
 */

const BATCH = 20;
/** A cover charge with no answer for this long is tried again (same key). */
const RETRY_AFTER_MS = 60_000;

export async function coverDueShares(ctx: ServiceContext): Promise<{ covered: number; retried: number }> {
  const now = ctx.clock();
  let covered = 0;
  for (const bookingId of await shares.bookingsWithDueShares(ctx.db, now, BATCH)) {
    const claimed = await retryTransaction(() => ctx.db.transaction().execute((trx) => claimOpenShares(trx, bookingId, now)));
    if (!claimed) continue;
    await closeCheckouts(ctx, claimed.stale);
    await chargeCover(ctx, claimed.order);
    covered++;
  }
  const stale = await shares.claimStaleCovers(ctx.db, now, RETRY_AFTER_MS, BATCH);
  for (const order of stale) await chargeCover(ctx, order);
  return { covered, retried: stale.length };
}

/** Turns a due booking's open shares into one pending cover order; undefined when another sweep did (or nothing is open). */
async function claimOpenShares(trx: Executor, bookingId: string, now: Date) {
  const [booking] = await bookings.lockBookings(trx, [bookingId]);
  if (!booking || booking.status !== 'confirmed' || !booking.shares_due_at || booking.shares_due_at > now) return undefined;
  const open = (await shares.lockShares(trx, bookingId)).filter((s) => s.status === 'open');
  const split = await shares.splitOrderOf(trx, bookingId);
  if (open.length === 0 || !split) return undefined;
  const amountCents = open.reduce((sum, s) => sum + s.amount_cents, 0);
  const order = await shares.insertCoverOrder(trx, { userId: booking.user_id, provider: split.provider, bookingId, amountCents, now });
  await shares.setShares(trx, open.map((s) => s.id), { status: 'covered', orderId: order.id }, now);
  // A player's page still open for one of them can no longer take it.
  const stale = await shares.cancelPendingShareOrders(trx, open.map((s) => s.id), now);
  return { order, stale };
}

/**
 * Charges a pending cover order. Paid: the shares are the organizer's, and they are told (if the
 * booking was cancelled meanwhile, the money goes straight back). Declined: the order is
 * cancelled and flagged for staff, its shares 'owed', the organizer told what is owed; the
 * booking stays. Any other failure leaves it pending for the next try.
 */
export async function chargeCover(ctx: ServiceContext, order: OrderRow): Promise<void> {
  const [bookingId] = await orders.bookingIdsOfOrder(ctx.db, order.id);
  const split = await shares.splitOrderOf(ctx.db, bookingId!);
  const provider = ctx.payments.get(order.provider);
  let paymentRef: string;
  try {
    if (order.amount_cents === 0) paymentRef = `nothing-to-charge-${order.id}`;
    else if (!provider.chargeSaved || !split) throw new ChargeDeclinedError(`The ${provider.name} provider keeps no card to charge.`);
    else {
      ({ paymentRef } = await provider.chargeSaved({
        orderId: order.id,
        idempotencyKey: `cover-${order.id}`,
        amountCents: order.amount_cents,
        description: await describe(ctx, bookingId!),
        savedBy: { orderId: split.id, providerRef: split.provider_ref, paymentRef: split.payment_ref },
      }));
    }
  } catch (err) {
    if (err instanceof ChargeDeclinedError) await recordDeclined(ctx, order, err.message);
    return;
  }
  const refundIds = await ctx.db.transaction().execute(async (trx) => {
    const [booking] = await bookings.lockBookings(trx, [bookingId!]);
    const current = await orders.lockOrder(trx, order.id);
    if (current?.status !== 'pending') return [];
    await shares.markCoverPaid(trx, order.id, paymentRef, ctx.clock());
    if (booking?.status !== 'confirmed') {
      await shares.setShares(trx, (await shares.sharesOfOrder(trx, order.id)).map((s) => s.id), { status: 'refunded' }, ctx.clock());
      return recordRefund(ctx, trx, { orderId: order.id, provider: order.provider, bookingId: bookingId!, amountCents: order.amount_cents, reason: 'the booking was cancelled while its unpaid shares were charged' }, ctx.clock());
    }
    await enqueueSharesCovered(ctx, trx, order.id);
    return [];
  });
  await sendRefunds(ctx, refundIds);
}

async function recordDeclined(ctx: ServiceContext, order: OrderRow, why: string): Promise<void> {
  const reason = `The organizer's card was declined for ${formatCents(order.amount_cents, ctx.config.money)} of shares unpaid at the due time (${why}); the booking stays: collect it from them.`;
  await ctx.db.transaction().execute(async (trx) => {
    const current = await orders.lockOrder(trx, order.id);
    if (current?.status !== 'pending') return;
    const now = ctx.clock();
    await orders.markOrder(trx, order.id, { status: 'cancelled', flagReason: reason }, now);
    await shares.setShares(trx, (await shares.sharesOfOrder(trx, order.id)).map((s) => s.id), { status: 'owed' }, now);
    await enqueuePaymentFlagged(ctx, trx, order.id, reason);
    await enqueueCoverDeclined(ctx, trx, order.id);
  });
}

async function describe(ctx: ServiceContext, bookingId: string): Promise<string> {
  const v = (await bookings.findBookingView(ctx.db, bookingId))!;
  const { date, startTime, endTime } = localTimes(v.starts_at, v.ends_at, v.facility_timezone);
  const { locale } = ctx.config.money;
  return `Unpaid shares: ${v.facility_name}, ${displayDate(date, locale)}, ${displayTimeRange(startTime, endTime, locale)}`;
}
