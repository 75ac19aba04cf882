import { crossesLowBalance } from '@courtside/domain';
import type { OrderRow } from '@courtside/migrations';
import type { Executor } from '../db/database.ts';
import { enqueueRendered } from '../mail/outbox.ts';
import * as wallet from '../repositories/wallet.ts';
import * as users from '../repositories/users.ts';
import type { ServiceContext } from '../shared/context.ts';

/**
 * Spends an order's credit in its own transaction (the caller holds the wallet's row lock, so the
 * amount it computed is still there; PostgreSQL refuses an overspend regardless). The entry says
 * what it paid for; a spend that takes the balance under WALLET_LOW_BALANCE tells the customer.
 */
export async function spendOnOrder(
  ctx: Pick<ServiceContext, 'config' | 'clock'>,
  trx: Executor,
  order: OrderRow,
  lines: readonly { description: string }[],
  now: Date,
): Promise<void> {
  const before = await wallet.lockBalance(trx, order.user_id);
  const more = lines.length > 1 ? ` and ${lines.length - 1} more` : '';
  await wallet.addEntry(trx, { userId: order.user_id, kind: 'spend', amountCents: -order.wallet_cents, reason: `${lines[0]?.description ?? 'Bookings'}${more}`.slice(0, 300), orderId: order.id }, now);
  const after = before - order.wallet_cents;
  if (!crossesLowBalance(before, after, ctx.config.wallet.lowBalanceCents)) return;
  const customer = await users.findActiveById(trx, order.user_id);
  if (customer) await enqueueRendered(ctx, trx, 'wallet_low', customer.email, (t, l) => t.walletLow(l, customer.name, after), { dedupeKey: `wallet-low:${order.id}` });
}
