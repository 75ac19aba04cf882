import { centsToDollars, daySlots, facilityPriceCents, hourlyPriceCents, tierPriceFor, toLocal, type FacilityPricing, type Interval, type TierPrice } from '@courtside/domain';
import type { AvailabilityDto, AvailabilityQuery, CallerPriceDto, Envelope, HourlyPriceDto, SlotDto } from '@courtside/contracts';
import { findFacility } from '../repositories/facilities.ts';
import { renderedFreeSlots, toSlotDto } from './availability-service.ts';
import type { CurrentUser, ServiceContext } from '../shared/context.ts';
import { facilityNotFound, toPricing, toSchedule } from '../shared/facility-schedule.ts';
import { countSearch, renderedSearch, toAvailabilityDto } from './find-availability.ts';

/**
 * Free slots priced for the caller. The cached answers (availability-service, find-availability)
 * hold everyone's public prices; a signed-in customer whose tier is in force and prices a
 * facility gets the same slots, each priced again with the tier by facilityPriceCents, and the
 * caches stay the same for everyone.
 */

/** A free slot at the tier's price, naming the tier. */
function tierSlot(pricing: FacilityPricing, slot: SlotDto, at: Interval, tier: TierPrice, tierName: string): SlotDto {
  return { ...slot, price: centsToDollars(facilityPriceCents(pricing, at, tier)), tier: tierName };
}

/** One facility's free slots of a day for the caller: one facility read more when a tier prices them. */
export async function renderedFreeSlotsFor(
  ctx: ServiceContext,
  caller: CurrentUser | null,
  facilityId: string,
  date: string | undefined,
  render: (slots: SlotDto[]) => Buffer,
): Promise<Buffer> {
  const now = ctx.clock();
  const tier = tierPriceFor(caller?.tier, facilityId, now);
  const rendered = await renderedFreeSlots(ctx, facilityId, date, render);
  if (!tier) return rendered;
  const facility = await findFacility(ctx.db, facilityId);
  if (!facility) throw facilityNotFound();
  const pricing = toPricing(facility);
  const day = date ?? toLocal(now, facility.timezone).date;
  // The slots' instants from the day's grid (the free ones are a subset of it, keyed by their times).
  const grid = new Map(daySlots(toSchedule(facility), day).map((s) => [`${s.startTime}-${s.endTime}`, s]));
  const { data } = JSON.parse(rendered.toString()) as Envelope<SlotDto[]>;
  const name = caller!.tier!.tier.name;
  return render(
    data.map((slot) => {
      const at = grid.get(`${slot.startTime}-${slot.endTime}`);
      return at ? tierSlot(pricing, slot, at, tier, name) : slot;
    }),
  );
}

/**
 * Every matching facility's free slots for the caller: the cached search holds the slots'
 * instants, so a tier reads nothing more. Counted against the client's search limit first.
 */
export async function renderedSearchFor(
  ctx: ServiceContext,
  caller: CurrentUser | null,
  client: string,
  query: AvailabilityQuery,
  render: (data: AvailabilityDto) => Buffer,
): Promise<Buffer> {
  countSearch(ctx, client);
  const { body, found } = await renderedSearch(ctx, query, render);
  const assigned = caller?.tier;
  if (!assigned) return body;
  const now = ctx.clock();
  const priced = new Map<string, { tier: TierPrice; pricing: FacilityPricing }>();
  for (const { row } of found.facilities) {
    const tier = tierPriceFor(assigned, row.id, now);
    if (tier) priced.set(row.id, { tier, pricing: toPricing(row) });
  }
  if (priced.size === 0) return body;
  return render(
    toAvailabilityDto(found, (row, slot) => {
      const at = priced.get(row.id);
      return at ? tierSlot(at.pricing, toSlotDto(slot), slot, at.tier, assigned.tier.name) : toSlotDto(slot);
    }),
  );
}

const hourly = (pricing: FacilityPricing, now: Date, tier?: TierPrice): HourlyPriceDto => {
  const { cents, varies } = hourlyPriceCents(pricing, now, tier);
  return { pricePerHour: centsToDollars(cents), varies };
};

/**
 * A facility's hourly price for the caller beside its list price: what the facility page and the
 * booking step state to a signed-in customer (pages are rendered, and cached, with the list price).
 */
export async function callerHourlyPrice(ctx: ServiceContext, caller: CurrentUser | null, facilityId: string): Promise<CallerPriceDto> {
  const facility = await findFacility(ctx.db, facilityId);
  if (!facility) throw facilityNotFound();
  const now = ctx.clock();
  const pricing = toPricing(facility);
  const tier = tierPriceFor(caller?.tier, facilityId, now);
  const listPrice = hourly(pricing, now);
  return { price: tier ? hourly(pricing, now, tier) : listPrice, listPrice, tier: tier ? caller!.tier!.tier.name : null };
}
