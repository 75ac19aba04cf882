import { DomainError, centsToDollars, displayDate, displayTimeRange, localTimes, noOpenShare, notJoinable, notSplit, shareAlreadyPaid, sharesClosed } from '@courtside/domain';
import type { ShareCheckoutDto } from '@courtside/contracts';
import { retryTransaction } from '../../db/retry.ts';
import * as bookings from '../../repositories/bookings.ts';
import * as players from '../../repositories/players.ts';
import type { CurrentUser, ServiceContext } from '../../shared/context.ts';
import { closeCheckouts, openHostedPage, storeCheckout } from '../hosted-page.ts';
import * as shares from '../repositories/shares.ts';

const bookingNotFound = (id: string) => new DomainError('not_found', 'BOOKING_NOT_FOUND', `Booking ${id} not found.`);

/**
 * A player pays their share: the share reserved for their place, or the first one nobody has
 * taken (reserved for them now), on a hosted page of the provider that took the organizer's
 * payment. Under the booking's row lock, so two players cannot take one share; a newer checkout
 * for the share replaces (cancels) an older one, and a paid share refuses another.
 */
export async function openShareCheckout(ctx: ServiceContext, actor: CurrentUser, bookingId: string): Promise<ShareCheckoutDto> {
  const now = ctx.clock();
  const placed = await retryTransaction(() => ctx.db.transaction().execute(async (trx) => {
    const [booking] = await bookings.lockBookings(trx, [bookingId]);
    if (!booking) throw bookingNotFound(bookingId);
    const all = await shares.lockShares(trx, bookingId);
    const place = await players.placeOf(trx, bookingId, actor.id);
    if (booking.user_id === actor.id && all.length > 0) throw new DomainError('conflict', 'SHARE_ALREADY_PAID', 'Your share was paid with the booking.');
    if (!place) throw bookingNotFound(bookingId);
    if (all.length === 0) throw notSplit();
    if (booking.status !== 'confirmed' || booking.starts_at <= now) throw notJoinable();
    const mine = all.find((s) => s.player_id === place);
    if (mine && mine.status !== 'open') throw shareAlreadyPaid();
    if (booking.shares_due_at && booking.shares_due_at <= now) throw sharesClosed();
    const share = mine ?? (await shares.firstFreeShare(trx, bookingId));
    if (!share) throw noOpenShare();
    if (!mine) await shares.reserveShare(trx, share.id, place, now);
    const replaced = await shares.cancelPendingShareOrders(trx, [share.id], now);
    const split = await shares.splitOrderOf(trx, bookingId);
    if (!split) throw notSplit();
    const order = await shares.insertShareOrder(trx, { userId: actor.id, provider: split.provider, bookingId, share });
    return { order, replaced, dueAt: booking.shares_due_at ?? booking.starts_at, count: all.length };
  }));
  await closeCheckouts(ctx, placed.replaced);
  const { order } = placed;
  const view = (await bookings.findBookingView(ctx.db, bookingId))!;
  const { date, startTime, endTime } = localTimes(view.starts_at, view.ends_at, view.facility_timezone);
  const { locale } = ctx.config.money;
  const description = `${view.facility_name}, ${displayDate(date, locale)}, ${displayTimeRange(startTime, endTime, locale)} (your share, 1 of ${placed.count})`;
  const provider = ctx.payments.get(order.provider);
  // The page may take the share until the due time; after it, the organizer's card has covered it.
  const checkout = await openHostedPage(ctx, provider, order, { customerEmail: actor.email, lines: [{ description, amountCents: order.amount_cents }], now, holdExpiresAt: placed.dueAt });
  await storeCheckout(ctx, order.id, provider.name, { ...checkout, expiresAt: checkout.expiresAt ?? placed.dueAt, extendsHolds: false }, now);
  return { orderId: order.id, payment_url: checkout.paymentUrl, amount: centsToDollars(order.amount_cents) };
}
