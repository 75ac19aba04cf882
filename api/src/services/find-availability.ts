import { LAST_DATE, centsToDollars, outsideWindowCounts, parseDate, parseSport, parseTimeWindow, shiftDate, startsInWindow, type Sport, type TimeWindow } from '@courtside/domain';
import type { AvailabilityAlternatives, AvailabilityDto, AvailabilityQuery, FacilityAvailabilityDto, SlotDto } from '@courtside/contracts';
import type { FacilityRow } from '@courtside/migrations';
import { listFacilitiesWithBusy, type FacilityWithBusy } from '../repositories/busy-time.ts';
import { busyWindowOf, freeSlotsOf, pricedSlots, toSlotDto, type Grids, type PricedSlot } from './availability-service.ts';
import { ALL_FACILITIES, cachesOf, safetyNetUntil } from './caches.ts';
import type { ServiceContext } from '../shared/context.ts';
import { gzipBeforeKeeping } from '../http/serialized.ts';
import { MemoryThrottle } from './memory-throttle.ts';

/** How many days after the asked one `nextDate` looks at. */
const NEXT_DATE_DAYS = 7;

/** A facility with its free slots in the asked window (at least one). */
export interface FoundFacility {
  row: FacilityRow;
  slots: PricedSlot[];
}

/** The answer to one search, before it is priced for a caller and rendered. */
export interface FoundDay {
  date: string;
  facilities: FoundFacility[];
  alternatives: AvailabilityAlternatives | null;
}

/** A search's answer as kept in memory: rendered once with public prices, and what repricing it needs. */
export interface RenderedSearch {
  body: Buffer;
  found: FoundDay;
}

/** The answer on the wire, each slot priced by `price` (public prices, or the caller's). */
export function toAvailabilityDto(found: FoundDay, price: (facility: FacilityRow, slot: PricedSlot) => SlotDto): AvailabilityDto {
  return {
    date: found.date,
    facilities: found.facilities.map(({ row, slots }): FacilityAvailabilityDto => ({
      _id: row.id,
      name: row.name,
      location: row.location,
      sport: row.sport,
      imageUrl: row.image_url,
      timezone: row.timezone,
      pricePerHour: centsToDollars(row.price_per_hour_cents),
      slots: slots.map((s) => price(row, s)),
    })),
    alternatives: found.alternatives,
  };
}

interface Search {
  date: string;
  sport: Sport | undefined;
  window: TimeWindow;
}

/** The query as the rules read it; a malformed field is refused naming it. */
function parseSearch(query: AvailabilityQuery): Search {
  parseDate(query.date);
  return { date: query.date, sport: query.sport === undefined ? undefined : parseSport(query.sport), window: parseTimeWindow(query.from, query.to) };
}

/**
 * Every matching facility's free slots of the day in the window: one statement reads the
 * facilities and their busy time, then each goes through the single-facility rules
 * (freeSlotsOf). With nothing in the window, what to try instead (one more statement for the
 * days after). `validUntil`: the earliest instant any day computed changes by time alone.
 */
async function search(ctx: ServiceContext, s: Search, now: Date): Promise<{ found: FoundDay; validUntil: number }> {
  let until = safetyNetUntil(now.getTime());
  const grids: Grids = new Map();
  const freeOn = ({ facility, busy }: FacilityWithBusy, date: string) => {
    const free = freeSlotsOf(facility, busy, date, now, ctx.config, grids);
    until = Math.min(until, free.validUntil);
    return free.slots;
  };
  const inWindow = (slot: { startTime: string }) => startsInWindow(slot.startTime, s.window);

  const { from, to } = busyWindowOf(s.date);
  const asked = (await listFacilitiesWithBusy(ctx.db, s.sport, from, to, now)).map((f) => ({ row: f.facility, free: freeOn(f, s.date) }));
  const facilities = asked.flatMap(({ row, free }) => {
    const shown = free.filter(inWindow);
    // Only the slots shown are priced.
    return shown.length > 0 ? [{ row, slots: pricedSlots(row, shown) }] : [];
  });
  if (facilities.length > 0) return { found: { date: s.date, facilities, alternatives: null }, validUntil: until };

  const outsideWindow = outsideWindowCounts(asked.flatMap((f) => f.free.map((slot) => slot.startTime)), s.window);
  const dates: string[] = [];
  for (let d = 1; d <= NEXT_DATE_DAYS; d++) {
    const date = shiftDate(s.date, d);
    if (date > LAST_DATE) break;
    dates.push(date);
  }
  let nextDate: string | null = null;
  if (dates.length > 0) {
    const next = busyWindowOf(dates[0]!, dates.at(-1));
    const later = await listFacilitiesWithBusy(ctx.db, s.sport, next.from, next.to, now);
    // Past the first facility with room on the first day with room, nothing can change the answer but writes.
    nextDate = dates.find((date) => later.some((f) => freeOn(f, date).some(inWindow))) ?? null;
  }
  return { found: { date: s.date, facilities: [], alternatives: { outsideWindow, nextDate } }, validUntil: until };
}

const throttles = new WeakMap<ServiceContext, MemoryThrottle>();

/**
 * Counts one search by `client` (its bucketed address) against FIND_MAX_PER_IP per
 * FIND_WINDOW_SECONDS, then 429. In memory, per process: what it protects is this process's
 * work and its cache, which varied questions would otherwise churn at no cost to the asker.
 */
export function countSearch(ctx: ServiceContext, client: string): void {
  const { findMaxPerIp, findWindowSeconds } = ctx.config;
  if (findMaxPerIp <= 0) return;
  let throttle = throttles.get(ctx);
  if (!throttle) throttles.set(ctx, (throttle = new MemoryThrottle(findMaxPerIp, findWindowSeconds * 1000)));
  throttle.hit(client, ctx.clock().getTime(), 'Too many searches from this network. Please wait a minute and try again.');
}

/**
 * The search's answer with public prices, rendered once by `render` and kept in memory until
 * any facility or booking changes (whichever process made the change), or time alone changes
 * it. One group holds every search: a change to any facility can add it to, or take it out of,
 * any answer.
 */
export async function renderedSearch(ctx: ServiceContext, query: AvailabilityQuery, render: (data: AvailabilityDto) => Buffer): Promise<RenderedSearch> {
  const now = ctx.clock();
  const cache = cachesOf(ctx).searches;
  // Only queries that parsed were ever stored, so a hit needs no parsing.
  const key = `${query.date}|${query.sport ?? ''}|${query.from ?? ''}|${query.to ?? ''}`;
  return cache.getOrCompute(ALL_FACILITIES, key, now.getTime(), async () => {
    const { found, validUntil } = await search(ctx, parseSearch(query), now);
    const body = render(toAvailabilityDto(found, (_, slot) => toSlotDto(slot)));
    // Kept with its gzipped copy, so the cache counts both (a cache that is off keeps nothing).
    if (cache.enabled) await gzipBeforeKeeping(body);
    return { value: { body, found }, validUntil };
  });
}
