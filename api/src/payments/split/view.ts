import { centsToDollars, tallyShares } from '@courtside/domain';
import type { ShareDto, SplitDto } from '@courtside/contracts';
import type { Executor } from '../../db/database.ts';
import * as shares from '../repositories/shares.ts';
import type { ShareRow } from '../repositories/shares.ts';

/** A split booking as its players and staff read it: the shares, what is paid and open, and the due time. */
export interface SplitView {
  split: SplitDto;
  /** The share of a place: the one reserved for it, else (an account still to pay) the next open one; null when none is left for it. */
  shareOf(placeId: string, account: boolean): ShareDto | null;
  organizerShare: ShareDto;
}

const shareDto = (s: ShareRow): ShareDto => ({ amount: centsToDollars(s.amount_cents), status: s.status });

/** Undefined for a booking its organizer paid for everyone (or not yet). */
export async function splitView(db: Executor, b: { id: string; shares_due_at: Date | null }): Promise<SplitView | undefined> {
  const all = await shares.sharesOf(db, b.id);
  return all.length === 0 || !b.shares_due_at ? undefined : viewOf(all, b.shares_due_at);
}

/** The split views of several bookings at once (one query), by booking; bookings not split are absent. */
export async function splitViews(db: Executor, list: { id: string; shares_due_at: Date | null }[]): Promise<Map<string, SplitView>> {
  const byBooking = await shares.sharesOfBookings(db, list.filter((b) => b.shares_due_at).map((b) => b.id));
  return new Map(list.flatMap((b) => {
    const all = byBooking.get(b.id);
    return all && b.shares_due_at ? [[b.id, viewOf(all, b.shares_due_at)] as const] : [];
  }));
}

function viewOf(all: ShareRow[], dueAt: Date): SplitView {
  const tally = tallyShares(all.map((s) => ({ amountCents: s.amount_cents, status: s.status })));
  const organizer = all.find((s) => s.seq === 0)!;
  const players = all.filter((s) => s.seq > 0);
  const nextOpen = players.find((s) => s.status === 'open' && s.player_id === null);
  return {
    split: {
      shares: all.length,
      shareAmount: centsToDollars(players[0]?.amount_cents ?? organizer.amount_cents),
      organizerShare: centsToDollars(organizer.amount_cents),
      paid: all.filter((s) => s.status === 'paid').length,
      open: tally.openCount,
      openAmount: centsToDollars(tally.openCents),
      coveredAmount: centsToDollars(tally.coveredCents),
      owedAmount: centsToDollars(tally.owedCents),
      dueAt: dueAt.toISOString(),
    },
    organizerShare: shareDto(organizer),
    shareOf(placeId, account) {
      const mine = players.find((s) => s.player_id === placeId);
      if (mine) return shareDto(mine);
      return account && nextOpen ? shareDto(nextOpen) : null;
    },
  };
}
