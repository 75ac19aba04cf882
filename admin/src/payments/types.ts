import type { PaymentDto } from '@courtside/contracts';

/** An order and its payment as the back office gets it (the wire shape already carries `id`). */
export type PaymentRecord = PaymentDto;

/**
 * Whether staff may ask for a refund: money was taken and not all of it went back, and no
 * refund is already on its way or waiting at the desk. The API decides for real (409 with its reason otherwise).
 */
export const isRefundable = (p: PaymentRecord) =>
  (p.status === 'paid' || p.refundState === 'partial' || p.refundState === 'failed') && p.refundState !== 'pending' && p.refundState !== 'to_collect' && p.refundedAmount < p.amount;

/** Flagged for staff and nobody marked it resolved yet: what the dashboard counts. */
export const hasOpenFlag = (p: PaymentRecord) => p.flagReason !== null && p.flagResolvedAt === null;
