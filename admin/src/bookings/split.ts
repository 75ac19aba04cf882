import type { ShareStatus } from '@courtside/domain';
import type { PlayerDto, SplitDto } from '@courtside/contracts';
import { countOf, facilityDateTime, money } from '../common/format.ts';

/**
 * A booking whose cost is split, as staff read it on its page: the API's own tally
 * (GET /api/bookings/:id/players `split`) and each player's share, in words; nothing recomputed.
 */

const SHARE_STATUS_LABELS: Record<ShareStatus, string> = {
  open: 'Not paid yet',
  paid: 'Paid',
  covered: 'Charged to the organizer',
  owed: 'Owed by the organizer',
  refunded: 'Refunded',
};

/** "$7.50 · Paid"; a friend added by name has no share of their own: the organizer's card covers it. */
export function shareText(share: PlayerDto['share']): string {
  if (!share) return 'Organizer covers it';
  return `${money(share.amount)} · ${SHARE_STATUS_LABELS[share.status] ?? share.status}`;
}

/** "Split 4 ways: $7.50 a share (the organizer's $7.51)"; the organizer's named only when its odd cents make it differ. */
export function splitHeadline(split: Pick<SplitDto, 'shares' | 'shareAmount' | 'organizerShare'>): string {
  const organizer = split.organizerShare !== split.shareAmount ? ` (the organizer's ${money(split.organizerShare)})` : '';
  return `Cost split ${split.shares} ways: ${money(split.shareAmount)} a share${organizer}`;
}

/** "2 of 4 shares paid". */
export const paidText = (split: Pick<SplitDto, 'shares' | 'paid'>) => `${split.paid} of ${countOf(split.shares, 'share')} paid`;

/**
 * What is still open and when it goes to the organizer, on the facility's clock like the page's
 * other times: "2 shares open ($15.00): charged to the organizer on Thu, Nov 26, 10:00 AM".
 */
export function openText(split: Pick<SplitDto, 'open' | 'openAmount' | 'dueAt'>, zone: string): string {
  if (split.open === 0) return 'No share left open';
  return `${countOf(split.open, 'share')} open (${money(split.openAmount)}): charged to the organizer on ${facilityDateTime(split.dueAt, zone)}`;
}

/** What the organizer's card paid at the due time for shares nobody paid, or nothing. */
export const coveredText = (split: Pick<SplitDto, 'coveredAmount'>) =>
  split.coveredAmount > 0 ? `${money(split.coveredAmount)} charged to the organizer for shares unpaid at the due time` : '';

/** What the organizer still owes after their card was declined at the due time, or nothing: a warning for staff. */
export const owedText = (split: Pick<SplitDto, 'owedAmount'>) =>
  split.owedAmount > 0 ? `The organizer's card was declined at the due time: they owe ${money(split.owedAmount)} for unpaid shares.` : '';

/**
 * What removing a player does to the money they paid, for the question before it: the API refunds a
 * paid share to them and opens it again (the organizer covers it at the due time unless someone pays it).
 */
export const paidShareRefund = (player: Pick<PlayerDto, 'share'>) =>
  player.share?.status === 'paid' ? ` Their paid share (${money(player.share.amount)}) is refunded to them, and the share is open again.` : '';
