import { addDays, formatDate, fromLocal, parseDate, toLocal } from './clock.ts';
import { invalid } from './errors.ts';

/**
 * A gift voucher's expiry is a day on the venue's calendar: the last day it can be redeemed. It is
 * stored as the instant that day ends (the next local midnight), so "expired" is one comparison.
 */

/** The instant the venue's `lastDay` ends in `tz`; a last day before today (at `now`) is refused, naming `path`. */
export function voucherExpiresAt(lastDay: string, tz: string, now: Date, path = 'expiresAt'): Date {
  const day = parseDate(lastDay, path);
  if (formatDate(day) < toLocal(now, tz).date) throw invalid('IN_THE_PAST', `${path} is before today: the voucher could never be redeemed`, path);
  return fromLocal(addDays(day, 1), 0, tz);
}

/** The last day (YYYY-MM-DD on the venue's calendar) a voucher expiring at `expiresAt` can be redeemed. */
export function voucherLastDay(expiresAt: Date, tz: string): string {
  return toLocal(expiresAt.getTime() - 1, tz).date;
}

/** The expiry of a voucher bought at `paidAt` and valid for `days`: the end of the venue's day `days` later. */
export function boughtVoucherExpiresAt(paidAt: Date, days: number, tz: string): Date {
  return fromLocal(addDays(parseDate(toLocal(paidAt, tz).date), days + 1), 0, tz);
}
