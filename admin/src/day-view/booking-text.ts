import { money } from '../common/format.ts';
import { emailText } from '../common/mailto.ts';
import type { DayViewBooking } from '../types.ts';

/** The words a booking block shows and its tooltip adds. */

const when = (b: DayViewBooking) => `${b.startTime}–${b.endTime}`;

/** The block's second line: "10:00–11:00 · Held", "· Paid" once paid. */
export const blockLine = (b: DayViewBooking) => `${when(b)} · ${b.status === 'confirmed' ? 'Confirmed' : 'Held'}${b.paymentStatus === 'paid' ? ' · Paid' : ''}`;

/** Everything about the booking, for its tooltip. */
export const bookingDetails = (b: DayViewBooking) =>
  `${when(b)} · ${b.customer.name} (${emailText(b.customer.email)}) · ${b.status === 'confirmed' ? 'Confirmed' : 'Held, awaiting payment'} · ${b.paymentStatus} · ${money(b.payableAmount)}`;
