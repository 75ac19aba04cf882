import {
  CLOSURE_KINDS,
  ConflictsError,
  DomainError,
  closureFromNow,
  localTimes,
  parseLocalDateTime,
  toLocal,
  type ClosureKind,
  type Conflict,
} from '@courtside/domain';
import type { ClosureDto, PublicClosureDto } from '@courtside/contracts';
import type { Executor } from '../db/database.ts';
import * as bookings from '../repositories/bookings.ts';
import * as closures from '../repositories/closures.ts';
import * as facilities from '../repositories/facilities.ts';
import type { LiveBookingRow } from '../repositories/facilities.ts';
import { enumFilter, parseListParams, uuidFilter, type ListParams } from '../shared/admin-query.ts';
import { cancelLockedBooking, changeBooking, handOverFreedTime, type AfterCommit } from './booking-service.ts';
import { cachesOf } from './caches.ts';
import type { CurrentUser, ServiceContext } from '../shared/context.ts';
import { facilityNotFound } from '../shared/facility-schedule.ts';
import { lockLiveFacility } from './front-desk-service.ts';
import { groundIds, groundsOf, lockFacilitySchedules } from '../repositories/occupancy.ts';

/**
 * Closures: staff block facilities for a time range. The database refuses any overlap between a
 * closure and a live booking (migration 2026_11_24_0400_closures); this service makes the
 * friendly answer: the bookings in the way (409 CLOSURE_CONFLICT with the list), or, when asked,
 * cancels and fully refunds them in the same transaction that creates the closure.
 */

export interface ClosureInput {
  facilityIds: string[];
  start: string;
  end: string;
  reason: string;
  kind: ClosureKind;
  cancelBookings?: boolean;
}

const closureNotFound = () => new DomainError('not_found', 'CLOSURE_NOT_FOUND', 'Closure not found.');

function toClosureDto(c: closures.ClosureWithFacilities): ClosureDto {
  return {
    id: c.id,
    kind: c.kind,
    reason: c.reason,
    start: c.start_local,
    end: c.end_local,
    facilityIds: c.facilities.map((f) => f.facility_id),
    facilities: c.facilities.map((f) => ({ id: f.facility_id, name: f.name, timezone: f.timezone, startsAt: f.starts_at.toISOString(), endsAt: f.ends_at.toISOString() })),
    createdAt: c.created_at.toISOString(),
    updatedAt: c.updated_at.toISOString(),
  };
}

/** A booking in the way of a closure, on its own facility (the closed one, or one sharing its ground). */
function conflictOf(b: LiveBookingRow): Conflict {
  const { date, startTime, endTime } = localTimes(b.starts_at, b.ends_at, b.facility_timezone);
  const reason = b.status === 'confirmed' ? `booked by ${b.user_name}${b.payment_status === 'paid' ? ' (paid)' : ''}` : `held by ${b.user_name}, awaiting payment`;
  return { facilityId: b.facility_id, facilityName: b.facility_name, date, startTime, endTime, bookingId: b.id, customer: b.user_name, reason };
}

/**
 * Places a closure's ranges, one facility at a time in id order, once it holds every ground's
 * schedule lock (in ground order, as moves take them): lapsed holds under the range expired,
 * then the live bookings in the way (on it, or on a facility sharing its ground: closing a pitch
 * closes its halves), cancelled with a full refund when the request says so, else refused with their list.
 */
async function placeRanges(ctx: ServiceContext, trx: Executor, actor: CurrentUser, input: ClosureInput, now: Date) {
  const start = parseLocalDateTime(input.start, 'start');
  const end = parseLocalDateTime(input.end, 'end');
  const ranges: closures.ClosedRange[] = [];
  const inTheWay = new Map<string, { row: LiveBookingRow; conflict: Conflict }>();
  // Every ground's lock first, in the order every writer takes them (linked courts share one).
  await lockFacilitySchedules(trx, input.facilityIds);
  for (const id of [...new Set(input.facilityIds)].sort()) {
    const facility = await lockLiveFacility(trx, id);
    const interval = closureFromNow(start, end, facility.timezone, now);
    await bookings.expireLapsedOverlapping(trx, id, interval, now);
    const ground = await groundIds(trx, id);
    for (const row of await facilities.lockLiveBookingsOverlapping(trx, ground, interval, now)) inTheWay.set(row.id, { row, conflict: conflictOf(row) });
    ranges.push({ facilityId: id, ...interval });
  }
  const after: Required<AfterCommit> = { staleCheckouts: [], refundIds: [] };
  if (inTheWay.size > 0 && !input.cancelBookings) {
    const n = inTheWay.size;
    throw new ConflictsError(
      'CLOSURE_CONFLICT',
      `${n} booking${n === 1 ? ' is' : 's are'} in the way of this closure. To close anyway, confirm (cancelBookings: true): they are cancelled by the venue and paid ones refunded in full.`,
      [...inTheWay.values()].map((x) => x.conflict),
      'facilityIds',
    );
  }
  for (const { row } of inTheWay.values()) {
    const done = await cancelLockedBooking(ctx, trx, actor, row, now, `closed: ${input.reason}`);
    after.staleCheckouts.push(...done.staleCheckouts);
    after.refundIds.push(...done.refundIds);
  }
  return { ranges, after, cancelled: inTheWay.size };
}

const written = (input: ClosureInput) => ({ kind: input.kind, reason: input.reason, startLocal: input.start, endLocal: input.end });

