import {
  DomainError,
  assertReschedulable,
  decideCancellation,
  holdExpiry,
  priceCents,
  resolveBookingRequest,
  type BookingDto,
  type BookingRequest,
} from '@courtside/domain';
import type { BookingRow } from '@courtside/migrations';
import type { CurrentUser } from '../plugins/auth.ts';
import type { Executor } from '../db/database.ts';
import { retryTransaction } from '../db/retry.ts';
import * as bookings from '../repositories/bookings.ts';
import * as facilities from '../repositories/facilities.ts';
import * as orders from '../repositories/orders.ts';
import type { ServiceContext } from './context.ts';
import { facilityNotFound } from './facility-service.ts';
import { localTimes, toBookingDto, toFacilityDto } from './presenters.ts';

export interface NewBookingRequest extends BookingRequest {
  facility: string;
}

const bookingNotFound = () => new DomainError('not_found', 'BOOKING_NOT_FOUND', 'Booking not found.');

async function view(ctx: ServiceContext, db: Executor, id: string): Promise<BookingDto> {
  const row = await bookings.findBookingView(db, id);
  if (!row) throw bookingNotFound();
  return toBookingDto(row, ctx.clock());
}

async function resolveFor(ctx: ServiceContext, db: Executor, facilityId: string, req: BookingRequest, now: Date) {
  const facility = await facilities.findFacility(db, facilityId);
  if (!facility) throw facilityNotFound();
  const interval = resolveBookingRequest(toFacilityDto(facility), req, { now, horizonDays: ctx.config.bookingHorizonDays });
  return { facility, interval, payableCents: priceCents(facility.price_per_hour_cents, interval) };
}

/** Holds a slot for the caller until HOLD_MINUTES pass or they pay. The price is ours to compute. */
export async function createBooking(ctx: ServiceContext, user: CurrentUser, req: NewBookingRequest): Promise<BookingDto> {
  const now = ctx.clock();
  // Concurrent overlapping inserts can deadlock in the exclusion check (40P01): run again.
  const { facility, row } = await retryTransaction(() => ctx.db.transaction().execute(async (trx) => {
    const { facility, interval, payableCents } = await resolveFor(ctx, trx, req.facility, req, now);
    await bookings.lockFacilitySchedule(trx, facility.id);
    await bookings.expireLapsedOverlapping(trx, facility.id, interval, now);
    const row = await bookings.insertBooking(trx, {
      facility_id: facility.id,
      user_id: user.id,
      starts_at: interval.startsAt,
      ends_at: interval.endsAt,
      payable_cents: payableCents,
      status: 'pending',
      payment_status: 'unpaid',
      hold_expires_at: holdExpiry(now, ctx.config.holdMinutes),
      cancelled_by: null,
      cancelled_at: null,
      created_at: now,
      updated_at: now,
    });
    return { facility, row };
  }));
  return toBookingDto(
    {
      ...row,
      facility_name: facility.name,
      facility_location: facility.location,
      facility_price_per_hour_cents: facility.price_per_hour_cents,
      facility_timezone: facility.timezone,
      user_name: user.name,
      user_email: user.email,
    },
    now,
  );
}

/** Other people's bookings do not exist for a customer: 404, not 403, so ids reveal nothing. */
async function lockOwnOrAny(trx: Executor, actor: CurrentUser, id: string): Promise<BookingRow> {
  const row = await bookings.lockBooking(trx, id);
  if (!row || (actor.role !== 'admin' && row.user_id !== actor.id)) throw bookingNotFound();
  return row;
}

const actorKind = (actor: CurrentUser, row: BookingRow) => (actor.role === 'admin' ? 'admin' : row.user_id === actor.id ? 'owner' : 'admin');

const stateOf = (row: BookingRow) => ({
  status: row.status,
  paymentStatus: row.payment_status,
  startsAt: row.starts_at,
  holdExpiresAt: row.hold_expires_at,
});

