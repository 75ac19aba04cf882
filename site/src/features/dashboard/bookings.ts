import type { BookingDto } from '@courtside/domain';
import { api, ApiError } from '../../lib/api.ts';
import { isPayable } from './format.ts';

/** The signed-in user's bookings: upcoming active ones first (soonest first), then the rest (newest first). */
export async function fetchUserBookings(userId: string, signal?: AbortSignal): Promise<BookingDto[]> {
  const res = await api<BookingDto[]>(`/api/bookings/user/${encodeURIComponent(userId)}`, { signal });
  return sortBookings(res.data ?? []);
}

const startKey = (b: BookingDto) => `${b.date}T${b.startTime}`;

export function isActive(b: BookingDto, now = Date.now()): boolean {
  return b.status === 'confirmed' || isPayable(b, now);
}

export function sortBookings(list: BookingDto[], now = Date.now()): BookingDto[] {
  const active = list.filter((b) => isActive(b, now)).sort((a, b) => startKey(a).localeCompare(startKey(b)));
  const rest = list.filter((b) => !isActive(b, now)).sort((a, b) => startKey(b).localeCompare(startKey(a)));
  return [...active, ...rest];
}

/**
 * Whether the customer may cancel it now, as the server said when it sent the list
 * (cancellable) and as time has moved on since (its deadline may pass while the page is open).
 */
export function canCancel(b: BookingDto, now = Date.now()): boolean {
  if (!isActive(b, now) || !b.cancellable) return false;
  return b.status === 'pending' || !b.cancellableUntil || Date.parse(b.cancellableUntil) >= now;
}

/** Cancels one booking; resolves with the server's message, rejects with a message to show. */
export async function cancelBooking(id: string): Promise<string> {
  try {
    const res = await api<BookingDto>(`/api/bookings/${encodeURIComponent(id)}`, { method: 'DELETE' });
    return res.message || 'Booking cancelled successfully.';
  } catch (err) {
    throw new Error(err instanceof ApiError && err.status !== 0 && err.message ? err.message : 'Error canceling booking.');
  }
}
