import { DAY_MS, daySlots, freeSlots, parseDate, toLocal, type SlotDto } from '@courtside/domain';
import { findFacilityWithBusy } from '../repositories/facilities.ts';
import type { ServiceContext } from './context.ts';
import { facilityNotFound } from './facility-service.ts';
import { toFacilityDto } from './presenters.ts';

/**
 * The free slots of one local day: the opening-hours grid minus active bookings and
 * minus slots that have started. Lapsed holds count as free even before the sweeper runs.
 */
export async function freeSlotsOf(ctx: ServiceContext, facilityId: string, date: string | undefined): Promise<SlotDto[]> {
  const now = ctx.clock();
  const day = date ?? undefined;
  if (day) parseDate(day);
  // The local day lies somewhere within a day either side of its UTC date, whatever the zone.
  const anchor = day ? Date.parse(`${day}T00:00:00Z`) : now.getTime();
  const found = await findFacilityWithBusy(ctx.db, facilityId, new Date(anchor - DAY_MS), new Date(anchor + 2 * DAY_MS), now);
  if (!found) throw facilityNotFound();
  const facility = toFacilityDto(found.facility);
  const localDay = day ?? toLocal(now, facility.timezone).date;
  const horizon = now.getTime() + ctx.config.bookingHorizonDays * DAY_MS;
  return freeSlots(daySlots(facility, localDay), found.busy, now)
    .filter((s) => s.startsAt.getTime() <= horizon)
    .map((s) => ({ startTime: s.startTime, endTime: s.endTime }));
}
