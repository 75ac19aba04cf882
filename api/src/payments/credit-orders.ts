import { DomainError, formatCents, packBonus } from '@courtside/domain';
import type { OrderRow } from '@courtside/migrations';
import type { TopUpDto } from '@courtside/contracts';
import type { Executor } from '../db/database.ts';
import { enqueueWalletToppedUp } from '../mail/wallet-mail.ts';
import * as wallet from '../repositories/wallet.ts';
import type { CurrentUser, ServiceContext } from '../shared/context.ts';
import { openHostedPage, storeCheckout } from './hosted-page.ts';
import * as orders from './repositories/orders.ts';
import type { PaymentOutcome } from './settlement.ts';

/**
 * Orders that buy credit and have no bookings: a top-up of the wallet ('top_up') or a gift
 * voucher ('voucher'). They are paid on the same hosted pages as bookings, and what they buy is
 * given once, in the transaction that records the provider's confirmation (settleCreditOrder).
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

/**
 * Books a provider's confirmed payment of a credit order, on the locked order whose event was just
 * recorded: the order is paid and what it bought is given. A payment arriving after the page
 * expired (the provider took the money late) still gives it: there is no slot it could have lost.
 */
export async function settleCreditOrder(
  ctx: Pick<ServiceContext, 'config' | 'clock'>,
  trx: Executor,
  order: OrderRow,
  payment: { provider: string; paymentRef?: string },
  now: Date,
): Promise<{ outcome: PaymentOutcome; refundIds: string[] }> {
  await orders.markOrder(trx, order.id, { status: 'paid', paidAt: now, paymentRef: payment.paymentRef }, now);
  const paid = { ...order, status: 'paid' as const, paid_at: now };
  if (order.kind === 'top_up') await creditTopUp(ctx, trx, paid, now);
  else throw new Error('Gift vouchers are not sold yet: a voucher order cannot be settled.');
  return { outcome: 'confirmed', refundIds: [] };
}

/**
 * The credit a paid top-up order gives, once (the ledger's order_id is unique per kind): the
 * price paid as a `top_up` entry and any bonus as a `bonus` entry that runs out `bonus_expires_days`
 * after payment, both as the order stored them when it was placed. The customer is emailed.
 */
export async function creditTopUp(ctx: Pick<ServiceContext, 'config' | 'clock'>, trx: Executor, order: OrderRow, now: Date, staffId?: string): Promise<void> {
  const creditCents = order.credit_cents ?? order.amount_cents;
  const terms = { priceCents: order.amount_cents, creditCents, bonusExpiresDays: order.bonus_expires_days };
  const { bonusCents, expiresAt } = packBonus(terms, now);
  const reason = order.description ?? `Top-up of ${formatCents(creditCents, ctx.config.money)}`;
  await wallet.addEntry(trx, { userId: order.user_id, kind: 'top_up', amountCents: order.amount_cents, reason, orderId: order.id, staffId }, now);
  if (bonusCents > 0) {
    await wallet.addEntry(trx, { userId: order.user_id, kind: 'bonus', amountCents: bonusCents, reason: `Bonus credit: ${reason}`, orderId: order.id, expiresAt }, now);
  }
  const balanceCents = await wallet.balanceOf(trx, order.user_id);
  await enqueueWalletToppedUp(ctx, trx, order, { paidCents: order.amount_cents, bonusCents, expiresAt, balanceCents });
}

export const isCreditOrder = (order: Pick<OrderRow, 'kind'>): boolean => order.kind === 'top_up' || order.kind === 'voucher';
