import { centsToDollars, daySlots, facilityPriceCents, tierPriceFor, toLocal } from '@courtside/domain';
import type { Envelope, SlotDto } from '@courtside/contracts';
import { findFacility } from '../repositories/facilities.ts';
import { renderedFreeSlots } from './availability-service.ts';
import type { CurrentUser, ServiceContext } from './context.ts';
import { facilityNotFound, toPricing, toSchedule } from './facility-schedule.ts';

/**
 * Free slots priced for the caller. The cached answer (availability-service) holds everyone's
 * public prices; a signed-in customer whose tier is in force and prices this facility gets the
 * same slots, each priced again with the tier: one facility read, then facilityPriceCents per slot,
 * and the cache stays the same for everyone.
 */
export async function renderedFreeSlotsFor(
  ctx: ServiceContext,
  caller: CurrentUser | null,
  facilityId: string,
  date: string | undefined,
  render: (slots: SlotDto[]) => string,
): Promise<string> {
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
  const { data } = JSON.parse(rendered) as Envelope<SlotDto[]>;
  const name = caller!.tier!.tier.name;
  return render(
    data.map((slot) => {
      const at = grid.get(`${slot.startTime}-${slot.endTime}`);
      return at ? { ...slot, price: centsToDollars(facilityPriceCents(pricing, at, tier)), tier: name } : slot;
    }),
  );
}
