import { money, timeRange } from '../common/format.ts';
import { emailText } from '../common/mailto.ts';
import type { DayViewBooking } from '../types.ts';

/** The words a booking block shows and its tooltip adds. */

/** "10:00 AM – 11:00 AM": the block's second line. */
export const blockTime = (b: Pick<DayViewBooking, 'startTime' | 'endTime'>) => timeRange(b.startTime, b.endTime);
const when = blockTime;

const paymentWord = (b: DayViewBooking) => (b.paymentStatus === 'paid' ? 'Paid' : b.paymentStatus === 'refunded' ? 'Refunded' : 'Unpaid');

/**
 * Where the booking's money stands, in one short word that fits the narrowest block whole:
 * held for payment, confirmed but unpaid (to take at the desk), or paid. Cash to hand back
 * (a desk refund staff have not recorded) comes first: it is a to-do.
 */
export function blockTag(b: DayViewBooking, cashToHandBack = 0): { label: string; tone: 'held' | 'unpaid' | 'paid' | 'cash' } {
  if (cashToHandBack > 0) return { label: `Cash back ${money(cashToHandBack)}`, tone: 'cash' };
  if (b.status !== 'confirmed') return { label: 'Held', tone: 'held' };
  return { label: paymentWord(b), tone: b.paymentStatus === 'unpaid' ? 'unpaid' : 'paid' };
}

/** What screen readers hear between the time and the tag: the words the tag and the block's look stand for. */
export function blockSpoken(b: DayViewBooking, cashToHandBack = 0): string {
  if (b.status !== 'confirmed') return cashToHandBack > 0 ? ' · Held · ' : ' · ';
  return cashToHandBack > 0 ? ` · Confirmed · ${paymentWord(b)} · ` : ' · Confirmed · ';
}

/** The block's whole line, as screen readers and the list read it: "10:00–11:00 · Confirmed · Unpaid". */
export const blockLine = (b: DayViewBooking, cashToHandBack = 0) => `${when(b)}${blockSpoken(b, cashToHandBack)}${blockTag(b, cashToHandBack).label}`;

/** Everything about the booking, for its tooltip. */
export const bookingDetails = (b: DayViewBooking) =>
  `${when(b)} · ${b.customer.name} (${emailText(b.customer.email)}) · ${b.status === 'confirmed' ? 'Confirmed' : 'Held, awaiting payment'} · ${b.paymentStatus} · ${money(b.payableAmount)}`;
