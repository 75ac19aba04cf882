import type { OrderRow } from '@courtside/migrations';
import type { Executor } from '../db/database.ts';
import { findOrderCustomer } from '../repositories/booking-mail.ts';
import type { ServiceContext } from '../shared/context.ts';
import { enqueueRendered } from './outbox.ts';

type MailContext = Pick<ServiceContext, 'config' | 'clock'>;

/** Queues "credit added" to the customer of a paid top-up, in the transaction that credits it; once per order. */
export async function enqueueWalletToppedUp(
  ctx: MailContext,
  trx: Executor,
  order: Pick<OrderRow, 'id'>,
  t: { paidCents: number; bonusCents: number; expiresAt: Date | null; balanceCents: number },
): Promise<void> {
  const customer = await findOrderCustomer(trx, order.id);
  if (!customer) return;
  const facts = { paidCents: t.paidCents, bonusCents: t.bonusCents, bonusExpiresAt: t.expiresAt, balanceCents: t.balanceCents, timezone: ctx.config.defaultTimezone };
  await enqueueRendered(ctx, trx, 'wallet_topped_up', customer.email, (tpl, layout) => tpl.walletToppedUp(layout, customer.name, facts), { dedupeKey: `wallet-topped-up:${order.id}` });
}
