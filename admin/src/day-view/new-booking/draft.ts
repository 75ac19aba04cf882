import { DEFAULT_DESK_PAYMENT_METHOD, MAX_SERIES_OCCURRENCES, isSaneEmail, shiftDate, type DeskPaymentMethod } from '@courtside/domain';
import type { DeskBookingBody, DeskQuoteBody, SeriesBody } from '@courtside/contracts';
import type { SlotChoice } from '../../common/slot-times.ts';

/**
 * What staff fill in the new-booking dialog, and the requests it becomes: one booking
 * (POST /api/admin/bookings) or, with "Repeat weekly", a series (POST /api/admin/series and
 * its preview). Pure, so the rules are tested without a browser.
 */

export type Payment = DeskBookingBody['payment'];

/** A customer picked from the search. */
export interface CustomerPick {
  id: string;
  name: string;
  email: string;
  phone: string;
}

export interface Guest {
  name: string;
  phone: string;
  email: string;
}

export interface RepeatRule {
  every: SeriesBody['every'];
  ends: 'count' | 'until';
  count: number;
  until: string;
  onConflict: SeriesBody['onConflict'];
}

export interface BookingDraft extends SlotChoice {
  who: 'customer' | 'walk-in';
  customer: CustomerPick | null;
  guest: Guest;
  payment: Payment;
  /** How the desk was paid, with payment 'desk'. */
  paymentMethod: DeskPaymentMethod;
  note: string;
  /** Null for one booking; the weekly rule otherwise. */
  repeat: RepeatRule | null;
}

/** Six weekly dates, skipping any that are taken: what a club's season usually starts as. */
export const weeklyFrom = (date: string): RepeatRule => ({ every: 1, ends: 'count', count: 6, until: shiftDate(date, 35), onConflict: 'skip' });

export const newDraft = (at: SlotChoice, repeat = false): BookingDraft => ({
  ...at,
  who: 'customer',
  customer: null,
  guest: { name: '', phone: '', email: '' },
  payment: 'desk',
  paymentMethod: DEFAULT_DESK_PAYMENT_METHOD,
  note: '',
  repeat: repeat ? weeklyFrom(at.date) : null,
});

/** A series is paid at the desk or later; a payment link is for one booking. */
export const paymentChoices = (repeat: boolean): Payment[] => (repeat ? ['desk', 'unpaid'] : ['desk', 'unpaid', 'link']);

/** The first thing still missing or wrong, in the order the dialog asks for it; undefined when it can be sent. */
export function missing(d: BookingDraft): string | undefined {
  if (!d.facilityId) return 'Choose a facility.';
  if (!d.date || !d.startTime || !d.endTime) return 'Choose the date and times.';
  if (d.who === 'customer' && !d.customer) return 'Find the customer, or choose Walk-in.';
  if (d.who === 'walk-in' && !d.guest.name.trim()) return "Enter the walk-in's name.";
  if (d.who === 'walk-in' && d.guest.email.trim() && !isSaneEmail(d.guest.email.trim())) return 'The email address does not look right.';
  if (!paymentChoices(d.repeat !== null).includes(d.payment)) return 'A weekly series is paid at the desk or later, not by link.';
  if (d.repeat?.ends === 'count' && !(Number.isInteger(d.repeat.count) && d.repeat.count >= 1 && d.repeat.count <= MAX_SERIES_OCCURRENCES)) {
    return `Repeat between 1 and ${MAX_SERIES_OCCURRENCES} times.`;
  }
  if (d.repeat?.ends === 'until' && !(d.repeat.until >= d.date)) return 'The last date must be on or after the first.';
  return undefined;
}

/** Who it is for: a customer's id, or the walk-in's details (blank optional fields left out). */
export function customerFields(d: Pick<BookingDraft, 'who' | 'customer' | 'guest'>): Pick<DeskBookingBody, 'userId' | 'guest'> {
  if (d.who === 'customer') return d.customer ? { userId: d.customer.id } : {};
  const phone = d.guest.phone.trim();
  const email = d.guest.email.trim();
  return { guest: { name: d.guest.name.trim(), ...(phone ? { phone } : {}), ...(email ? { email } : {}) } };
}

const noteField = (d: BookingDraft) => (d.note.trim() ? { note: d.note.trim() } : {});
/** How the desk was paid, sent only with a payment taken at the desk now. */
const methodField = (d: BookingDraft) => (d.payment === 'desk' ? { paymentMethod: d.paymentMethod } : {});

/** One desk booking; `lateEntry` once staff confirmed that it may start before now (a walk-in already playing). */
export function deskBookingBody(d: BookingDraft, lateEntry = false): DeskBookingBody {
  return { facilityId: d.facilityId, date: d.date, startTime: d.startTime, endTime: d.endTime, ...customerFields(d), payment: d.payment, ...methodField(d), ...noteField(d), ...(lateEntry ? { lateEntry } : {}) };
}

/** The dates a series covers and what to do with a taken one: all its preview depends on. */
function seriesRule(d: BookingDraft, repeat: RepeatRule): Omit<SeriesBody, 'payment'> {
  return {
    facilityId: d.facilityId,
    firstDate: d.date,
    startTime: d.startTime,
    endTime: d.endTime,
    every: repeat.every,
    ...(repeat.ends === 'count' ? { count: repeat.count } : { until: repeat.until }),
    onConflict: repeat.onConflict,
  };
}

export function seriesBody(d: BookingDraft, repeat: RepeatRule): SeriesBody {
  return { ...seriesRule(d, repeat), ...customerFields(d), payment: d.payment === 'unpaid' ? 'unpaid' : 'desk', ...(d.payment === 'unpaid' ? {} : { paymentMethod: d.paymentMethod }), ...noteField(d) };
}

/** The picked customer's id, whose tier prices the booking; none for a walk-in or before one is picked (public prices). */
const pricedFor = (d: BookingDraft) => (d.who === 'customer' && d.customer ? { userId: d.customer.id } : {});

/**
 * What to ask the preview for, or undefined until the dates and times are complete. The
 * customer is not needed to see which dates are free, only to price them (their tier); the
 * payment is not part of the answer.
 */
export function previewRequest(d: BookingDraft): SeriesBody | undefined {
  if (!d.repeat || !d.facilityId || !d.date || !d.startTime || !d.endTime) return undefined;
  const rule = seriesRule(d, d.repeat);
  if (d.repeat.ends === 'count' ? !(d.repeat.count >= 1 && d.repeat.count <= MAX_SERIES_OCCURRENCES) : !(d.repeat.until >= d.date)) return undefined;
  return { ...rule, ...pricedFor(d), payment: 'unpaid' };
}

/** What to ask the server's quote for one booking, or undefined until the facility, date and times are chosen. */
export function quoteRequest(d: BookingDraft): DeskQuoteBody | undefined {
  if (d.repeat || !d.facilityId || !d.date || !d.startTime || !d.endTime) return undefined;
  return { facilityId: d.facilityId, date: d.date, startTime: d.startTime, endTime: d.endTime, ...pricedFor(d) };
}
