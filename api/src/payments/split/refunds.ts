import { refundVia, type RefundVia } from '@courtside/domain';
import type { Executor } from '../../db/database.ts';
import type { ServiceContext } from '../../shared/context.ts';
import { recordRefund } from '../refunds.ts';
import * as orders from '../repositories/orders.ts';
import * as shares from '../repositories/shares.ts';

/**
 * Money of a split booking going back to whoever paid it: every paid share when the booking is
 * cancelled (within the policy, by staff, by a closure), or one player's share when they leave or
 * are removed (the share is open again, the organizer's to cover at the due time). Recorded in
 * the deciding transaction, under the booking's row lock; sent after commit (sendRefunds).
 */

/**
 * Refunds every payment of a cancelled split booking: each paid or covered share through the
 * order that paid it, and any balance the desk collected after a move. Undefined for a booking
 * not paid split. `cents`/`via` are the organizer's own, for their cancellation message; each
 * player hears of theirs in their own.
 */
export async function refundSplitBooking(
  ctx: Pick<ServiceContext, 'config' | 'clock'>,
  trx: Executor,
  bookingId: string,
  reason: string,
  now: Date,
  announced: boolean,
): Promise<{ refundIds: string[]; cents: number; via: RefundVia } | undefined> {
  const all = await shares.lockShares(trx, bookingId);
  if (all.length === 0) return undefined;
  const paying = await orders.ordersThatPaid(trx, bookingId);
  const held = new Map<string, number>();
  for (const s of all) {
    if ((s.status === 'paid' || s.status === 'covered') && s.order_id) held.set(s.order_id, (held.get(s.order_id) ?? 0) + s.amount_cents);
  }
  // A balance collected at the desk after a move is the organizer's too.
  for (const o of paying) if (o.kind === 'full') held.set(o.id, o.amount_cents - o.refunded_cents);
  const refundIds: string[] = [];
  // Shares exist only once the organizer's split order paid: it is always among the payers.
  const organizer = paying.find((o) => o.kind === 'split')!;
  let organizerCents = 0;
  for (const [orderId, cents] of held) {
    const order = paying.find((o) => o.id === orderId);
    // A cover charge still under way is refunded when it answers (cover.ts), not here.
    if (!order || order.status === 'pending' || cents <= 0) continue;
    refundIds.push(...(await recordRefund(ctx, trx, { orderId, provider: order.provider, bookingId, amountCents: cents, reason, announced: announced && order.user_id === organizer.user_id }, now)));
    if (order.user_id === organizer.user_id) organizerCents += cents;
  }
  await shares.setShares(trx, all.filter((s) => s.status === 'paid' || s.status === 'covered').map((s) => s.id), { status: 'refunded' }, now);
  return { refundIds, cents: organizerCents, via: refundVia(organizer.provider) };
}

/**
 * A player's place ended (they left, or were removed): the share reserved for them is free
 * again, its open checkout closes, and what they paid for it goes back to them.
 */
export async function releasePlayerShare(
  ctx: Pick<ServiceContext, 'config' | 'clock'>,
  trx: Executor,
  bookingId: string,
  placeId: string,
  reason: string,
  now: Date,
): Promise<{ refundIds: string[]; stale: Awaited<ReturnType<typeof shares.cancelPendingShareOrders>> }> {
  const share = (await shares.lockShares(trx, bookingId)).find((s) => s.player_id === placeId);
  if (!share) return { refundIds: [], stale: [] };
  const stale = await shares.cancelPendingShareOrders(trx, [share.id], now);
  if (share.status === 'open') {
    await shares.reserveShare(trx, share.id, null, now);
    return { refundIds: [], stale };
  }
  if (share.status !== 'paid' || !share.order_id) return { refundIds: [], stale };
  const order = (await orders.findOrder(trx, share.order_id))!;
  const refundIds = await recordRefund(ctx, trx, { orderId: order.id, provider: order.provider, bookingId, amountCents: share.amount_cents, reason }, now);
  await shares.reopenShare(trx, share.id, now);
  return { refundIds, stale };
}
