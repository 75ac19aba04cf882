import {
  DomainError,
  SPORT_LABELS,
  SlotFree,
  WAITLIST_STATUSES,
  centsToDollars,
  checkWindow,
  holdLapsesAt,
  invalid,
  isDateText,
  isHoldLapsed,
  noSlotInWindow,
  localTimes,
  parseTime,
  resolveBookingRequest,
  waitlistKey,
  waitlistLimitReached,
  waitlistStatusAt,
  type FreeSlot,
  type Sport,
} from '@courtside/domain';
import type { WaitingCustomerDto, WaitlistAdminEntryDto, WaitlistBody, WaitlistEntryDto, WaitingAtQuery } from '@courtside/contracts';
import type { FacilityRow } from '@courtside/migrations';
import * as bookings from '../repositories/bookings.ts';
import * as facilities from '../repositories/facilities.ts';
import * as waitlist from '../repositories/waitlist.ts';
import { lockFacilitySchedule } from '../repositories/occupancy.ts';
import type { EntryView } from '../repositories/waitlist.ts';
import { cancelLockedBooking, changeBooking } from './booking-service.ts';
import { offerFreedTime, wantsAt, type Wish } from './waitlist-offers.ts';
import type { CurrentUser, ServiceContext } from '../shared/context.ts';
import { facilityNotFound, facilityBookingPolicy, toSchedule } from '../shared/facility-schedule.ts';
import { enumFilter, parseListParams, stringFilter, uuidFilter, type ListParams } from '../shared/admin-query.ts';

/** How far back a customer's settled entries are still listed. */
const SETTLED_LISTED_DAYS = 30;

const entryNotFound = () => new DomainError('not_found', 'WAITLIST_ENTRY_NOT_FOUND', 'Waitlist entry not found.');

function offerOf(row: EntryView, now: Date): WaitlistEntryDto['offer'] {
  if (!row.offer_booking_id || !row.offer_starts_at || !row.offer_ends_at || !row.offer_timezone) return null;
  const times = localTimes(row.offer_starts_at, row.offer_ends_at, row.offer_timezone);
  const expiresAt = row.offer_hold_expires_at ? holdLapsesAt({ startsAt: row.offer_starts_at, holdExpiresAt: row.offer_hold_expires_at }) : now;
  return {
    bookingId: row.offer_booking_id,
    expiresAt: expiresAt.toISOString(),
    facility: { id: row.offer_facility_id!, name: row.offer_facility_name! },
    ...times,
    amount: centsToDollars(row.offer_payable_cents ?? 0),
  };
}

export function toEntryDto(row: EntryView, now: Date): WaitlistEntryDto {
  const status = waitlistStatusAt({ status: row.status, expiresAt: row.expires_at, offer: row.offer_status ? { holdLapsed: row.offer_lapsed === true } : null }, now);
  return {
    id: row.id,
    kind: row.kind,
    status,
    position: status === 'waiting' ? row.position : null,
    sport: row.sport as Sport,
    facility: row.facility_id ? { id: row.facility_id, name: row.facility_name ?? '' } : null,
    date: row.date,
    startTime: row.start_time,
    endTime: row.end_time,
    minutes: row.minutes,
    joinedAt: row.joined_at.toISOString(),
    offer: status === 'offered' || status === 'booked' ? offerOf(row, now) : null,
  };
}

const toAdminDto = (row: EntryView, now: Date): WaitlistAdminEntryDto & { id: string } => ({
  ...toEntryDto(row, now),
  customer: { id: row.user_id, name: row.customer_name, email: row.customer_email, phone: row.customer_phone },
  removedBy: row.removed_by_name,
});

async function entryView(ctx: ServiceContext, id: string): Promise<EntryView> {
  const row = await waitlist.findEntryView(ctx.db, id, ctx.clock());
  if (!row) throw entryNotFound();
  return row;
}

/** The wants of an entry asked for, across the facilities it may be at, and what is free for the customer now instead. */
interface Plan {
  entry: waitlist.NewEntry;
  wants: waitlist.NewWant[];
  free: FreeSlot[];
}

async function freeAmong(ctx: ServiceContext, facility: FacilityRow, wants: waitlist.NewWant[], userId: string, now: Date): Promise<FreeSlot[]> {
  const free = await waitlist.freeFor(ctx.db, facility.id, wants.map((w) => ({ startsAt: w.starts_at, endsAt: w.ends_at })), userId, now);
  return wants
    .filter((_, i) => free[i])
    .map((w) => ({ facilityId: facility.id, facilityName: facility.name, ...localTimes(w.starts_at, w.ends_at, facility.timezone) }));
}

