import type { BookingDto } from '@courtside/domain';
import { formatZoned } from '../../lib/zoned-time.ts';

/** Display helpers for the dashboard: money in dollars, civil dates, readable statuses. */

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatDollars(amount: number): string {
  return dollars.format(amount);
}

/** Sums dollar amounts in whole cents, so 0.1 + 0.2 stays 0.30. */
export function sumDollars(amounts: number[]): number {
  return amounts.reduce((cents, a) => cents + Math.round(a * 100), 0) / 100;
}

/** "2025-07-04" -> "Fri, Jul 4, 2025" (a civil date: no time zone shift). */
export function formatDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  return new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

export type Tone = 'ok' | 'warn' | 'bad' | 'neutral' | 'info';
export interface Badge {
  label: string;
  tone: Tone;
  detail?: string;
  /** A way to act on it, shown after the detail. */
  link?: { href: string; text: string };
}

/** A hold that has not lapsed yet (the server reports lapsed holds as expired, but the page may sit open). */
export function isPayable(b: BookingDto, now = Date.now()): boolean {
  return b.status === 'pending' && b.paymentStatus === 'unpaid' && (!b.holdExpiresAt || Date.parse(b.holdExpiresAt) > now);
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
      return { label: 'Refund pending', tone: 'warn', detail: `${formatDollars(b.payableAmount)} on its way back to you` };
    case 'refunded':
      return { label: 'Refunded', tone: 'info', detail: `${formatDollars(b.refundedAmount)} back to you` };
    case 'failed':
      return { label: 'Refund failed', tone: 'bad', detail: 'We are on it.', link: { href: '/contact-us', text: 'Contact us' } };
  }
  switch (b.paymentStatus) {
    case 'paid':
      return { label: 'Paid', tone: 'ok' };
    case 'refunded':
      return { label: 'Refunded', tone: 'info' };
    default:
      return { label: 'Unpaid', tone: 'neutral' };
  }
}
