import { countOf, money, timeRange } from '../common/format.ts';
import { emailText } from '../common/mailto.ts';
import type { DayViewBooking, DayViewLinked } from '../types.ts';

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

/** " · Checked in" or " · No-show" after a booking's other words; nothing while nobody has checked in. */
export const attendanceAfter = (b: Pick<DayViewBooking, 'attendance'>) => (b.attendance === 'checked_in' ? ' · Checked in' : b.attendance === 'no_show' ? ' · No-show' : '');

/** The block's whole line, as screen readers and the list read it: "10:00–11:00 · Confirmed · Unpaid · Checked in". */
export const blockLine = (b: DayViewBooking, cashToHandBack = 0) => `${when(b)}${blockSpoken(b, cashToHandBack)}${blockTag(b, cashToHandBack).label}${attendanceAfter(b)}`;

/** " + 2 players: Sam Kerr, Ana Ruiz" after the customer's name (whole names: staff see them so); nothing without players. */
export const playersAfterName = (b: Pick<DayViewBooking, 'players'>) => (b.players.length ? ` + ${countOf(b.players.length, 'player')}: ${b.players.join(', ')}` : '');

/** "Casey Customer + 2 players: Sam Kerr, Ana Ruiz": whose booking, and who plays with them. */
export const customerAndPlayers = (b: Pick<DayViewBooking, 'customer' | 'players'>) => `${b.customer.name}${playersAfterName(b)}`;

/** Everything about the booking, for its tooltip. */
export const bookingDetails = (b: DayViewBooking) =>
  `${when(b)} · ${b.customer.name} (${emailText(b.customer.email)})${playersAfterName(b)} · ${b.status === 'confirmed' ? 'Confirmed' : 'Held, awaiting payment'} · ${b.paymentStatus} · ${money(b.payableAmount)}${attendanceAfter(b)}`;

/** "Half A booked 12:00 PM – 1:00 PM": time a linked facility holds, as every view of the day says it. */
export const linkedText = (l: Pick<DayViewLinked, 'label' | 'startTime' | 'endTime'>) => `${l.label} ${timeRange(l.startTime, l.endTime)}`;
