import {
  ConflictsError,
  DomainError,
  centsToDollars,
  fromLocal,
  isHoldLapsed,
  localTimes,
  overlaps,
  parseDate,
  resolveBookingRequest,
  seriesDates,
  type Conflict,
  type DeskPaymentMethod,
  type Interval,
  type RefundVia,
} from '@courtside/domain';
import type { SeriesPreviewDto } from '@courtside/contracts';
import type { FacilityRow } from '@courtside/migrations';
import type { Executor } from '../db/database.ts';
import { retryTransaction } from '../db/retry.ts';
import { enqueueSeriesCancelled, enqueueSeriesConfirmed } from '../mail/booking-mail.ts';
import { closuresBetween } from '../repositories/closures.ts';
import * as facilities from '../repositories/facilities.ts';
import type { LiveBookingRow } from '../repositories/facilities.ts';
import * as series from '../repositories/series.ts';
import { findAssignedTier } from '../repositories/tiers.ts';
import { parseListParams, uuidFilter, type ListParams } from '../shared/admin-query.ts';
import { groundIds, lockFacilitySchedule } from '../repositories/occupancy.ts';
import { cancelLockedBooking, changeBooking, handOverFreedTime, type AfterCommit } from './booking-service.ts';
import { announceNewBookings } from './caches.ts';
import type { CurrentUser, ServiceContext } from '../shared/context.ts';
import { facilityNotFound, toSchedule } from '../shared/facility-schedule.ts';
import { deskPolicy, deskPriceOf, deskTierOf, insertDeskBookingIn, tierNameAt, lockLiveFacility, recordDeskPayment, resolveCustomer, type Guest } from './front-desk-service.ts';

/**
 * Weekly series: the slot a club or a league plays every week. Every occurrence is an ordinary
 * booking (under the same exclusion constraint and closure trigger), linked to its series, and
 * all are written in one transaction under the facility's schedule lock, so the check of every
 * date and the inserts see the same schedule. With onConflict "fail" one taken or closed date
 * refuses the whole series with the list; with "skip" the free dates are booked and the others
 * listed.
 */

export interface SeriesInput {
  facilityId: string;
  firstDate: string;
  startTime: string;
  endTime: string;
  every: 1 | 2;
  count?: number;
  until?: string;
  userId?: string;
  guest?: Guest;
  payment: 'desk' | 'unpaid';
  /** How the desk was paid, with payment 'desk' (default cash). */
  paymentMethod?: DeskPaymentMethod;
  onConflict: 'fail' | 'skip';
  note?: string;
}

/** One date of a series as planned: its interval, or why it cannot be booked. */
export interface PlannedDate {
  date: string;
  startTime: string;
  endTime: string;
  interval?: Interval;
  conflict?: Conflict;
  /** Why, as the series' customer may read it: never who holds the time (a closure's own reason is staff's too). */
  customerReason?: string;
}

const TIME_RULES: ReadonlySet<string> = new Set(['END_BEFORE_START', 'INVALID_TIME', 'OFF_GRID', 'TOO_SHORT', 'TOO_LONG']);

const seriesNotFound = () => new DomainError('not_found', 'SERIES_NOT_FOUND', 'Series not found.');

/**
 * The series' dates checked against the facility's rules, its live bookings (lapsed holds do not
 * count; each insert expires those in its way) and its closures. Run under the schedule lock (in
 * the creating transaction) the answer is exact; without it, a preview.
 */
/** Why a date of a series is taken: by whom. */
function takenReason(b: LiveBookingRow): string {
  return `taken (${b.status === 'confirmed' ? 'booked' : 'held'} by ${b.user_name})`;
}