/**
 * Drops this process's cached free slots of the facilities, and of those sharing their ground, at
 * once; other processes hear the triggers' notices.
 */
async function touched(ctx: ServiceContext, facilityIds: Iterable<string>) {
  const feed = cachesOf(ctx).feed;
  if (feed) for (const id of await groundsOf(ctx.db, [...new Set(facilityIds)])) feed.touched('bookings', id);
}

export async function createClosure(ctx: ServiceContext, actor: CurrentUser, input: ClosureInput): Promise<ClosureDto & { cancelledBookings: number }> {
  const now = ctx.clock();
  const { id, cancelled } = await changeBooking(ctx, async (trx) => {
    const placed = await placeRanges(ctx, trx, actor, input, now);
    const row = await closures.insertClosure(trx, written(input), actor.id, now);
    await closures.replaceClosureRanges(trx, row.id, placed.ranges);
    return { ...placed.after, id: row.id, cancelled: placed.cancelled };
  });
  await touched(ctx, input.facilityIds);
  return { ...(await getClosure(ctx, id)), cancelledBookings: cancelled };
}

export async function updateClosure(ctx: ServiceContext, actor: CurrentUser, id: string, input: ClosureInput): Promise<ClosureDto & { cancelledBookings: number }> {
  const now = ctx.clock();
  const before = await closures.findClosure(ctx.db, id);
  const { cancelled } = await changeBooking(ctx, async (trx) => {
    if (!(await closures.lockClosure(trx, id))) throw closureNotFound();
    const placed = await placeRanges(ctx, trx, actor, input, now);
    await closures.updateClosure(trx, id, written(input), now);
    await closures.replaceClosureRanges(trx, id, placed.ranges);
    // Time the closure no longer covers goes to whoever waits for it.
    return { ...placed.after, cancelled: placed.cancelled, offeredAt: await handOverAt(ctx, trx, before?.facilities.map((f) => f.facility_id) ?? [], now) };
  });
  await touched(ctx, [...input.facilityIds, ...(before?.facilities.map((f) => f.facility_id) ?? [])]);
  return { ...(await getClosure(ctx, id)), cancelledBookings: cancelled };
}

/** The waitlist's hand-over at each facility whose closed time shrank, in the caller's transaction. */
async function handOverAt(ctx: ServiceContext, trx: Executor, facilityIds: string[], now: Date): Promise<string[]> {
  const offered: string[] = [];
  for (const facilityId of new Set(facilityIds)) offered.push(...(await handOverFreedTime(ctx, trx, facilityId, now)));
  return offered;
}

/** Reopens the facilities; answers with the closure as it was. */
export async function deleteClosure(ctx: ServiceContext, id: string): Promise<ClosureDto> {
  const closure = await getClosure(ctx, id);
  await changeBooking(ctx, async (trx) => {
    if (!(await closures.lockClosure(trx, id))) throw closureNotFound();
    await closures.deleteClosure(trx, id);
    return { offeredAt: await handOverAt(ctx, trx, closure.facilityIds, ctx.clock()) };
  });
  await touched(ctx, closure.facilityIds);
  return closure;
}

export async function getClosure(ctx: ServiceContext, id: string): Promise<ClosureDto> {
  const row = await closures.findClosure(ctx.db, id);
  if (!row) throw closureNotFound();
  return toClosureDto(row);
}

/** The back office's list: filter by facility, kind, or only those not over yet (`upcoming: true`). */
export async function pageClosures(ctx: ServiceContext, params: ListParams) {
  const { page, filter, ids } = parseListParams(
    params,
    { start: 'c.start_local', end: 'c.end_local', reason: 'c.reason', kind: 'c.kind', createdAt: 'c.created_at', id: 'c.id' },
    ['start', 'DESC'],
  );
  const { rows, total } = await closures.pageClosures(ctx.db, {
    ids,
    kinds: enumFilter(filter, 'kind', CLOSURE_KINDS),
    facilityId: uuidFilter(filter, 'facilityId'),
    endingAfter: filter.upcoming === true ? ctx.clock() : undefined,
  }, page);
  return { records: rows.map(toClosureDto), total, page };
}

/** What a facility's public page announces: its closures not over yet, in its own local time. */
export async function upcomingClosuresOf(ctx: ServiceContext, facilityId: string): Promise<PublicClosureDto[]> {
  const facility = await facilities.findFacility(ctx.db, facilityId);
  if (!facility) throw facilityNotFound();
  const rows = await closures.upcomingClosures(ctx.db, facilityId, ctx.clock(), 20);
  return rows.map((r) => {
    const start = toLocal(r.starts_at, facility.timezone);
    const { date: endDate, endTime } = localEnd(r.starts_at, r.ends_at, facility.timezone);
    return { startDate: start.date, startTime: start.time, endDate, endTime, reason: r.reason, kind: r.kind };
  });
}

/** A range's end as a person reads it: midnight closing a day is that day's 24:00. */
function localEnd(startsAt: Date, endsAt: Date, timezone: string) {
  const end = toLocal(endsAt, timezone);
  if (end.time !== '00:00' || endsAt <= startsAt) return { date: end.date, endTime: end.time };
  const dayBefore = toLocal(new Date(endsAt.getTime() - 60_000), timezone);
  return { date: dayBefore.date, endTime: '24:00' };
}
