import { errorCode, errorMessage } from '../common/errors.ts';
import { countOf } from '../common/format.ts';

/**
 * A change the API refused because live bookings stand in the way (FACILITY_HAS_BOOKINGS, for a
 * delete or a time-zone change): its message lists them, one per line, between a heading that
 * counts them and what to send to go ahead.
 */
export interface BookingsInTheWay {
  count: number;
  /** Closures in the way too (a time-zone change moves them with the bookings). */
  closures: number;
  lines: string[];
}

export function bookingsInTheWay(error: unknown): BookingsInTheWay | undefined {
  const message = errorMessage(error);
  if (errorCode(error) !== 'FACILITY_HAS_BOOKINGS' || !message) return undefined;
  const [heading = '', ...rest] = message.split('\n');
  const counted = (what: string) => Number(new RegExp(`(\\d+) upcoming ${what}`).exec(heading)?.[1] ?? 0);
  const [bookings, closures] = [counted('booking'), counted('closure')];
  // The last line tells API callers how to confirm; here the dialog does that.
  const lines = rest.slice(0, -1);
  return { count: bookings || closures ? bookings : lines.length, closures, lines };
}

export const bookingsText = (n: number) => countOf(n, 'booking');
