import { EXPIRY_NOTICE_DAYS, displayDateTime, expiringAmount } from '@courtside/domain';
import type { WalletEntryRow } from '@courtside/migrations';
import { enqueueRendered } from '../mail/outbox.ts';
import * as orders from '../payments/repositories/orders.ts';
import * as users from '../repositories/users.ts';
import * as wallet from '../repositories/wallet.ts';
import type { ServiceContext } from '../shared/context.ts';
import { toLedgerEntry } from './wallet-view.ts';

/** The wallet's timed work, in the background sweep: credit of lapsed checkouts back, bonus credit run out, customers told before it does. */

const BATCH = 100;


export async function sweepWallets(ctx: ServiceContext): Promise<{ returned: number; expired: number; noticed: number }> {
  const now = ctx.clock();
  // A checkout whose page closed unpaid gives its reserved credit back (sql/courtside_order_wallet_return.sql).
  const returned = (await orders.cancelLapsedCreditOrders(ctx.db, now, BATCH)).length;
  let expired = 0;
  for (const bonus of await wallet.bonusesDueBy(ctx.db, now, BATCH)) expired += (await expireBonus(ctx, bonus, now)) ? 1 : 0;
  let noticed = 0;
  const until = new Date(now.getTime() + EXPIRY_NOTICE_DAYS * 86_400_000);
  for (const bonus of await wallet.bonusesToNotice(ctx.db, now, until, BATCH)) noticed += (await noticeExpiring(ctx, bonus, now)) ? 1 : 0;
  return { returned, expired, noticed };
}

/**
 * Ends one bonus: what is left of it (the ledger replayed under the wallet's lock, so no spend
 * slips between reading and writing) leaves the wallet as an `expiry` entry, 0 when it was all
 * spent. Once: the entry names its bonus, and a second sweep's insert is refused.
 */
async function expireBonus(ctx: ServiceContext, bonus: WalletEntryRow, now: Date): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    await wallet.lockBalance(trx, bonus.user_id);
    const ledger = (await wallet.ledgerOf(trx, bonus.user_id)).map(toLedgerEntry);
    if (ledger.some((e) => e.expiresEntryId === bonus.id)) return false;
    const cents = expiringAmount(ledger, bonus.id);
    const given = displayDateTime(bonus.created_at, ctx.config.defaultTimezone, ctx.config.money.locale, 'medium');
    await wallet.addEntry(trx, { userId: bonus.user_id, kind: 'expiry', amountCents: -cents, reason: `Bonus credit of ${given} expired`, expiresEntryId: bonus.id }, now);
    return true;
  });
}

/** Tells a customer, once per bonus, that what is left of it runs out within EXPIRY_NOTICE_DAYS (nothing left: nothing to tell). */
async function noticeExpiring(ctx: ServiceContext, bonus: WalletEntryRow, now: Date): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await wallet.markExpiryNoticed(trx, bonus.id, now))) return false;
    const ledger = (await wallet.ledgerOf(trx, bonus.user_id)).map(toLedgerEntry);
    const cents = expiringAmount(ledger, bonus.id);
    const customer = await users.findActiveById(trx, bonus.user_id);
    if (cents === 0 || !customer) return false;
    const balance = await wallet.balanceOf(trx, bonus.user_id);
    const when = displayDateTime(bonus.expires_at!, ctx.config.defaultTimezone, ctx.config.money.locale);
    await enqueueRendered(ctx, trx, 'credit_expiring', customer.email, (t, l) => t.creditExpiring(l, customer.name, cents, when, balance), { dedupeKey: `credit-expiring:${bonus.id}` });
    return true;
  });
}