async function planSlot(ctx: ServiceContext, user: CurrentUser, body: Extract<WaitlistBody, { facilityId: string }>, now: Date): Promise<Plan> {
  const facility = await facilities.findFacility(ctx.db, body.facilityId);
  if (!facility) throw facilityNotFound();
  const wish: Wish = { kind: 'slot', ...body };
  // The rules of a booking of it (open, on the grid, enough notice...): a slot nobody could book is not waited for.
  resolveBookingRequest(toSchedule(facility), body, facilityBookingPolicy(facility, ctx.config, now));
  const wants = wantsAt(ctx, facility, wish, now);
  return {
    entry: {
      user_id: user.id, kind: 'slot', facility_id: facility.id, sport: facility.sport, date: body.date,
      start_time: body.startTime, end_time: body.endTime, minutes: parseTime(body.endTime) - parseTime(body.startTime),
      match_key: waitlistKey(body), joined_at: now, expires_at: wants[0]!.offer_by,
    },
    wants,
    free: await freeAmong(ctx, facility, wants, user.id, now),
  };
}

async function planWindow(ctx: ServiceContext, user: CurrentUser, body: Extract<WaitlistBody, { sport: string }>, now: Date): Promise<Plan> {
  checkWindow(body);
  const wish: Wish = { kind: 'window', ...body };
  const courts = await facilities.listFacilities(ctx.db, { sports: [body.sport] });
  const wants: waitlist.NewWant[] = [];
  const free: FreeSlot[] = [];
  for (const court of courts) {
    const here = wantsAt(ctx, court, wish, now);
    wants.push(...here);
    free.push(...(await freeAmong(ctx, court, here, user.id, now)));
  }
  if (wants.length === 0) throw noSlotInWindow(SPORT_LABELS[body.sport], body, ctx.config.money.locale);
  return {
    entry: {
      user_id: user.id, kind: 'window', facility_id: null, sport: body.sport, date: body.date,
      start_time: body.from, end_time: body.to, minutes: body.minutes,
      match_key: waitlistKey(body), joined_at: now, expires_at: new Date(Math.max(...wants.map((w) => w.offer_by.getTime()))),
    },
    wants,
    free: free.sort((a, b) => a.startTime.localeCompare(b.startTime) || a.facilityName.localeCompare(b.facilityName)),
  };
}

/**
 * Puts the customer in line for a slot or a window. What is free for them now is refused with
 * SLOT_FREE and those slots (book them instead); the same wish twice is the entry they have
 * (created: false). The count of their entries is checked under their lock.
 */
export async function joinWaitlist(ctx: ServiceContext, user: CurrentUser, body: WaitlistBody): Promise<{ entry: WaitlistEntryDto; created: boolean }> {
  const now = ctx.clock();
  const plan = 'facilityId' in body ? await planSlot(ctx, user, body, now) : await planWindow(ctx, user, body, now);
  if (plan.free.length > 0) throw new SlotFree(plan.free, ctx.config.money.locale);
  const { id, created } = await ctx.db.transaction().execute(async (trx) => {
    await waitlist.lockCustomer(trx, user.id);
    const existing = await waitlist.findActiveEntry(trx, user.id, plan.entry.match_key);
    if (existing) return { id: existing.id, created: false };
    if ((await waitlist.countActiveEntries(trx, user.id, now)) >= ctx.config.waitlistMaxPerCustomer) throw waitlistLimitReached(ctx.config.waitlistMaxPerCustomer);
    return { id: (await waitlist.insertEntry(trx, plan.entry, plan.wants)).id, created: true };
  });
  return { entry: toEntryDto(await entryView(ctx, id), ctx.clock()), created };
}

export async function listMyEntries(ctx: ServiceContext, user: CurrentUser): Promise<WaitlistEntryDto[]> {
  const now = ctx.clock();
  const since = new Date(now.getTime() - SETTLED_LISTED_DAYS * 86_400_000);
  return (await waitlist.listCustomerEntries(ctx.db, user.id, since, now)).map((r) => toEntryDto(r, now));
}

/**
 * Takes an entry out of line: a waiting one leaves; an offered one declines its offer (its hold
 * is cancelled, and the time goes to the next in line in the same transaction). Staff removing
 * one are recorded. An entry already settled is answered as it is.
 */
