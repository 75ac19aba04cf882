import { DAY_MS, MINUTE_MS, centsToDollars, daySlots, facilityPriceCents, freeSlots, parseDate, toLocal, type Slot } from '@courtside/domain';
import type { SlotDto } from '@courtside/contracts';
import { findFacilityWithBusy } from '../repositories/facilities.ts';
import { cachesOf, MAX_AGE_MS } from './caches.ts';
import type { ServiceContext } from './context.ts';
import { facilityNotFound, facilityPolicy, toPricing, toSchedule } from './facility-schedule.ts';

interface Busy {
  startsAt: Date;
  endsAt: Date;
  holdExpiresAt: Date | null;
}

/**
 * The free slots of one local day: the opening-hours grid minus active bookings, minus slots
 * that have started or start within the facility's minimum notice, and within its horizon. Lapsed
 * holds count as free even before the sweeper runs. Each slot carries its price from the
 * facility's price rules (read with the facility: no query per slot). `validUntil` is the instant
 * the answer changes by time alone (a slot starts, enters the horizon or its notice, a hold
 * lapses); any other change comes through a write (which drops the cached answer).
 */
async function computeFreeSlots(ctx: ServiceContext, facilityId: string, day: string | undefined, now: Date) {
  // The local day lies somewhere within a day either side of its UTC date, whatever the zone.
  const anchor = day ? Date.parse(`${day}T00:00:00Z`) : now.getTime();
  const found = await findFacilityWithBusy(ctx.db, facilityId, new Date(anchor - DAY_MS), new Date(anchor + 2 * DAY_MS), now);
  if (!found) throw facilityNotFound();
  const schedule = toSchedule(found.facility);
  const localDay = day ?? toLocal(now, schedule.timezone).date;
  const policy = facilityPolicy(found.facility, ctx.config);
  const horizonMs = policy.horizonDays * DAY_MS;
  const noticeMs = policy.minNoticeMinutes * MINUTE_MS;
  const pricing = toPricing(found.facility);
  const grid = daySlots(schedule, localDay);
  const slots = freeSlots(grid, found.busy, now, policy.bufferMinutes)
    .filter((s) => s.startsAt.getTime() <= now.getTime() + horizonMs && s.startsAt.getTime() >= now.getTime() + noticeMs)
    // Priced for its real length: a slot the clocks stretch or cut costs what it lasts.
    .map((s): SlotDto => ({ startTime: s.startTime, endTime: s.endTime, price: centsToDollars(facilityPriceCents(pricing, s)) }));
  return { slots, validUntil: validUntil(grid, found.busy, now.getTime(), horizonMs, noticeMs) };
}

function validUntil(grid: Slot[], busy: Busy[], now: number, horizonMs: number, noticeMs: number): number {
  let until = now + MAX_AGE_MS;
  for (const slot of grid) {
    const starts = slot.startsAt.getTime();
    if (starts - noticeMs > now) until = Math.min(until, starts - noticeMs);
    if (starts - horizonMs > now) until = Math.min(until, starts - horizonMs);
  }
  for (const b of busy) {
    const lapses = b.holdExpiresAt?.getTime();
    if (lapses !== undefined && lapses > now) until = Math.min(until, lapses);
  }
  return until;
}

/**
 * The free slots of a facility's day as the caller renders them (the serialized response),
 * kept in memory until a change to the facility or its bookings, or time, makes it stale.
 * Without a date ("today") nothing is kept: which day that is moves with the clock.
 */
export async function renderedFreeSlots(
  ctx: ServiceContext,
  facilityId: string,
  date: string | undefined,
  render: (slots: SlotDto[]) => string,
): Promise<string> {
  const now = ctx.clock();
  const cache = cachesOf(ctx).availability;
  if (!date) return render((await computeFreeSlots(ctx, facilityId, undefined, now)).slots);
  // Only dates that parsed were ever stored, so a hit needs no parsing.
  const hit = cache.get(facilityId, date, now.getTime());
  if (hit !== undefined) return hit;
  parseDate(date);
  const ticket = cache.ticket();
  const { slots, validUntil: until } = await computeFreeSlots(ctx, facilityId, date, now);
  const rendered = render(slots);
  cache.store(facilityId, date, rendered, ticket, now.getTime(), until);
  return rendered;
}
