import { DomainError } from '@courtside/domain';
import type { OrderRow } from '@courtside/migrations';
import * as bookings from '../repositories/bookings.ts';
import type { ServiceContext } from '../shared/context.ts';
import type { Checkout, PaymentProvider, CheckoutRequest as PageRequest } from './providers/provider.ts';
import * as orders from './repositories/orders.ts';

/** A provider's hosted payment page for an order: opened outside any transaction, stored on the order, closed when it must no longer take money. */

/** Asks the provider for its hosted page; an order it could not open is cancelled. */
export async function openHostedPage(
  ctx: ServiceContext,
  provider: PaymentProvider,
  order: OrderRow,
  page: Omit<PageRequest, 'orderId' | 'amountCents'>,
): Promise<Checkout> {
  try {
    return await provider.createCheckout({ orderId: order.id, amountCents: order.amount_cents, ...page });
  } catch (err) {
    await orders.markOrder(ctx.db, order.id, { status: 'cancelled' }, ctx.clock());
    throw err;
  }
}

/**
 * Stores the opened page on the order and, while the order is still pending, keeps its holds
 * as long as the page (Stripe keeps a session open at least 30 minutes). If a booking changed
 * meanwhile (the order was cancelled), the page is closed and the customer asked to check out again.
 */
export async function storeCheckout(
  ctx: ServiceContext,
  orderId: string,
  provider: string,
  checkout: { providerRef: string; paymentUrl: string; expiresAt: Date; extendsHolds: boolean },
  now: Date,
): Promise<void> {
  const stillOpen = await ctx.db.transaction().execute(async (trx) => {
    // Bookings before their order, as createOrder and cancellations take them: a checkout that
    // replaces this one at the same moment queues instead of deadlocking.
    const ids = await orders.bookingIdsOfOrder(trx, orderId);
    // An order without bookings (credit, a gift voucher) has none to lock.
    if (ids.length > 0) await bookings.lockBookings(trx, ids);
    const current = await orders.lockOrder(trx, orderId);
    await orders.setCheckout(trx, orderId, checkout, now);
    if (current?.status !== 'pending') return false;
    // Holds and hosted page agree: the slot stays the customer's while the provider may still take money.
    if (checkout.extendsHolds) await bookings.extendHolds(trx, orderId, checkout.expiresAt, now);
    return true;
  });
  if (!stillOpen) {
    await closeCheckouts(ctx, [{ provider, provider_ref: checkout.providerRef }]);
    throw new DomainError('conflict', 'CHECKOUT_CANCELLED', 'A booking of this checkout changed, or a newer checkout replaced it, while it opened. Please check out again.', 'bookingIds');
  }
}

/** Closes hosted pages that must no longer take money; best effort, since a late payment is refunded anyway. */
export async function closeCheckouts(ctx: ServiceContext, stale: Pick<OrderRow, 'provider' | 'provider_ref'>[]): Promise<void> {
  for (const order of stale) {
    if (!order.provider_ref) continue;
    try {
      await ctx.payments.get(order.provider).expireCheckout?.(order.provider_ref);
    } catch {
      // Already completed or expired at the provider, or unreachable: nothing to undo here.
    }
  }
}
