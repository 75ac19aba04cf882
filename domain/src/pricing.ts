import { MINUTE_MS } from './clock.ts';
import type { Interval } from './slots.ts';

/** Price of an interval for the real time elapsed (a DST-stretched hour costs more). */
export function priceCents(pricePerHourCents: number, interval: Interval): number {
  const minutes = (interval.endsAt.getTime() - interval.startsAt.getTime()) / MINUTE_MS;
  return Math.round((pricePerHourCents * minutes) / 60);
}
