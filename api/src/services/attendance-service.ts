import {
  ATTENDANCE_LABELS,
  DAY_MS,
  DomainError,
  NO_SHOW_LOOKBACK_MS,
  blockEndText,
  blockEndsAt,
  isBlocked,
  localTimes,
  noShowRateText,
  reachesLimit,
  todayIn,
  fromLocal,
  parseDate,
  addDays,
  type Attendance,
} from '@courtside/domain';
import type { BookingDto } from '@courtside/contracts';
import type { Executor } from '../db/database.ts';
import { retryTransaction } from '../db/retry.ts';
import { enqueueRendered } from '../mail/outbox.ts';
import { factsOf } from '../mail/booking-mail.ts';
import { findBookingForMail } from '../repositories/booking-mail.ts';
import { recordAudit } from '../repositories/audit-log.ts';
import * as attendance from '../repositories/attendance.ts';
import * as bookings from '../repositories/bookings.ts';
import { lockCustomer } from '../repositories/waitlist.ts';
import type { CurrentUser, ServiceContext } from '../shared/context.ts';
import { getBooking } from './booking-service.ts';

/**
 * Check-in at the desk, no-shows and the blocks they bring. Staff check bookings in and undo it
 * (which also clears a no-show); the sweep marks the no-shows, once however many API processes
 * run, and blocks a customer who reaches NO_SHOW_LIMIT; staff lift a block.
 */

const bookingNotFound = () => new DomainError('not_found', 'BOOKING_NOT_FOUND', 'Booking not found.');
const userNotFound = () => new DomainError('not_found', 'USER_NOT_FOUND', 'User not found.');

/** Words for the booking in audit lines: "Court 1, 2026-06-01 18:00". */
async function describe(trx: Executor, id: string): Promise<string> {
  const b = await findBookingForMail(trx, id);
  if (!b) return id;
  const t = localTimes(b.starts_at, b.ends_at, b.timezone);
  return `${b.facility_name}, ${t.date} ${t.startTime} (${b.user_name})`;
}

/** Checks a confirmed booking in for staff member `staff`; checking in one already checked in changes nothing. */
export async function checkIn(ctx: ServiceContext, staff: CurrentUser, id: string): Promise<BookingDto> {
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock();
    const row = await bookings.lockBooking(trx, id);
    if (!row) throw bookingNotFound();
    if (row.status !== 'confirmed') {
      throw new DomainError('conflict', 'NOT_CHECKABLE', `Only a confirmed booking can be checked in; this one is ${row.status === 'pending' ? 'awaiting payment' : row.status}.`);
    }
    if (await bookings.markCheckedIn(trx, id, { staffId: staff.id }, now)) {
      const was = row.attendance === 'no_show' ? ' (it was a no-show)' : '';
      await recordAudit(trx, staff, now, { action: 'check-in', subjectType: 'booking', subjectId: id, summary: `Checked in: ${await describe(trx, id)}${was}`, detail: { was: row.attendance } });
    }
  });
  return getBooking(ctx, staff, id);
}

/** Undoes a check-in, or clears a no-show (the sweep then never marks it again): the booking is pending again. */
export async function undoCheckIn(ctx: ServiceContext, staff: CurrentUser, id: string): Promise<BookingDto> {
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock();
    const row = await bookings.lockBooking(trx, id);
    if (!row) throw bookingNotFound();
    const was = row.attendance as Attendance;
    if (was === 'pending') throw new DomainError('conflict', 'NOT_CHECKED_IN', 'This booking is not checked in or marked a no-show: there is nothing to undo.');
    const what = await describe(trx, id);
    if (was === 'no_show') {
      await bookings.clearNoShow(trx, id, now);
      await recordAudit(trx, staff, now, { action: 'no-show-clear', subjectType: 'booking', subjectId: id, summary: `No-show cleared: ${what}` });
    } else {
      await bookings.clearAttendance(trx, id, now);
      await recordAudit(trx, staff, now, { action: 'check-in-undo', subjectType: 'booking', subjectId: id, summary: `Check-in undone: ${what}` });
    }
  });
  return getBooking(ctx, staff, id);
}

/** What the sweep did: bookings marked no-shows, customers blocked. */
export interface NoShowSweep {
  marked: number;
  blocked: number;
}

/**
 * Marks due no-shows in batches (repositories/bookings.ts markDueNoShows: each by one sweep only)
 * and, in the same transaction, queues each one's email and blocks the customers it brings to
 * NO_SHOW_LIMIT within NO_SHOW_WINDOW_DAYS (counted under the customer's lock, so two sweeps
 * marking the same customer's no-shows at once both count both).
 */
export async function sweepNoShows(ctx: ServiceContext): Promise<NoShowSweep> {
  const total: NoShowSweep = { marked: 0, blocked: 0 };
  const batch = 200;
  for (;;) {
    const done = await retryTransaction(() => ctx.db.transaction().execute((trx) => markBatch(ctx, trx, batch)));
    total.marked += done.marked;
    total.blocked += done.blocked;
    if (done.marked < batch) return total;
  }
}

