import { lateShareReason, sharesDueAt, splitCents } from '@courtside/domain';
import type { OrderRow } from '@courtside/migrations';
import type { Executor } from '../../db/database.ts';
import * as bookings from '../../repositories/bookings.ts';
import * as players from '../../repositories/players.ts';
import type { ServiceContext } from '../../shared/context.ts';
import { enqueueSharePaid } from '../../mail/share-mail.ts';
import { recordRefund } from '../refunds.ts';
import * as orders from '../repositories/orders.ts';
import * as shares from '../repositories/shares.ts';

/**
 * Settling the payments of a split: the organizer's split order confirms the booking (as any
 * payment does) and opens its shares; a player's share order pays one share, or, when that share
 * was paid, charged to the organizer, or given up meanwhile, is refunded whole.
 */

/**
 * A booking just confirmed by its organizer's split order: its price (after the promo code) in
 * shares, theirs paid by this order, and the due time the others are charged to them at.
 */
export async function openShares(
  ctx: Pick<ServiceContext, 'config'>,
  trx: Executor,
  order: OrderRow,
  b: { id: string; priceCents: number; shares: number | null; startsAt: Date; createdAt: Date },
  now: Date,
): Promise<void> {
  await shares.insertShares(trx, { bookingId: b.id, amountsCents: splitCents(b.priceCents, b.shares!), orderId: order.id, organizerId: order.user_id, now });
  await bookings.setSharesDueAt(trx, b.id, sharesDueAt(b.startsAt, b.createdAt, ctx.config.shareDueHours));
  // Paying the split order is the organizer's agreement to cover what is unpaid at the due time.
  await shares.markCoverAgreed(trx, order.id, now);
}

/**
 * A player's payment for a share, on its locked order whose event was just recorded: the share
 * is theirs if it is still open and reserved for them on a confirmed booking (domain
 * lateShareReason); otherwise the money goes back whole. Under the booking's row lock, so a
 * share is paid once.
 */
export async function settleSharePayment(
  ctx: Pick<ServiceContext, 'config' | 'clock'>,
  trx: Executor,
  order: OrderRow,
  payment: { paymentRef?: string },
  now: Date,
): Promise<{ outcome: 'confirmed' | 'refunded'; refundIds: string[] }> {
  await orders.markOrder(trx, order.id, { status: 'paid', paidAt: now, paymentRef: payment.paymentRef }, now);
  const [bookingId] = await orders.bookingIdsOfOrder(trx, order.id);
  const [booking] = await bookings.lockBookings(trx, [bookingId!]);
  const share = (await shares.lockShares(trx, bookingId!)).find((s) => s.id === order.share_id);
  const place = await players.placeOf(trx, bookingId!, order.user_id);
  const why = lateShareReason({
    bookingConfirmed: booking?.status === 'confirmed',
    shareStatus: share?.status,
    reservedForPayer: place !== undefined && share?.player_id === place,
  });
  if (!why) {
    await shares.markSharePaid(trx, share!.id, order.id, order.user_id, now);
    await orders.markBookingPaidBy(trx, order.id, bookingId!, now);
    await enqueueSharePaid(ctx, trx, order.id);
    return { outcome: 'confirmed', refundIds: [] };
  }
  const refundIds = await recordRefund(ctx, trx, { orderId: order.id, provider: order.provider, bookingId: bookingId!, amountCents: order.amount_cents, reason: `share paid late: ${why}` }, now);
  return { outcome: 'refunded', refundIds };
}