async function takeOutOfLine(ctx: ServiceContext, actor: CurrentUser, id: string, asStaff: boolean): Promise<void> {
  const now = ctx.clock();
  await changeBooking(ctx, async (trx) => {
    const entry = await waitlist.lockEntry(trx, id);
    if (!entry || (!asStaff && entry.user_id !== actor.id)) throw entryNotFound();
    const removedBy = asStaff ? actor.id : undefined;
    if (entry.status === 'waiting') {
      await waitlist.setStatus(trx, id, 'left', now, removedBy);
      return {};
    }
    const offer = entry.status === 'offered' && entry.offer_booking_id ? await bookings.lockBooking(trx, entry.offer_booking_id) : undefined;
    if (!offer || offer.status !== 'pending') return {};
    await lockFacilitySchedule(trx, offer.facility_id);
    // An offer that lapsed (not swept yet) is over: it expires, as the sweep would record it; one still live is declined.
    const lapsed = isHoldLapsed({ status: offer.status, paymentStatus: offer.payment_status, startsAt: offer.starts_at, holdExpiresAt: offer.hold_expires_at }, now);
    const done = lapsed ? {} : await cancelLockedBooking(ctx, trx, actor, offer, now);
    if (lapsed) await bookings.expireLapsedOverlapping(trx, offer.facility_id, { startsAt: offer.starts_at, endsAt: offer.ends_at }, now);
    if (removedBy) await waitlist.recordRemovedBy(trx, id, removedBy);
    const made = await offerFreedTime(ctx, trx, offer.facility_id, now);
    return { ...done, offeredAt: made.length > 0 ? [offer.facility_id] : [] };
  });
}

export async function leaveWaitlist(ctx: ServiceContext, user: CurrentUser, id: string): Promise<WaitlistEntryDto> {
  await takeOutOfLine(ctx, user, id, false);
  return toEntryDto(await entryView(ctx, id), ctx.clock());
}

export async function removeFromWaitlist(ctx: ServiceContext, staff: CurrentUser, id: string) {
  await takeOutOfLine(ctx, staff, id, true);
  return toAdminDto(await entryView(ctx, id), ctx.clock());
}

export async function getWaitlistEntry(ctx: ServiceContext, id: string) {
  return toAdminDto(await entryView(ctx, id), ctx.clock());
}

const STATUS_FILTERS = [...WAITLIST_STATUSES, 'active'] as const;

export async function pageWaitlist(ctx: ServiceContext, params: ListParams) {
  const { page, filter } = parseListParams(params, { joinedAt: 'e.line_no', date: 'e.date', status: 'e.status', id: 'e.id' }, ['joinedAt', 'ASC']);
  const facilityId = uuidFilter(filter, 'facilityId');
  const facility = facilityId ? await facilities.findFacility(ctx.db, facilityId, { includeDeleted: true }) : undefined;
  const date = stringFilter(filter, 'date');
  if (date !== undefined && !isDateText(date)) throw invalid('BAD_LIST_QUERY', 'filter.date must be YYYY-MM-DD', 'filter.date');
  const now = ctx.clock();
  const { rows, total } = await waitlist.pageEntries(ctx.db, {
    facilityId,
    facilitySport: facility?.sport,
    status: enumFilter(filter, 'status', STATUS_FILTERS)?.[0],
    date,
    q: stringFilter(filter, 'q'),
  }, page, now);
  return { records: rows.map((r) => toAdminDto(r, now)), total, page };
}

/** Who waits for time overlapping a slot staff are about to book at the desk, first in line first. */
export async function waitingAt(ctx: ServiceContext, facilityId: string, query: WaitingAtQuery): Promise<WaitingCustomerDto[]> {
  const facility = await facilities.findFacility(ctx.db, facilityId);
  if (!facility) throw facilityNotFound();
  const interval = resolveBookingRequest(toSchedule(facility), query, facilityBookingPolicy(facility, ctx.config, ctx.clock(), { lateEntry: true }));
  const rows = await waitlist.waitingFor(ctx.db, facility.id, interval, ctx.clock());
  return rows.map((r) => ({
    entryId: r.entry_id,
    customer: { id: r.user_id, name: r.name },
    joinedAt: r.joined_at.toISOString(),
    ...(({ startTime, endTime }) => ({ startTime, endTime }))(localTimes(r.starts_at, r.ends_at, facility.timezone)),
  }));
}
