import type { BookingDto } from '@courtside/contracts';
import { formatClockTime } from '@courtside/browser';

/**
 * "play until 10:50 AM" for a booking whose facility's changeover takes the end of it (the server's
 * playEndTime, from the domain's playEnd); undefined when play runs to its end (no changeover,
 * or the customer's own next booking follows straight on).
 */
export function playUntil(b: Pick<BookingDto, 'endTime' | 'playEndTime'>): string | undefined {
  return b.playEndTime === b.endTime ? undefined : `play until ${formatClockTime(b.playEndTime)}`;
}