async function planDates(ctx: ServiceContext, db: Executor, facility: FacilityRow, input: SeriesInput, now: Date): Promise<PlannedDate[]> {
  const plan: PlannedDate[] = seriesDates({ firstDate: input.firstDate, every: input.every, count: input.count, until: input.until }).map((date) => {
    const at = { date, startTime: input.startTime, endTime: input.endTime };
    const conflictOf = (reason: string): Conflict => ({ facilityId: facility.id, facilityName: facility.name, ...at, reason });
    try {
      return { ...at, interval: resolveBookingRequest(toSchedule(facility), at, deskPolicy(ctx, facility, now)) };
    } catch (err) {
      // A rule about the date (closed that day, past, beyond the horizon) skips it; one about the times refuses the series.
      if (err instanceof DomainError && err.kind === 'invalid' && !TIME_RULES.has(err.code)) {
        // A date that started earlier today is simply past for a series: late entries are for one walk-in.
        const reason = err.code === 'IN_THE_PAST' ? 'This date has started already.' : err.message;
        return { ...at, conflict: conflictOf(reason), customerReason: reason };
      }
      throw err;
    }
  });
  const intervals = plan.flatMap((p) => (p.interval ? [p.interval] : []));
  if (intervals.length === 0) return plan;
  const span = { startsAt: intervals[0]!.startsAt, endsAt: intervals.at(-1)!.endsAt };
  // Linked courts: time taken on a facility sharing its ground is taken here too.
  const ground = await groundIds(db, facility.id);
  const live = await facilities.lockLiveBookingsOverlapping(db, ground, span, now);
  const closed = await closuresBetween(db, ground, span.startsAt, span.endsAt);
  return plan.map((p) => {
    if (!p.interval) return p;
    const taken = live.find((b) => overlaps(p.interval!, { startsAt: b.starts_at, endsAt: b.ends_at }));
    const closure = closed.find((c) => overlaps(p.interval!, { startsAt: c.starts_at, endsAt: c.ends_at }));
    if (!taken && !closure) return p;
    const reason = closure ? `closed: ${closure.reason}` : takenReason(taken!);
    const linkedTo = closure ? (closure.facility_id === facility.id ? null : closure.facility_name) : taken!.facility_id === facility.id ? null : taken!.facility_name;
    return {
      ...p,
      conflict: {
        facilityId: facility.id,
        facilityName: facility.name,
        date: p.date,
        startTime: p.startTime,
        endTime: p.endTime,
        bookingId: taken?.id,
        customer: taken?.user_name,
        reason: linkedTo === null ? reason : `${linkedTo}: ${reason}`,
      },
      customerReason: closure ? 'closed' : 'not available',
    };
  });
}

/**
 * What creating the series would do now, date by date, without writing anything; each free date
 * priced for the customer named (userId), as createSeries will record it (public prices without one).
 */
export async function previewSeries(ctx: ServiceContext, input: SeriesInput): Promise<SeriesPreviewDto> {
  const now = ctx.clock();
  const facility = await facilities.findFacility(ctx.db, input.facilityId);
  if (!facility) throw facilityNotFound();
  const tier = await deskTierOf(ctx.db, input.userId);
  const plan = await planDates(ctx, ctx.db, facility, input, now);
  const dates = plan.map((p) => {
    const price = p.interval && !p.conflict ? centsToDollars(deskPriceOf(facility, p.interval, tier, now).cents) : null;
    return { date: p.date, startTime: p.startTime, endTime: p.endTime, free: !p.conflict, reason: p.conflict?.reason ?? null, price };
  });
  return { dates, tier: tierNameAt(tier, facility.id, now) };
}

/** Creates the series and books its dates in one transaction (see the module comment). */
export async function createSeries(ctx: ServiceContext, staff: CurrentUser, input: SeriesInput) {
  const now = ctx.clock();
  const made = await retryTransaction(() => ctx.db.transaction().execute(async (trx) => {
    const facility = await lockLiveFacility(trx, input.facilityId);
    const plan = await planDates(ctx, trx, facility, input, now);
    const conflicts = plan.flatMap((p) => (p.conflict ? [p.conflict] : []));
    const free = plan.filter((p) => !p.conflict);
    if ((conflicts.length > 0 && input.onConflict === 'fail') || free.length === 0) {
      const n = conflicts.length;
      throw new ConflictsError(
        'SERIES_CONFLICT',
        free.length === 0
          ? 'None of the dates of this series can be booked.'
          : `${n} date${n === 1 ? ' is' : 's are'} taken or closed. Choose other times, or skip ${n === 1 ? 'it' : 'them'} (onConflict: "skip").`,
        conflicts,
        'firstDate',
      );
    }
    const customer = await resolveCustomer(trx, input, now);
    const row = await series.insertSeries(trx, {
      facility_id: facility.id,
      user_id: customer.id,
      first_date: plan[0]!.date,
      last_date: plan.at(-1)!.date,
      start_time: input.startTime,
      end_time: input.endTime,
      every_weeks: input.every,
      note: input.note ?? null,
      created_by: staff.id,
    }, now);
    const tier = await findAssignedTier(trx, customer.id);
    const rows = [];
    for (const p of free) {
      rows.push(await insertDeskBookingIn(ctx, trx, staff, { facility, customer, tier, interval: p.interval!, payment: input.payment, note: input.note, seriesId: row.id }, now));
    }
    const total = rows.reduce((sum, r) => sum + r.payable_cents, 0);
    if (input.payment === 'desk') await recordDeskPayment(trx, staff, customer.id, rows, input.paymentMethod, now);
    const skipped = conflicts.map((c) => ({ date: c.date, reason: c.reason }));
    const toldCustomer = plan.flatMap((p) => (p.conflict ? [{ date: p.date, reason: p.customerReason ?? 'not available' }] : []));
    await enqueueSeriesConfirmed(ctx, trx, row.id, input.payment === 'desk' ? { paidCents: total, dueCents: 0 } : { paidCents: 0, dueCents: total }, toldCustomer);
    return { id: row.id, facilityId: facility.id, skipped };
  }));
  await announceNewBookings(ctx, made.facilityId);
  return { ...(await getSeries(ctx, made.id)), skipped: made.skipped };
}