async function markBatch(ctx: ServiceContext, trx: Executor, batch: number): Promise<NoShowSweep> {
  const now = ctx.clock();
  const { graceMinutes, limit, windowDays, blockDays } = ctx.config.noShows;
  const marked = await bookings.markDueNoShows(trx, now, graceMinutes, NO_SHOW_LOOKBACK_MS, batch);
  for (const { id } of marked) {
    const b = await findBookingForMail(trx, id);
    if (b) await enqueueRendered(ctx, trx, 'no_show_marked', b.user_email, (t, l) => t.noShowMarked(l, factsOf(b), graceMinutes), { dedupeKey: `no-show:${id}` });
  }
  let blocked = 0;
  if (limit > 0) {
    // In one order, so two sweeps never wait on each other's customers the other way round.
    const customers = [...new Set(marked.map((m) => m.user_id))].sort();
    for (const userId of customers) {
      await lockCustomer(trx, userId);
      const noShows = await attendance.countNoShows(trx, userId, new Date(now.getTime() - windowDays * DAY_MS));
      if (!reachesLimit(noShows, limit)) continue;
      const until = await attendance.startBlock(trx, userId, blockEndsAt(now, blockDays), now);
      if (!until) continue;
      blocked++;
      const b = await findBookingForMail(trx, marked.find((m) => m.user_id === userId)!.id);
      if (!b) continue;
      const endText = blockEndText(until, b.timezone, ctx.config.money.locale);
      await enqueueRendered(ctx, trx, 'booking_blocked', b.user_email, (t, l) => t.bookingBlocked(l, b.user_name, endText, noShows, windowDays), {
        dedupeKey: `no-show-block:${userId}:${until.getTime()}`,
      });
    }
  }
  return { marked: marked.length, blocked };
}

/** Lifts a customer's block (audited); 409 NOT_BLOCKED when none is in force. */
export async function liftBookingBlock(ctx: ServiceContext, staff: CurrentUser, userId: string): Promise<CustomerAttendanceDto> {
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock();
    const found = await attendance.customerAttendance(trx, userId, now);
    if (!found) throw userNotFound();
    const until = await attendance.liftBlock(trx, userId, now);
    if (!until) throw new DomainError('conflict', 'NOT_BLOCKED', 'This customer is not blocked from booking online.');
    await recordAudit(trx, staff, now, {
      action: 'block-lift',
      subjectType: 'user',
      subjectId: userId,
      summary: `Booking block lifted (it ran until ${blockEndText(until, ctx.config.defaultTimezone, ctx.config.money.locale)})`,
      detail: { until: until.toISOString() },
    });
  });
  return customerAttendanceOf(ctx, userId);
}

/** A customer's no-shows in the window and their block, as staff see them on the customer. */
export interface CustomerAttendanceDto {
  noShows: number;
  windowDays: number;
  /** ISO instant; null when not blocked (a past block is no block). */
  blockedUntil: string | null;
  limit: number;
}

export async function customerAttendanceOf(ctx: ServiceContext, userId: string): Promise<CustomerAttendanceDto> {
  const now = ctx.clock();
  const { windowDays, limit } = ctx.config.noShows;
  const found = await attendance.customerAttendance(ctx.db, userId, new Date(now.getTime() - windowDays * DAY_MS));
  if (!found) throw userNotFound();
  return { noShows: found.noShows, windowDays, limit, blockedUntil: isBlocked(found.blockedUntil, now) ? found.blockedUntil!.toISOString() : null };
}

/** One of today's confirmed bookings at the front desk. */
export interface DeskBookingDto {
  id: string;
  facility: { id: string; name: string; checkIn: boolean };
  customer: { id: string; name: string };
  date: string;
  startTime: string;
  endTime: string;
  attendance: Attendance;
  attendanceLabel: string;
  checkedInAt: string | null;
  checkedInBy: string | null;
}

/** Today's confirmed bookings (the venue's day, DEFAULT_TIMEZONE, or `date`) in start order: the front desk's Today list. */
export async function todayAtTheDesk(ctx: ServiceContext, date?: string): Promise<{ date: string; bookings: DeskBookingDto[]; checkedIn: number; total: number }> {
  const zone = ctx.config.defaultTimezone;
  const day = date ?? todayIn(zone, ctx.clock());
  const civil = parseDate(day, 'date');
  const rows = await attendance.confirmedBookingsBetween(ctx.db, fromLocal(civil, 0, zone), fromLocal(addDays(civil, 1), 0, zone));
  const list = rows.map((r): DeskBookingDto => {
    const t = localTimes(r.starts_at, r.ends_at, r.timezone);
    return {
      id: r.id,
      facility: { id: r.facility_id, name: r.facility_name, checkIn: r.check_in_on },
      customer: { id: r.user_id, name: r.user_name },
      date: t.date,
      startTime: t.startTime,
      endTime: t.endTime,
      attendance: r.attendance,
      attendanceLabel: ATTENDANCE_LABELS[r.attendance],
      checkedInAt: r.checked_in_at?.toISOString() ?? null,
      checkedInBy: r.checked_in_by_name,
    };
  });
  return { date: day, bookings: list, checkedIn: list.filter((b) => b.attendance === 'checked_in').length, total: list.length };
}

/** The no-show rate by facility over the last `days` days: facilities that check in or had any no-show. */
export async function noShowRatesOf(ctx: ServiceContext, days = 30) {
  const now = ctx.clock();
  const rows = await attendance.noShowRates(ctx.db, new Date(now.getTime() - days * DAY_MS), now);
  return rows
    .map((r) => ({ facilityId: r.id, name: r.name, checkIn: r.check_in_on, bookings: Number(r.bookings), noShows: Number(r.no_shows) }))
    .filter((r) => r.checkIn || r.noShows > 0)
    .map((r) => ({ ...r, text: noShowRateText(r.noShows, r.bookings) }));
}