/** Moves a booking under the same rules as a new one; a moved hold needs a fresh checkout. */
export async function rescheduleBooking(
  ctx: ServiceContext,
  actor: CurrentUser,
  id: string,
  req: Partial<NewBookingRequest>,
): Promise<BookingDto> {
  const now = ctx.clock();
  await retryTransaction(() => ctx.db.transaction().execute(async (trx) => {
    const row = await lockOwnOrAny(trx, actor, id);
    assertReschedulable(stateOf(row), actorKind(actor, row), now);
    const current = localTimes(row.starts_at, row.ends_at, (await facilities.findFacility(trx, row.facility_id, { includeDeleted: true }))!.timezone);
    const wanted = {
      date: req.date ?? current.date,
      startTime: req.startTime ?? current.startTime,
      endTime: req.endTime ?? current.endTime,
    };
    const { facility, interval, payableCents } = await resolveFor(ctx, trx, req.facility ?? row.facility_id, wanted, now);
    await bookings.lockFacilitySchedule(trx, facility.id);
    await bookings.expireLapsedOverlapping(trx, facility.id, interval, now, row.id);
    // A paid booking keeps the amount that was paid; only an unpaid hold is re-priced.
    await bookings.moveBooking(trx, row.id, facility.id, interval, row.payment_status === 'paid' ? row.payable_cents : payableCents, now);
    if (row.status === 'pending') await orders.cancelPendingOrdersOf(trx, row.id, now);
  }));
  return view(ctx, ctx.db, id);
}

/** Cancels under the policy; money that was paid goes back through the provider that took it. */
export async function cancelBooking(ctx: ServiceContext, actor: CurrentUser, id: string): Promise<BookingDto> {
  const now = ctx.clock();
  await ctx.db.transaction().execute(async (trx) => {
    const row = await lockOwnOrAny(trx, actor, id);
    const { refund } = decideCancellation(stateOf(row), actorKind(actor, row), { now, cancellationHours: ctx.config.cancellationHours });
    await bookings.cancelBooking(trx, row.id, actor.id, refund, now);
    await orders.cancelPendingOrdersOf(trx, row.id, now);
    if (refund) {
      const order = await orders.paidOrderOfBooking(trx, row.id);
      if (order) {
        await ctx.payments.refund({ id: order.id, providerRef: order.provider_ref }, row.payable_cents);
        await orders.addRefund(trx, order.id, row.payable_cents, now);
      }
    }
  });
  return view(ctx, ctx.db, id);
}

export async function getBooking(ctx: ServiceContext, actor: CurrentUser, id: string): Promise<BookingDto> {
  const booking = await view(ctx, ctx.db, id);
  if (actor.role !== 'admin' && booking.user._id !== actor.id) throw bookingNotFound();
  return booking;
}

export async function listUserBookings(ctx: ServiceContext, actor: CurrentUser, userId: string): Promise<BookingDto[]> {
  if (actor.role !== 'admin' && actor.id !== userId) {
    throw new DomainError('forbidden', 'NOT_YOURS', "You can only see your own bookings.");
  }
  const { rows } = await bookings.pageBookings(ctx.db, { userId }, { sortColumn: 'b.starts_at', sortOrder: 'desc', offset: 0, limit: 500 });
  const now = ctx.clock();
  return rows.map((r) => toBookingDto(r, now));
}

export async function listAllBookings(ctx: ServiceContext, page: number, limit: number) {
  const { rows, total } = await bookings.pageBookings(ctx.db, {}, { sortColumn: 'b.starts_at', sortOrder: 'desc', offset: (page - 1) * limit, limit });
  const now = ctx.clock();
  return { bookings: rows.map((r) => toBookingDto(r, now)), total };
}

/** Expires lapsed holds everywhere; run by the periodic sweeper. */
export async function sweepHolds(ctx: ServiceContext): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await bookings.sweepLapsedHolds(ctx.db, ctx.clock());
    total += n;
    if (n < 500) return total;
  }
}
