import type { DeskRefundDto } from '@courtside/contracts';
import { money, shortDate } from '../common/format.ts';

/** Desk money to hand back: the words every place that lists it uses (dashboard, day view, booking). */

/** A booking's desk refunds still to hand back, and their total in dollars (it may have more than one). */
export function cashFor(refunds: DeskRefundDto[], bookingId: string): { refunds: DeskRefundDto[]; amount: number } {
  const own = refunds.filter((r) => r.booking?.id === bookingId);
  return { refunds: own, amount: Math.round(own.reduce((sum, r) => sum + r.amount, 0) * 100) / 100 };
}

/** "Cash to hand back: $20.00". */
export const cashLine = (amount: number) => `Cash to hand back: ${money(amount)}`;

/** What it was for: "Centre Court, Wed, Mar 3, 10:00–11:00 (cancelled)", or its order when it was for no one booking. */
export function refundFor(r: DeskRefundDto): string {
  if (!r.booking) return `Order ${r.orderId.slice(0, 8)}`;
  const b = r.booking;
  return `${b.facilityName}, ${shortDate(b.date)}, ${b.startTime}–${b.endTime}${b.status === 'cancelled' ? ' (cancelled)' : ''}`;
}
