import { MINUTE_MS } from './clock.ts';
import type { Interval } from './slots.ts';

/** Price of an interval for the real time elapsed (a DST-stretched hour costs more). */
export function priceCents(pricePerHourCents: number, interval: Interval): number {
  const minutes = (interval.endsAt.getTime() - interval.startsAt.getTime()) / MINUTE_MS;
  return Math.round((pricePerHourCents * minutes) / 60);
}

/**
 * The price of a slot when it is not the usual one: a daylight-saving day stretches or cuts a
 * slot's real length (01:00-02:00 lasts two hours when the clocks go back) and the booking is
 * charged for that. Undefined on an ordinary slot, whose price is pricePerHour x its length.
 */
export function unusualSlotPriceCents(pricePerHourCents: number, slot: Interval, slotMinutes: number): number | undefined {
  const minutes = (slot.endsAt.getTime() - slot.startsAt.getTime()) / MINUTE_MS;
  return minutes === slotMinutes ? undefined : priceCents(pricePerHourCents, slot);
}
