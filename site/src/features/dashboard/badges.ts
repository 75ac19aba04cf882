import type { BookingDto } from '@courtside/contracts';
import { refundSentence } from '@courtside/domain';
import { formatMoney } from '@courtside/browser';
import { amountOf, isPayable } from '../../lib/bookings.ts';
import { formatZoned } from '../../lib/zoned-time.ts';

/** My Bookings' badges: where a booking and its money stand, in the customer's words. */

export type Tone = 'ok' | 'warn' | 'bad' | 'neutral' | 'info';
export interface Badge {
  label: string;
  tone: Tone;
  detail?: string;
  /** A way to act on it, shown after the detail. */
  link?: { href: string; text: string };
}

export function statusBadge(b: BookingDto, now = Date.now()): Badge {
  switch (b.status) {
    case 'pending':
      if (!isPayable(b, now)) return { label: 'Expired', tone: 'neutral' };
      return { label: 'Pending payment', tone: 'warn', detail: b.holdExpiresAt ? `Held until ${formatZoned(b.holdExpiresAt, b.facility.timezone)}` : undefined };
    case 'confirmed':
      return { label: 'Confirmed', tone: 'ok' };
    case 'cancelled':
      return { label: 'Cancelled', tone: 'bad' };
    case 'expired':
      return { label: 'Expired', tone: 'neutral' };
    default:
      return { label: String(b.status), tone: 'neutral' };
  }
}

/**
 * The money side of a booking in a customer's words. A refund is followed until the money is
 * back: on its way, back (and how much), or stuck (staff retry it; the customer can reach us).
 */
export function paymentBadge(b: BookingDto): Badge {
  switch (b.refundState) {
    case 'pending':
      return { label: 'Refund pending', tone: 'warn', detail: `${formatMoney(amountOf(b))} on its way back to you` };
    case 'refunded':
      return { label: 'Refunded', tone: 'info', detail: b.refundVia === 'wallet' ? `${formatMoney(b.refundedAmount)} returned to your credit` : `${formatMoney(b.refundedAmount)} back to you` };
    case 'failed':
      return { label: 'Refund failed', tone: 'bad', detail: 'We are on it.', link: { href: '/contact-us', text: 'Contact us' } };
    case 'to_collect':
      return { label: 'Refund due at the desk', tone: 'warn', detail: refundSentence({ via: 'desk', amount: formatMoney(amountOf(b)), facility: b.facility }) };
  }
  switch (b.paymentStatus) {
    case 'paid':
      return b.walletPaidAmount > 0 ? { label: 'Paid', tone: 'ok', detail: `${formatMoney(b.walletPaidAmount)} from your credit` } : { label: 'Paid', tone: 'ok' };
    case 'refunded':
      return { label: 'Refunded', tone: 'info' };
    default:
      return { label: 'Unpaid', tone: 'neutral' };
  }
}
