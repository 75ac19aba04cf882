import {
  DEFAULT_MAX_BOOKING_MINUTES,
  DEFAULT_SLOT_MINUTES,
  DomainError,
  dollarsToCents,
  everyDay,
  validateSchedule,
  type FacilityDto,
  type OpeningHours,
} from '@courtside/domain';
import type { FacilityUpdate } from '@courtside/migrations';
import * as facilities from '../repositories/facilities.ts';
import type { ServiceContext } from './context.ts';
import { ALL_FACILITIES, cachesOf, MAX_AGE_MS } from './caches.ts';
import { toFacilityDto } from './presenters.ts';

export interface FacilityInput {
  name: string;
  location: string;
  pricePerHour: number;
  description: string;
  imageUrl: string;
  timezone?: string;
  openingHours?: OpeningHours;
  slotMinutes?: number;
  maxBookingMinutes?: number;
}

export const facilityNotFound = () => new DomainError('not_found', 'FACILITY_NOT_FOUND', 'Facility not found.', 'facility');

export async function listPublic(ctx: ServiceContext, filter: { q?: string; maxPrice?: number }): Promise<FacilityDto[]> {
  // The schema's coercion lets '1e309' through as Infinity, which the database refuses.
  if (filter.maxPrice !== undefined && !Number.isFinite(filter.maxPrice)) {
    throw new DomainError('invalid', 'INVALID_AMOUNT', 'maxPrice must be a number of dollars', 'maxPrice');
  }
  const rows = await facilities.listFacilities(ctx.db, {
    q: filter.q?.trim() || undefined,
    maxPriceCents: filter.maxPrice === undefined ? undefined : Math.floor(filter.maxPrice * 100 + 1e-6),
  });
  return rows.map(toFacilityDto);
}

/**
 * The public list as the caller renders it (the serialized response), kept in memory until
 * any facility changes: every visitor's first page asks for the same list.
 */
export async function renderedPublicList(
  ctx: ServiceContext,
  filter: { q?: string; maxPrice?: number },
  render: (list: FacilityDto[]) => string,
): Promise<string> {
  const cache = cachesOf(ctx).facilityLists;
  const key = `${filter.q?.trim() ?? ''}|${filter.maxPrice ?? ''}`;
  const now = ctx.clock().getTime();
  const hit = cache.get(ALL_FACILITIES, key, now);
  if (hit !== undefined) return hit;
  const ticket = cache.ticket();
  const rendered = render(await listPublic(ctx, filter));
  cache.store(ALL_FACILITIES, key, rendered, ticket, now, now + MAX_AGE_MS);
  return rendered;
}

export async function getFacility(ctx: ServiceContext, id: string, opts: { includeDeleted?: boolean } = {}): Promise<FacilityDto> {
  const row = await facilities.findFacility(ctx.db, id, opts);
  if (!row) throw facilityNotFound();
  return toFacilityDto(row);
}

export async function createFacility(ctx: ServiceContext, input: FacilityInput): Promise<FacilityDto> {
  const schedule = validateSchedule({
    timezone: input.timezone ?? ctx.config.defaultTimezone,
    openingHours: input.openingHours ?? everyDay(),
    slotMinutes: input.slotMinutes ?? DEFAULT_SLOT_MINUTES,
    maxBookingMinutes: input.maxBookingMinutes ?? DEFAULT_MAX_BOOKING_MINUTES,
  });
  const row = await facilities.insertFacility(ctx.db, {
    name: input.name.trim(),
    location: input.location.trim(),
    price_per_hour_cents: dollarsToCents(input.pricePerHour, 'pricePerHour'),
    description: input.description.trim(),
    image_url: input.imageUrl.trim(),
    timezone: schedule.timezone,
    opening_hours: JSON.stringify(schedule.openingHours),
    slot_minutes: schedule.slotMinutes,
    max_booking_minutes: schedule.maxBookingMinutes,
    updated_at: ctx.clock(),
  });
  return toFacilityDto(row);
}

/** Applies only the fields given; the schedule is checked as a whole after merging. */
export async function updateFacility(ctx: ServiceContext, id: string, input: Partial<FacilityInput> & { isDeleted?: boolean }): Promise<FacilityDto> {
  const current = await getFacility(ctx, id, { includeDeleted: true });
  const schedule = validateSchedule({
    timezone: input.timezone ?? current.timezone,
    openingHours: input.openingHours ?? current.openingHours,
    slotMinutes: input.slotMinutes ?? current.slotMinutes,
    maxBookingMinutes: input.maxBookingMinutes ?? current.maxBookingMinutes,
  });
  const changes: FacilityUpdate = {
    timezone: schedule.timezone,
    opening_hours: JSON.stringify(schedule.openingHours),
    slot_minutes: schedule.slotMinutes,
    max_booking_minutes: schedule.maxBookingMinutes,
  };
  if (input.name !== undefined) changes.name = input.name.trim();
  if (input.location !== undefined) changes.location = input.location.trim();
  if (input.description !== undefined) changes.description = input.description.trim();
  if (input.imageUrl !== undefined && input.imageUrl.trim() !== '') changes.image_url = input.imageUrl.trim();
  if (input.pricePerHour !== undefined) changes.price_per_hour_cents = dollarsToCents(input.pricePerHour, 'pricePerHour');
  if (input.isDeleted !== undefined) changes.is_deleted = input.isDeleted;
  const row = await facilities.updateFacility(ctx.db, id, changes, ctx.clock());
  if (!row) throw facilityNotFound();
  return toFacilityDto(row);
}

/** Soft delete: the facility leaves the public site; its bookings stay in history. */
export async function softDeleteFacility(ctx: ServiceContext, id: string): Promise<FacilityDto> {
  const row = await facilities.updateFacility(ctx.db, id, { is_deleted: true }, ctx.clock());
  if (!row) throw facilityNotFound();
  return toFacilityDto(row);
}