export async function getSeries(ctx: ServiceContext, id: string) {
  const s = await series.findSeries(ctx.db, id);
  if (!s) throw seriesNotFound();
  return seriesDto(ctx, s);
}

/** A series as staff read it: what was asked for, and where each of its dates stands. */
async function seriesDto(ctx: ServiceContext, s: series.SeriesView) {
  const now = ctx.clock();
  const rows = await series.occurrencesOf(ctx.db, s.id);
  // A lapsed hold reads expired, as everywhere else.
  const statusOf = (b: (typeof rows)[number]) =>
    isHoldLapsed({ status: b.status, paymentStatus: b.payment_status, startsAt: b.starts_at, holdExpiresAt: b.hold_expires_at }, now) ? ('expired' as const) : b.status;
  return {
    id: s.id,
    facilityId: s.facility_id,
    facilityName: s.facility_name,
    customer: { id: s.user_id, name: s.user_name, email: s.user_email },
    firstDate: s.first_date,
    lastDate: s.last_date,
    startTime: s.start_time,
    endTime: s.end_time,
    every: s.every_weeks,
    note: s.note,
    createdAt: s.created_at.toISOString(),
    occurrences: rows.map((b) => ({
      bookingId: b.id,
      ...localTimes(b.starts_at, b.ends_at, s.timezone),
      status: statusOf(b),
      paymentStatus: b.payment_status,
      payableAmount: centsToDollars(b.payable_cents),
    })),
    upcoming: rows.filter((b) => b.starts_at >= now && (statusOf(b) === 'confirmed' || statusOf(b) === 'pending')).length,
  };
}

export async function pageSeries(ctx: ServiceContext, params: ListParams) {
  const { page, filter, ids } = parseListParams(params, { firstDate: 's.first_date', lastDate: 's.last_date', createdAt: 's.created_at', id: 's.id' }, ['createdAt', 'DESC']);
  const { rows, total } = await series.pageSeries(ctx.db, { ids, facilityId: uuidFilter(filter, 'facilityId'), userId: uuidFilter(filter, 'userId') }, page);
  return { records: await Promise.all(rows.map((r) => seriesDto(ctx, r))), total, page };
}

const SERIES_CANCELLED = 'the weekly series was cancelled';

/**
 * Cancels a series' occurrences from a local date on (all that have not started, without one),
 * each under the cancellation rules for staff: refunded when paid. Past ones stay as history.
 */
export async function cancelSeries(ctx: ServiceContext, staff: CurrentUser, id: string, fromDate?: string) {
  const now = ctx.clock();
  const found = await series.findSeries(ctx.db, id);
  if (!found) throw seriesNotFound();
  const facility = await facilities.findFacility(ctx.db, found.facility_id, { includeDeleted: true });
  const from = fromDate ? fromLocal(parseDate(fromDate, 'from'), 0, facility!.timezone) : now;
  const start = from > now ? from : now;
  const { cancelled } = await changeBooking(ctx, async (trx) => {
    if (!(await series.lockSeries(trx, id))) throw seriesNotFound();
    // Before its dates free up: their hand-over needs it, and an attempt holding it would wait on them.
    await lockFacilitySchedule(trx, found.facility_id);
    const after: Required<AfterCommit> = { staleCheckouts: [], refundIds: [] };
    const told: { bookingIds: string[]; refunds: { cents: number; via: RefundVia }[] } = { bookingIds: [], refunds: [] };
    let cancelled = 0;
    for (const row of await series.lockOccurrencesFrom(trx, id, start)) {
      if (row.status !== 'pending' && row.status !== 'confirmed') continue;
      const done = await cancelLockedBooking(ctx, trx, staff, row, now, SERIES_CANCELLED, 'caller');
      after.staleCheckouts.push(...done.staleCheckouts);
      after.refundIds.push(...done.refundIds);
      if (done.announce) told.bookingIds.push(row.id);
      if (done.announce && done.refund) told.refunds.push(done.refund);
      cancelled++;
    }
    // One message for every date it cancelled, saying what goes back.
    await enqueueSeriesCancelled(ctx, trx, told.bookingIds, told.refunds, SERIES_CANCELLED);
    return { ...after, cancelled, offeredAt: cancelled > 0 ? await handOverFreedTime(ctx, trx, found.facility_id, now) : [] };
  });
  return { ...(await getSeries(ctx, id)), cancelledBookings: cancelled };
}
