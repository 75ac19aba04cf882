import {
  DAY_MS,
  MINUTE_MS,
  WEEKDAYS,
  centsToDollars,
  daySlots,
  facilityPriceCents,
  freeSlots,
  parseDate,
  playMinutes,
  toLocal,
  weekdayOf,
  type GlobalPolicySettings,
  type Schedule,
  type Slot,
} from '@courtside/domain';
import type { SlotDto } from '@courtside/contracts';
import type { FacilityRow } from '@courtside/migrations';
import { findFacilityWithBusy, type Busy } from '../repositories/busy-time.ts';
import { cachesOf, safetyNetUntil } from './caches.ts';
import type { ServiceContext } from '../shared/context.ts';
import { facilityNotFound, facilityPolicy, policyOf, toPricing, toSchedule } from '../shared/facility-schedule.ts';

/** A free slot with its public price. */
export interface PricedSlot extends Slot {
  priceCents: number;
  /** Set when the facility has a changeover: the slot's play (domain playMinutes). */
  playMinutes?: number;
}

/** A facility's free slots of one local day, and the instant that answer changes by time alone. */
export interface FreeDay {
  slots: Slot[];
  validUntil: number;
}

/**
 * Day grids already built while answering one question, by what decides them (the day, zone,
 * slot length and that day's hours): a venue's facilities mostly share them, and building a
 * grid (the wall clock's instants) is most of the work of free slots.
 */
export type Grids = Map<string, Slot[]>;

function gridOf(schedule: Schedule, day: string, grids: Grids | undefined): Slot[] {
  if (!grids) return daySlots(schedule, day);
  const hours = schedule.openingHours[WEEKDAYS[weekdayOf(parseDate(day))]!];
  const key = `${day} ${schedule.timezone} ${schedule.slotMinutes} ${hours ? `${hours.open}-${hours.close}` : '-'}`;
  let grid = grids.get(key);
  if (!grid) grids.set(key, (grid = daySlots(schedule, day)));
  return grid;
}

/**
 * The instants between which the busy time of local days `first` to `last` lies, in any zone:
 * a local day lies somewhere within a day either side of its UTC date.
 */
export function busyWindowOf(first: string, last = first): { from: Date; to: Date } {
  return { from: new Date(Date.parse(`${first}T00:00:00Z`) - DAY_MS), to: new Date(Date.parse(`${last}T00:00:00Z`) + 2 * DAY_MS) };
}

/**
 * The free slots of one local day of a facility, from its row and its busy intervals (every
 * route that shows free slots goes through here): the opening-hours grid minus active bookings,
 * minus slots that have started or start within the facility's minimum notice, and within its
 * horizon. Lapsed holds count as free even before the sweeper runs. `validUntil` is the instant
 * the answer changes by time alone (a slot starts, enters the horizon or its notice, a hold
 * lapses); any other change comes through a write (which drops the cached answer).
 */
export function freeSlotsOf(facility: FacilityRow, busy: Busy[], day: string, now: Date, settings: GlobalPolicySettings, grids?: Grids): FreeDay {
  const policy = facilityPolicy(facility, settings);
  const horizonMs = policy.horizonDays * DAY_MS;
  const noticeMs = policy.minNoticeMinutes * MINUTE_MS;
  const grid = gridOf(toSchedule(facility), day, grids);
  const slots = freeSlots(grid, busy, now)
    .filter((s) => s.startsAt.getTime() <= now.getTime() + horizonMs && s.startsAt.getTime() >= now.getTime() + noticeMs);
  return { slots, validUntil: validUntil(grid, busy, now.getTime(), horizonMs, noticeMs) };
}

/**
 * Free slots with their public prices, from the facility's price rules (read with the facility:
 * no query per slot), each priced for its real length: a slot the clocks stretch or cut costs
 * what it lasts.
 */
export function pricedSlots(facility: FacilityRow, slots: Slot[]): PricedSlot[] {
  const pricing = toPricing(facility);
  const changeover = policyOf(facility).bufferMinutes ?? 0;
  return slots.map((s) => ({
    ...s,
    priceCents: facilityPriceCents(pricing, s),
    ...(changeover > 0 ? { playMinutes: playMinutes((s.endsAt.getTime() - s.startsAt.getTime()) / MINUTE_MS, changeover) } : {}),
  }));
}

/** A free slot as the wire shows it, at its public price. */
export const toSlotDto = (s: PricedSlot): SlotDto => ({
  startTime: s.startTime,
  endTime: s.endTime,
  price: centsToDollars(s.priceCents),
  ...(s.playMinutes === undefined ? {} : { playMinutes: s.playMinutes }),
});

/** One facility's free slots of `day` (undefined: its today), read in one round trip. */
async function computeFreeSlots(ctx: ServiceContext, facilityId: string, day: string | undefined, now: Date) {
  const { from, to } = busyWindowOf(day ?? now.toISOString().slice(0, 10));
  const found = await findFacilityWithBusy(ctx.db, facilityId, from, to, now);
  if (!found) throw facilityNotFound();
  const free = freeSlotsOf(found.facility, found.busy, day ?? toLocal(now, found.facility.timezone).date, now, ctx.config);
  return { slots: pricedSlots(found.facility, free.slots).map(toSlotDto), validUntil: free.validUntil };
}

function validUntil(grid: Slot[], busy: Busy[], now: number, horizonMs: number, noticeMs: number): number {
  let until = safetyNetUntil(now);
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
  render: (slots: SlotDto[]) => Buffer,
): Promise<Buffer> {
  const now = ctx.clock();
  const cache = cachesOf(ctx).availability;
  if (!date) return render((await computeFreeSlots(ctx, facilityId, undefined, now)).slots);
  // Only dates that parsed were ever stored, so a hit needs no parsing.
  return cache.getOrCompute(facilityId, date, now.getTime(), async () => {
    parseDate(date);
    const { slots, validUntil } = await computeFreeSlots(ctx, facilityId, date, now);
    return { value: render(slots), validUntil };
  });
}
