import { DomainError, formatCents } from '@courtside/domain';
import type { TopUpDto } from '@courtside/contracts';
import type { CurrentUser, ServiceContext } from '../shared/context.ts';
import { openHostedPage, storeCheckout } from './checkout.ts';
import * as orders from './repositories/orders.ts';

/**
 * Checking out an order that buys credit and has no bookings (credit-orders.ts settles it): a
 * pending order and the provider's hosted page for it, open as long as the provider keeps it.
 */

/** How long a credit order's hosted page takes money when the provider does not say (the sandbox): as long as Stripe's shortest session. */
export const CREDIT_PAGE_MINUTES = 30;

export interface CreditOrderRequest {
  kind: 'top_up' | 'voucher';
  /** What the provider charges. */
  amountCents: number;
  /** What the order buys, as every page shows it ("Credit pack Gold: $110.00 of credit"). */
  description: string;
  creditCents?: number;
  bonusExpiresDays?: number | null;
  creditPackId?: string;
  giftRecipientEmail?: string;
}

/** Places a pending credit order and opens the provider's hosted page for it. */
export async function placeCreditOrder(ctx: ServiceContext, user: CurrentUser, req: CreditOrderRequest): Promise<TopUpDto> {
  const provider = ctx.payments.checkout;
  const minimum = provider.minimumChargeCents ?? 1;
  if (req.amountCents < minimum) {
    throw new DomainError('invalid', 'BELOW_MINIMUM_CHARGE', `The amount is ${formatCents(req.amountCents, ctx.config.money)}, less than the smallest card payment (${formatCents(minimum, ctx.config.money)}).`, 'amount');
  }
  const now = ctx.clock();
  const order = await orders.insertCreditOrder(ctx.db, { userId: user.id, provider: provider.name, ...req }, now);
  // No slot waits on the page: it takes money as long as the provider's page lives.
  const pageEnds = new Date(now.getTime() + CREDIT_PAGE_MINUTES * 60_000);
  const checkout = await openHostedPage(ctx, provider, order, {
    customerEmail: user.email,
    lines: [{ description: req.description, amountCents: req.amountCents }],
    now,
    holdExpiresAt: pageEnds,
  });
  await storeCheckout(ctx, order.id, provider.name, { ...checkout, expiresAt: checkout.expiresAt ?? pageEnds, extendsHolds: false }, now);
  return { orderId: order.id, payment_url: checkout.paymentUrl };
}
