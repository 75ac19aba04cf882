import { DomainError, dollarsToCents, formatCents } from '@courtside/domain';
import type { DeskTopUpBody, WalletAdjustBody, WalletDto } from '@courtside/contracts';
import { creditTopUp } from '../payments/credit-orders.ts';
import * as orders from '../payments/repositories/orders.ts';
import { recordAudit } from '../repositories/audit-log.ts';
import * as packs from '../repositories/credit-packs.ts';
import { tryInSavepoint } from '../repositories/transactions.ts';
import * as users from '../repositories/users.ts';
import * as wallet from '../repositories/wallet.ts';
import type { CurrentUser, ServiceContext } from '../shared/context.ts';
import { packDescription } from './credit-pack-service.ts';
import { walletOf } from './wallet-view.ts';

/**
 * Staff and a customer's wallet: credit bought at the desk (cash or card, counted in the day's
 * cash-up like any desk payment) and corrections with a reason. Both are audited and both answer
 * the wallet as staff read it.
 */

const customerNotFound = () => new DomainError('not_found', 'USER_NOT_FOUND', 'Customer not found.');

async function activeCustomer(ctx: ServiceContext, userId: string) {
  const user = await users.findActiveById(ctx.db, userId);
  if (!user) throw customerNotFound();
  return user;
}

/** What a desk top-up sells: a pack on sale, or an amount of credit at face value. */
async function deskPurchase(ctx: ServiceContext, body: DeskTopUpBody) {
  if ((body.packId === undefined) === (body.amount === undefined)) {
    throw new DomainError('invalid', 'INVALID_AMOUNT', 'Give either packId (a credit pack) or amount (credit at face value), not both or neither.', body.packId ? 'amount' : 'packId');
  }
  if (body.packId !== undefined) {
    const pack = await packs.findCreditPack(ctx.db, body.packId);
    if (!pack) throw new DomainError('not_found', 'PACK_UNAVAILABLE', 'This credit pack does not exist.', 'packId');
    if (!pack.active) throw new DomainError('conflict', 'PACK_UNAVAILABLE', 'This credit pack is no longer on sale.', 'packId');
    return { amountCents: pack.price_cents, creditCents: pack.credit_cents, bonusExpiresDays: pack.bonus_expires_days, creditPackId: pack.id, description: packDescription(pack, ctx) };
  }
  const cents = dollarsToCents(body.amount!, 'amount');
  if (cents <= 0) throw new DomainError('invalid', 'INVALID_AMOUNT', 'amount must be more than zero.', 'amount');
  return { amountCents: cents, creditCents: cents, bonusExpiresDays: null, creditPackId: null, description: `Top-up at the desk: ${formatCents(cents, ctx.config.money)} of credit` };
}

/** Credit paid for at the desk: a paid desk order (so the cash-up counts it), its ledger entries, the audit entry and the customer's email, in one transaction. */
export async function deskTopUp(ctx: ServiceContext, actor: CurrentUser, userId: string, body: DeskTopUpBody): Promise<WalletDto> {
  const customer = await activeCustomer(ctx, userId);
  const purchase = await deskPurchase(ctx, body);
  const now = ctx.clock();
  await ctx.db.transaction().execute(async (trx) => {
    const order = await orders.insertCreditOrder(trx, { userId, kind: 'top_up', provider: 'desk', ...purchase, desk: { takenBy: actor.id, paymentMethod: body.paymentMethod } }, now);
    await creditTopUp(ctx, trx, order, now, actor.id);
    const amount = formatCents(purchase.amountCents, ctx.config.money);
    await recordAudit(trx, actor, now, {
      action: 'wallet-top-up',
      subjectType: 'user',
      subjectId: userId,
      summary: `Took ${amount} (${body.paymentMethod}) at the desk for ${customer.name}'s wallet: ${purchase.description}`,
      detail: { orderId: order.id, amountCents: purchase.amountCents, creditCents: purchase.creditCents, paymentMethod: body.paymentMethod, creditPackId: purchase.creditPackId },
    });
  });
  return walletOf(ctx, userId, { staff: true });
}

/**
 * A correction by staff, up or down, with the reason the customer reads. A debit the balance does
 * not cover is refused by PostgreSQL (wallets_never_negative) under the wallet's row lock, so two
 * corrections at once cannot both pass; the refusal names the balance there was.
 */
export async function adjustWallet(ctx: ServiceContext, actor: CurrentUser, userId: string, body: WalletAdjustBody): Promise<WalletDto> {
  const customer = await activeCustomer(ctx, userId);
  const reason = body.reason.trim();
  if (!reason) throw new DomainError('invalid', 'INVALID_AMOUNT', 'reason must say why the balance changes.', 'reason');
  const cents = Math.sign(body.amount) * dollarsToCents(Math.abs(body.amount), 'amount');
  if (cents === 0) throw new DomainError('invalid', 'INVALID_AMOUNT', 'amount must not be zero.', 'amount');
  const now = ctx.clock();
  await ctx.db.transaction().execute(async (trx) => {
    const held = await wallet.lockBalance(trx, userId);
    const failure = await tryInSavepoint(trx, 'wallet_adjust', async () => {
      await wallet.addEntry(trx, { userId, kind: 'adjustment', amountCents: cents, reason, staffId: actor.id }, now);
    });
    if (failure !== undefined) {
      const { code, constraint } = failure as { code?: string; constraint?: string };
      if (code === '23514' && constraint === 'wallets_never_negative') {
        throw new DomainError('conflict', 'INSUFFICIENT_CREDIT', `The balance is ${formatCents(held, ctx.config.money)}: it cannot go down by ${formatCents(-cents, ctx.config.money)}.`, 'amount');
      }
      throw failure;
    }
    await recordAudit(trx, actor, now, {
      action: 'wallet-adjust',
      subjectType: 'user',
      subjectId: userId,
      summary: `Adjusted ${customer.name}'s wallet by ${cents > 0 ? '+' : '−'}${formatCents(Math.abs(cents), ctx.config.money)}: ${reason}`,
      detail: { amountCents: cents, reason, balanceBeforeCents: held },
    });
  });
  return walletOf(ctx, userId, { staff: true });
}
