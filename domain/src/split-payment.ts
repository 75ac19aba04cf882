import { DomainError } from './errors.ts';
import { formatCents, type MoneyFormat } from './money-format.ts';
import type { ShareStatus } from './statuses.ts';

/**
 * Split payment: a booking's price (after tier prices and any promo code) is divided into one
 * share per place (the facility's maxPlayers); the organizer pays theirs when booking and agrees
 * that any share still unpaid at the due time is charged to them, once, in one charge.
 */

/** How long before the start unpaid shares are charged to the organizer, unless SHARE_DUE_HOURS says otherwise. */
export const DEFAULT_SHARE_DUE_HOURS = 24;
/** A booking made inside the due window: its shares are due this long before the start. */
export const LATE_SHARE_DUE_HOURS = 1;
/** Players with an unpaid share are reminded this long before the due time. */
export const SHARE_DUE_SOON_HOURS = 3;

const HOUR = 3_600_000;

/**
 * `totalCents` in `count` whole-cent shares that add up exactly to it; the odd cents go on the
 * first share, the organizer's.
 */
export function splitCents(totalCents: number, count: number): number[] {
  if (!Number.isInteger(totalCents) || totalCents < 0) throw new RangeError(`totalCents must be a whole number of cents, got ${totalCents}`);
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`count must be a whole number above 0, got ${count}`);
  const base = Math.floor(totalCents / count);
  return Array.from({ length: count }, (_, i) => (i === 0 ? totalCents - base * (count - 1) : base));
}

/**
 * When a booking's unpaid shares are charged to its organizer: `dueHours` before the start, or,
 * for a booking made later than that, LATE_SHARE_DUE_HOURS before the start (never before it was made).
 */
export function sharesDueAt(startsAt: Date, bookedAt: Date, dueHours = DEFAULT_SHARE_DUE_HOURS): Date {
  const usual = startsAt.getTime() - dueHours * HOUR;
  if (bookedAt.getTime() <= usual) return new Date(usual);
  return new Date(Math.max(bookedAt.getTime(), startsAt.getTime() - LATE_SHARE_DUE_HOURS * HOUR));
}

/** When players with an unpaid share are reminded: SHARE_DUE_SOON_HOURS before the due time. */
export function shareDueSoonAt(dueAt: Date): Date {
  return new Date(dueAt.getTime() - SHARE_DUE_SOON_HOURS * HOUR);
}

/**
 * Why a booking's cost cannot be split, or null when it can: a facility for one player has
 * nothing to split, and no share may be below the smallest payment the provider takes
 * (a share of nothing is fine: a free booking has nothing to pay).
 */
export function splitRefusal(totalCents: number, count: number, minimumChargeCents: number, money: MoneyFormat): DomainError | null {
  if (count < 2) {
    return new DomainError('invalid', 'SPLIT_NOT_POSSIBLE', 'This facility is for one player: there is nothing to split. Choose Pay for everyone.', 'split');
  }
  const smallest = Math.min(...splitCents(totalCents, count));
  if (totalCents > 0 && smallest < minimumChargeCents) {
    return new DomainError(
      'invalid',
      'SPLIT_NOT_POSSIBLE',
      `Split ${count} ways, a share would be ${formatCents(smallest, money)}, less than the smallest card payment (${formatCents(minimumChargeCents, money)}). Choose Pay for everyone.`,
      'split',
    );
  }
  return null;
}

/** What a booking's shares come to: paid by players or the organizer, charged to the organizer, still open, owed after a declined charge. */
export interface SharesTally {
  count: number;
  paidCents: number;
  coveredCents: number;
  openCents: number;
  openCount: number;
  owedCents: number;
}

export function tallyShares(shares: readonly { amountCents: number; status: ShareStatus }[]): SharesTally {
  const sum = (status: ShareStatus) => shares.filter((s) => s.status === status).reduce((t, s) => t + s.amountCents, 0);
  return {
    count: shares.length,
    paidCents: sum('paid'),
    coveredCents: sum('covered'),
    openCents: sum('open'),
    openCount: shares.filter((s) => s.status === 'open').length,
    owedCents: sum('owed'),
  };
}

export const notSplit = () => new DomainError('conflict', 'NOT_SPLIT', "This booking's cost is not split: its organizer paid for everyone.");
export const shareAlreadyPaid = () => new DomainError('conflict', 'SHARE_ALREADY_PAID', 'Your share of this booking is paid already.');
export const noOpenShare = () => new DomainError('conflict', 'NO_OPEN_SHARE', 'Every share of this booking is paid or being paid; there is nothing left for you to pay.');
export const sharesClosed = () =>
  new DomainError('conflict', 'SHARES_CLOSED', "The due time has passed: the organizer's card covered the shares still unpaid. Settle your part with the organizer.");

/** The rule the organizer agrees to when splitting, as every page and message says it. */
export function sharesDueRule(dueHours = DEFAULT_SHARE_DUE_HOURS): string {
  return `Shares still unpaid ${dueHours} ${dueHours === 1 ? 'hour' : 'hours'} before the start (${LATE_SHARE_DUE_HOURS} hour before, for a booking made later) are charged to your card, in one payment.`;
}

/**
 * Why a player's payment for a share cannot be kept (it is refunded whole), or null when it
 * pays the share: the booking is no longer confirmed, the share was paid or charged to the
 * organizer meanwhile, or the payer is no longer the player it was reserved for.
 */
export function lateShareReason(s: { bookingConfirmed: boolean; shareStatus: ShareStatus | undefined; reservedForPayer: boolean }): string | null {
  if (!s.bookingConfirmed) return 'the booking is no longer confirmed';
  if (s.shareStatus === 'paid' || s.shareStatus === 'covered' || s.shareStatus === 'owed') return 'the share was paid already';
  if (s.shareStatus !== 'open' || !s.reservedForPayer) return 'the payer is no longer a player on the booking';
  return null;
}
