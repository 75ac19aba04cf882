import type { BookingDto } from '@courtside/contracts';
import { api } from './api.ts';

/** The signed-in customer's bookings as My Bookings and checkout both read them. */

/** Upcoming active ones first (soonest first), then the rest (newest first). */
export async function fetchUserBookings(userId: string, signal?: AbortSignal): Promise<BookingDto[]> {
  const res = await api<BookingDto[]>(`/api/bookings/user/${encodeURIComponent(userId)}`, { signal });
  return sortBookings(res.data ?? []);
}

const startKey = (b: Pick<BookingDto, 'date' | 'startTime'>) => `${b.date}T${b.startTime}`;

/** Soonest first. */
export const byStart = (a: BookingDto, b: BookingDto) => startKey(a).localeCompare(startKey(b));

/** A hold that has not lapsed yet (the server reports lapsed holds as expired, but the page may sit open). */
export function isPayable(b: BookingDto, now = Date.now()): boolean {
  return b.status === 'pending' && b.paymentStatus === 'unpaid' && (!b.holdExpiresAt || Date.parse(b.holdExpiresAt) > now);
}

/** A confirmed booking the server says has ended: it may be rated, or was (reviewable and review come from its clock). */
export const hasTakenPlace = (b: Pick<BookingDto, 'status' | 'reviewable' | 'review'>): boolean => b.status === 'confirmed' && (b.reviewable || b.review !== null);

/** Still to come (or under way) and holding its slot: confirmed and not over, or a live hold. */
export function isActive(b: BookingDto, now = Date.now()): boolean {
  return (b.status === 'confirmed' && !hasTakenPlace(b)) || isPayable(b, now);
}

export function sortBookings(list: BookingDto[], now = Date.now()): BookingDto[] {
  const active = list.filter((b) => isActive(b, now)).sort(byStart);
  const rest = list.filter((b) => !isActive(b, now)).sort((a, b) => byStart(b, a));
  return [...active, ...rest];
}

/**
 * The amount a customer reads for a booking: once paid, what was paid (the server's figure, after
 * any promo code, and exactly what a refund gives back); before that, its price to pay.
 */
export const amountOf = (b: Pick<BookingDto, 'paidAmount' | 'payableAmount'>): number => b.paidAmount ?? b.payableAmount;

/** Sums dollar amounts in whole cents, so 0.1 + 0.2 stays 0.30. */
export function sumDollars(amounts: number[]): number {
  return amounts.reduce((cents, a) => cents + Math.round(a * 100), 0) / 100;
}
