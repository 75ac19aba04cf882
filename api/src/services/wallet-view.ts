import { centsToDollars, expiringCredits, type LedgerEntry } from '@courtside/domain';
import type { WalletDto } from '@courtside/contracts';
import * as wallet from '../repositories/wallet.ts';
import type { ServiceContext } from '../shared/context.ts';

/** How many entries a wallet shows (newest first). */
export const WALLET_ENTRIES_SHOWN = 100;

/** A ledger row as the domain's wallet rules read it. */
export const toLedgerEntry = (e: { id: string; kind: LedgerEntry['kind']; amount_cents: number; created_at: Date; expires_at: Date | null; expires_entry_id: string | null }): LedgerEntry => ({
  id: e.id,
  kind: e.kind,
  amountCents: e.amount_cents,
  createdAt: e.created_at,
  expiresAt: e.expires_at,
  expiresEntryId: e.expires_entry_id,
});

/**
 * A customer's wallet as they (or staff, `staff: true`, who also see who made each adjustment or
 * took each desk top-up) read it: the balance, the bonus credit still to run out (the domain's
 * expiringCredits over the whole ledger: spending draws on the soonest first), and the latest entries.
 */
export async function walletOf(ctx: ServiceContext, userId: string, opts: { staff: boolean }): Promise<WalletDto> {
  const [balanceCents, ledger, recent] = await Promise.all([
    wallet.balanceOf(ctx.db, userId),
    wallet.ledgerOf(ctx.db, userId),
    wallet.recentEntriesWithStaff(ctx.db, userId, WALLET_ENTRIES_SHOWN),
  ]);
  const expiring = expiringCredits(ledger.map(toLedgerEntry)).sort((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime());
  return {
    balance: centsToDollars(balanceCents),
    currency: ctx.config.money.currency,
    expiring: expiring.map((c) => ({ amount: centsToDollars(c.remainingCents), expiresAt: c.expiresAt.toISOString() })),
    // A bonus that was all spent before it expired leaves a 0 entry: a record, not news.
    entries: recent.filter((e) => e.amount_cents !== 0).map((e) => ({
      id: e.id,
      kind: e.kind,
      amount: centsToDollars(e.amount_cents),
      reason: e.reason,
      createdAt: e.created_at.toISOString(),
      expiresAt: e.expires_at?.toISOString() ?? null,
      orderId: e.order_id,
      staffName: opts.staff ? e.staff_name : null,
    })),
  };
}
