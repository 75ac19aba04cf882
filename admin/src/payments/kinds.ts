import type { OrderKind } from '@courtside/domain';
import type { PaymentRecord } from './types.ts';

/** What an order paid for, as staff read it: a whole booking, one part of a booking whose cost is split, or credit. */
export const PAYMENT_KIND_LABELS: Record<OrderKind, string> = {
  full: 'Whole booking',
  split: "Organizer's share",
  share: "Player's share",
  cover: 'Unpaid shares (organizer)',
  top_up: 'Wallet top-up',
  voucher: 'Gift voucher',
};

/** The kind's label; one a newer server sends that this list does not know reads as itself. */
export const paymentKindLabel = (kind: string): string => PAYMENT_KIND_LABELS[kind as OrderKind] ?? kind;

/**
 * Why a payment has no Refund of its own, or null when it has: a part of a split booking goes back
 * through the booking (the API refuses it with 409 SPLIT_PAYMENT). A player's share is refunded by
 * removing that player; every part is refunded to its payer by cancelling the booking.
 */
export function splitRefundNote(p: Pick<PaymentRecord, 'kind'>): string | null {
  switch (p.kind) {
    case 'full':
      return null;
    case 'top_up':
    case 'voucher':
      return 'Credit bought for a wallet or a gift voucher: it has no refund of its own here.';
    case 'share':
      return "A player's share of a split booking: remove the player from the booking to refund their share, or cancel the booking to refund every payer their own part.";
    default:
      return 'Part of a booking whose cost is split: cancel the booking to refund every payer their own part.';
  }
}
