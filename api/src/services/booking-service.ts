import {
  DomainError,
  assertReschedulable,
  formatCents,
  movedPrice,
  PriceChangeUnconfirmed,
  SPORT_LABELS,
  SportChangeUnconfirmed,
  quotaRefusal,
  decideCancellation,
  holdExpiry,
  holdLapsesAt,
  resolveBookingChange,
  resolveBookingRequest,
  type BookingRequest,
  type EffectivePolicy,
  type RefundVia,
  assertMayRefund,
  forbidden,
  hasRole,
  isStaff,
  roleFor,
  waitlisted,
  sharesDueAt,
  noShowBlocked,
} from '@courtside/domain';
import { recordAudit } from '../repositories/audit-log.ts';
import type { BookingDto, MovedBookingDto } from '@courtside/contracts';
import type { BookingRow, FacilityRow } from '@courtside/migrations';
import type { Executor } from '../db/database.ts';
import { retryTransaction } from '../db/retry.ts';
import * as bookings from '../repositories/bookings.ts';
import type { BookingView } from '../repositories/bookings.ts';
import * as facilities from '../repositories/facilities.ts';
import { findBookingForMail, type BookingForMail } from '../repositories/booking-mail.ts';
import { enqueueBookingCancelled, enqueueBookingMoved, enqueueHeldBookingMoved } from '../mail/booking-mail.ts';
import { openPaymentLink } from './payment-links.ts';
import { groundIds, lockFacilitySchedule, lockFacilitySchedules } from '../repositories/occupancy.ts';
import * as waitlist from '../repositories/waitlist.ts';
import { offerFreedTime } from './waitlist-offers.ts';
import { findAssignedTier } from '../repositories/tiers.ts';
import * as orders from '../payments/repositories/orders.ts';
import { announceNewBookings, cachesOf, safetyNetUntil } from './caches.ts';
import type { CurrentUser, ServiceContext } from '../shared/context.ts';
import { closeCheckouts } from '../payments/hosted-page.ts';
import { consume } from '../shared/throttle.ts';
import { recordBookingRefund, sendRefunds, type RefundPart } from '../payments/refunds.ts';
import { refundSplitBooking } from '../payments/split/refunds.ts';
import { facilityBookingPolicy, facilityNotFound, facilityPolicy, facilityPrice, toSchedule } from '../shared/facility-schedule.ts';
import { doorViewFor, priceChangeDto, toBookingDto } from '../shared/presenters.ts';

export interface NewBookingRequest extends BookingRequest {
  facility: string;
}

const bookingNotFound = () => new DomainError('not_found', 'BOOKING_NOT_FOUND', 'Booking not found.');

/** The booking as `actor` reads it (its door code by doorViewFor). */
async function view(ctx: ServiceContext, db: Executor, id: string, actor: CurrentUser): Promise<BookingDto> {
  const row = await bookings.findBookingView(db, id);
  if (!row) throw bookingNotFound();
  return toBookingDto(row, ctx.clock(), ctx.config.cancellationHours, doorViewFor(ctx.config, actor.role));
}


/**
 * The facility a new booking is checked and priced against: from memory when the change feed
 * keeps it current, and in any case only used if its row version still matches at insert.
 */
async function facilityForBooking(ctx: ServiceContext, facilityId: string, fresh: boolean) {
  const cache = cachesOf(ctx).facilities;
  const now = ctx.clock().getTime();
  if (!fresh) {
    const hit = cache.get(facilityId, '', now);
    if (hit) return hit;
  }
  const ticket = cache.ticket();
  const found = await facilities.findFacilityVersioned(ctx.db, facilityId);
  if (!found) throw facilityNotFound();
  cache.store(facilityId, '', found, ticket, now, safetyNetUntil(now));
  return found;
}

const holdCapReached = (max: number) =>
  new DomainError(
    'conflict',
    'HOLD_LIMIT_REACHED',
    `You already hold ${max} unpaid booking${max === 1 ? '' : 's'}. Pay for them or cancel one before holding another slot.`,
    'facility',
  );

/** Booking attempts per client IP and window (BOOKING_MAX_PER_IP; 0 turns the limit off). */
async function limitBookingAttempts(ctx: ServiceContext, ip: string, now: Date): Promise<void> {
  const { bookingMaxPerIp, bookingWindowMinutes } = ctx.config;
  if (bookingMaxPerIp <= 0) return;
  const limit = { key: `book:ip:${ip}`, max: bookingMaxPerIp, windowMs: bookingWindowMinutes * 60_000 };
  await consume(ctx.db, limit, now, 'Too many booking attempts from this network. Please wait and try again.');
}

/** What a customer may still hold and book at this facility; staff booking for someone are not limited. */
function limitsOf(ctx: ServiceContext, user: CurrentUser, policy: EffectivePolicy): bookings.CustomerLimits {
  if (isStaff(user.role)) return { maxHolds: null, maxHere: null, maxAtVenue: null };
  return { maxHolds: ctx.config.maxHoldsPerCustomer, maxHere: policy.maxActivePerCustomer, maxAtVenue: ctx.config.maxActiveBookings };
}

/**
 * The rules a booking is checked against at `facility`, new or moved, written once: the
 * facility's policy, the request rules of whoever books (a customer's; staff's at the desk with
 * `desk`: deskPolicy), and the customer limits the database checks under the customer's lock.
 */
function rulesAt(ctx: ServiceContext, user: CurrentUser, facility: FacilityRow, now: Date, desk?: { lateEntry?: boolean }) {
  const policy = facilityPolicy(facility, ctx.config);
  return { policy, request: facilityBookingPolicy(facility, ctx.config, now, desk), limits: limitsOf(ctx, user, policy) };
}

/** The database's refusals of a hold, worded with the rule and the facility they came from. */
function holdRefusal(err: unknown, ctx: ServiceContext, facility: FacilityRow, policy: EffectivePolicy): unknown {
  const e = err as { code?: string; constraint?: string; detail?: string };
  if (e.code === bookings.HOLD_CAP_REACHED) return holdCapReached(ctx.config.maxHoldsPerCustomer);
  if (e.code === waitlist.WAITLISTED) return waitlisted();
  if (e.code === bookings.NO_SHOW_BLOCKED) return noShowBlocked(new Date(Number(e.detail)), facility.timezone, ctx.config.money.locale);
  if (e.code === bookings.QUOTA_REACHED) {
    const [scope, count] = (e.detail ?? '').split(' ');
    const venue = scope === 'venue';
    const limit = (venue ? ctx.config.maxActiveBookings : policy.maxActivePerCustomer) ?? 0;
    return quotaRefusal(Number(count) || limit, limit, venue ? 'venue' : { facilityName: facility.name });
  }
  return err;
}

/** One try at a hold, checked and priced against the facility as read: undefined if its row changed since. */
async function tryHold(
  ctx: ServiceContext,
  user: CurrentUser,
  req: NewBookingRequest,
  found: { row: FacilityRow; version: string },
  now: Date,
): Promise<BookingRow | undefined> {
  const facility = found.row;
  const { policy, request, limits } = rulesAt(ctx, user, facility, now);
  const interval = resolveBookingRequest(toSchedule(facility), req, request);
  // Concurrent overlapping inserts can deadlock in the exclusion check (40P01): run again.
  return retryTransaction(() => bookings.insertHoldIfFacilityUnchanged(ctx.db, {
    facility_id: facility.id,
    user_id: user.id,
    starts_at: interval.startsAt,
    ends_at: interval.endsAt,
    payable_cents: facilityPrice(facility, interval, { tier: user.tier, now }),
    status: 'pending',
    payment_status: 'unpaid',
    hold_expires_at: holdExpiry(now, ctx.config.holdMinutes, interval.startsAt),
    created_at: now,
  }, found.version, limits).catch(async (err: unknown) => {
    // Taken by a waitlist offer: the slot went to its line, as the customer should hear.
    if ((err as { code?: string }).code === '23P01' && (await waitlist.offeredOverlapping(ctx.db, facility.id, interval, now))) throw waitlisted();
    throw holdRefusal(err, ctx, facility, policy);
  }));
}

/** A booking just held, as its screens show it, from what is already at hand (no read back). */
const heldView = (row: BookingRow, facility: FacilityRow, user: CurrentUser): BookingView => ({
  ...row,
  facility_name: facility.name,
  facility_location: facility.location,
  facility_price_per_hour_cents: facility.price_per_hour_cents,
  facility_timezone: facility.timezone,
  facility_policy: facility.policy,
  user_name: user.name,
  user_email: user.email,
});

/**
 * Holds a slot for the caller until HOLD_MINUTES pass or they pay. The price is ours to compute.
 * One statement does the locking, the expiry of lapsed holds and the insert (see
 * insertHoldIfFacilityUnchanged); if the facility changed since it was read, read it again.
 */
export async function createBooking(ctx: ServiceContext, user: CurrentUser, req: NewBookingRequest, ip: string): Promise<BookingDto> {
  const now = ctx.clock();
  await limitBookingAttempts(ctx, ip, now);
  let facility: FacilityRow | undefined;
  let row: BookingRow | undefined;
  for (let attempt = 0; !row; attempt++) {
    if (attempt === 3) throw new DomainError('conflict', 'FACILITY_CHANGING', 'The facility is being changed right now. Please try again.', 'facility');
    const found = await facilityForBooking(ctx, req.facility, attempt > 0);
    facility = found.row;
    row = await tryHold(ctx, user, req, found, now).catch(async (err: unknown) => {
      // Time the waitlist keeps, freed by the clock (a lapsed hold): hand it to the first in line
      // now, whose want may be on a facility sharing this one's ground (the whole pitch).
      if (err instanceof DomainError && err.code === 'WAITLISTED') await handOverFreedTimeNow(ctx, found.row.id);
      throw err;
    });
  }
  await announceNewBookings(ctx, facility!.id);
  return toBookingDto(heldView(row, facility!, user), now, ctx.config.cancellationHours);
}

/** Other people's bookings do not exist for a customer: 404, not 403, so ids reveal nothing. */
async function lockOwnOrAny(trx: Executor, actor: CurrentUser, id: string): Promise<BookingRow> {
  const row = await bookings.lockBooking(trx, id);
  if (!row || (!isStaff(actor.role) && row.user_id !== actor.id)) throw bookingNotFound();
  return row;
}

const actorKind = (actor: CurrentUser, row: BookingRow) => (isStaff(actor.role) ? 'admin' : row.user_id === actor.id ? 'owner' : 'admin');

const stateOf = (row: BookingRow) => ({
  status: row.status,
  paymentStatus: row.payment_status,
  startsAt: row.starts_at,
  holdExpiresAt: row.hold_expires_at,
});

/** What a booking change leaves for after its commit: providers are never called inside a transaction. */
export interface AfterCommit {
  /** Checkouts the change cancelled (orders.cancelPendingOrdersOf): their hosted pages must stop taking money. */
  staleCheckouts?: Awaited<ReturnType<typeof orders.cancelPendingOrdersOf>>;
  /** Refunds the change recorded (recordRefund). */
  refundIds?: string[];
}

/** Facilities where a change handed freed time to the waitlist (handOverFreedTime): their new holds are announced after commit. */
export interface HandedOver {
  offeredAt?: string[];
}

/**
 * Runs a change to a booking in one transaction (again on a deadlock), then closes the hosted
 * pages it made stale and sends the refunds it recorded.
 */
export async function changeBooking<R extends AfterCommit & HandedOver>(ctx: ServiceContext, change: (trx: Executor) => Promise<R>): Promise<R> {
  const result = await retryTransaction(() => ctx.db.transaction().execute(change));
  await closeCheckouts(ctx, result.staleCheckouts ?? []);
  await sendRefunds(ctx, result.refundIds ?? []);
  for (const facilityId of new Set(result.offeredAt)) await announceNewBookings(ctx, facilityId);
  return result;
}

/**
 * Hands the time a change freed at a facility to its waitlist, and to the waitlists of the
 * facilities sharing its ground (a half freed may free the whole pitch), in the change's
 * transaction (offerFreedTime). Returns where it offered.
 */
export async function handOverFreedTime(ctx: ServiceContext, trx: Executor, facilityId: string, now: Date): Promise<string[]> {
  const offeredAt: string[] = [];
  for (const id of await groundIds(trx, facilityId)) {
    if ((await offerFreedTime(ctx, trx, id, now)).length > 0) offeredAt.push(id);
  }
  return offeredAt;
}

/** handOverFreedTime in a transaction of its own (time freed by the clock), announced after commit. */
async function handOverFreedTimeNow(ctx: ServiceContext, facilityId: string): Promise<void> {
  const offeredAt = await ctx.db.transaction().execute((trx) => handOverFreedTime(ctx, trx, facilityId, ctx.clock()));
  for (const id of offeredAt) await announceNewBookings(ctx, id);
}

/**
 * Where a change moves a booking, under the rules a new booking there passes (rulesAt): the
 * facility it moves to (its own unless the change names another, and live) is read once; what
 * the change leaves out keeps the local date and times the booking shows on the clock of the
 * facility it is at. Staff move under the desk's policy, customers under their own.
 */
async function resolveMove(ctx: ServiceContext, trx: Executor, actor: CurrentUser, row: BookingRow, change: Partial<NewBookingRequest>, now: Date) {
  const facility = await facilities.findFacility(trx, change.facility ?? row.facility_id);
  if (!facility) throw facilityNotFound();
  const from = facility.id === row.facility_id ? facility : await facilities.findFacility(trx, row.facility_id, { includeDeleted: true });
  const booked = { startsAt: row.starts_at, endsAt: row.ends_at, timezone: from!.timezone };
  const rules = rulesAt(ctx, actor, facility, now, isStaff(actor.role) ? {} : undefined);
  const interval = resolveBookingChange(toSchedule(facility), booked, change, rules.request);
  // A move adds no hold; it counts against the quotas where it lands, not where it leaves.
  return { facility, from: from!, interval, rules: { ...rules, limits: { ...rules.limits, maxHolds: null } } };
}

export interface MoveOptions {
  /** Staff agree to the new price when the move changes it (else PRICE_CHANGE_UNCONFIRMED and nothing moves). */
  confirmPriceChange?: boolean;
  /** Staff agree to moving it to a facility of another sport (else SPORT_CHANGE_UNCONFIRMED and nothing moves). */
  confirmSportChange?: boolean;
}

/** A move to a facility of another sport is asked first, of staff and customers alike. */
function assertSameSportOrConfirmed(from: FacilityRow, to: FacilityRow, options: MoveOptions): void {
  if (from.sport === to.sport || options.confirmSportChange) return;
  throw new SportChangeUnconfirmed({ from: { name: from.name, sport: SPORT_LABELS[from.sport] }, to: { name: to.name, sport: SPORT_LABELS[to.sport] } });
}

/**
 * Moves a booking under the same rules as a new one, inside the same guarantee: the customer's
 * limits are checked under their lock (reserveMove), then the schedule lock, then the move, which
 * the exclusion constraints and the closure trigger check. The slot is priced for its customer;
 * a paid booking keeps what was paid and records the difference as its balance (movedPrice).
 * Staff confirm a price change first; a customer moving their hold takes the new price. A move
 * to a facility of another sport is confirmed first (by anyone). A moved
 * hold needs a fresh checkout.
 */
export async function rescheduleBooking(
  ctx: ServiceContext,
  actor: CurrentUser,
  id: string,
  req: Partial<NewBookingRequest>,
  options: MoveOptions = {},
): Promise<MovedBookingDto> {
  const now = ctx.clock();
  const { change, heldMoved } = await changeBooking(ctx, async (trx) => {
    const row = await lockOwnOrAny(trx, actor, id);
    assertReschedulable(stateOf(row), actorKind(actor, row), now);
    const { facility, from, interval, rules } = await resolveMove(ctx, trx, actor, row, req, now);
    await bookings.reserveMove(trx, row.user_id, facility.id, rules.limits, now, row.id).catch((err: unknown) => {
      throw holdRefusal(err, ctx, facility, rules.policy);
    });
    const was = await findBookingForMail(trx, row.id);
    // Both schedules, in one order: the move frees time where it leaves (handed over below) and takes time where it lands.
    await lockFacilitySchedules(trx, [row.facility_id, facility.id]);
    // A customer moving into time others wait for is refused as a new booking there would be; the desk is not.
    if (!isStaff(actor.role)) await waitlist.assertWaitlistFree(trx, facility.id, interval, row.user_id, now).catch((err: unknown) => {
      throw holdRefusal(err, ctx, facility, rules.policy);
    });
    await bookings.expireLapsedOverlapping(trx, facility.id, interval, now, { exceptId: row.id });
    const newCents = facilityPrice(facility, interval, { tier: await findAssignedTier(trx, row.user_id), now });
    const price = movedPrice({ payableCents: row.payable_cents, balanceCents: row.balance_cents, paid: row.payment_status === 'paid' }, newCents);
    await bookings.moveBooking(trx, row.id, { facilityId: facility.id, interval, payableCents: price.payableCents, balanceCents: price.balanceCents }, now).catch((err: unknown) => {
      throw holdRefusal(err, ctx, facility, rules.policy);
    });
    // Split, its unpaid shares fall due by the new start.
    if (row.shares_due_at) await bookings.setSharesDueAt(trx, row.id, sharesDueAt(interval.startsAt, row.created_at, ctx.config.shareDueHours));
    // Asked only of a move that can happen (the database has just taken it): the refusal rolls it back.
    // The sport first: a move to the wrong kind of court is usually a slip, whatever it costs.
    assertSameSportOrConfirmed(from, facility, options);
    if (isStaff(actor.role) && price.change.differenceCents !== 0) {
      // The desk moves within the same price; a move that changes it is a manager's call.
      if (!hasRole(actor.role, roleFor('bookings', 'reprice'))) throw forbidden(roleFor('bookings', 'reprice'), 'A move that changes the price');
      if (!options.confirmPriceChange) throw new PriceChangeUnconfirmed(price.change, (cents) => formatCents(cents, ctx.config.money));
    }
    if (was) await enqueueBookingMoved(ctx, trx, was);
    // Its open checkout priced the old slot: close it, so it cannot take money for the new one.
    const staleCheckouts = row.status === 'pending' ? await orders.cancelPendingOrdersOf(trx, { bookingIds: [row.id] }, now, 'booking_moved') : [];
    // A hold the venue moved: its customer is told, with a new link for the new time and price.
    const heldMoved = row.status === 'pending' && row.user_id !== actor.id && was && hasMoved(was, await findBookingForMail(trx, row.id)) ? was : undefined;
    return { staleCheckouts, change: price.change, heldMoved, offeredAt: await handOverFreedTime(ctx, trx, row.facility_id, now) };
  });
  if (heldMoved) await sendNewPaymentLink(ctx, heldMoved);
  return { ...(await view(ctx, ctx.db, id, actor)), priceChange: priceChangeDto(change) };
}

const hasMoved = (was: BookingForMail, now: BookingForMail | undefined) =>
  now !== undefined && (now.facility_name !== was.facility_name || now.starts_at.getTime() !== was.starts_at.getTime() || now.ends_at.getTime() !== was.ends_at.getTime());

/** After a held booking moved: a payment page for its new time and price, and the message that says so (sent even without a page). */
async function sendNewPaymentLink(ctx: ServiceContext, was: BookingForMail): Promise<void> {
  const paymentUrl = await openPaymentLink(ctx, was.id);
  const row = await bookings.findBookingView(ctx.db, was.id);
  if (!row) return;
  const payBy = holdLapsesAt({ startsAt: row.starts_at, holdExpiresAt: row.hold_expires_at });
  await ctx.db.transaction().execute((trx) => enqueueHeldBookingMoved(ctx, trx, was, paymentUrl, payBy));
}

/**
 * Cancels under the policy; money that was paid goes back through the order (and provider)
 * that took it. The refund is recorded in the transaction and sent after commit.
 */
export async function cancelBooking(ctx: ServiceContext, actor: CurrentUser, id: string): Promise<BookingDto> {
  const now = ctx.clock();
  await changeBooking(ctx, async (trx) => {
    const row = await lockOwnOrAny(trx, actor, id);
    // The schedule lock before the slot frees: a booking attempt waiting on this cancellation while
    // holding the lock the hand-over needs would deadlock.
    await lockFacilitySchedule(trx, row.facility_id);
    const done = await cancelLockedBooking(ctx, trx, actor, row, now);
    return { ...done, offeredAt: await handOverFreedTime(ctx, trx, row.facility_id, now) };
  });
  return view(ctx, ctx.db, id, actor);
}

/** What one cancellation did: what to finish after commit, and the money it sends back (for a caller that tells the customer itself). */
export interface CancelOutcome extends Required<AfterCommit> {
  /** The customer had been told of the booking (it was confirmed), so its cancellation is told too. */
  announce: boolean;
  refund?: { cents: number; via: RefundVia; parts?: RefundPart[] };
}

/**
 * The one cancellation step, for a booking already locked in `trx` (one booking cancelled by
 * its customer or staff, or every live booking of a facility being withdrawn): the policy
 * decides, its open checkouts are cancelled, and paid money is recorded for refund through
 * the order that took it. The caller runs closeCheckouts/sendRefunds after commit (changeBooking).
 * The customer gets one message saying both the cancellation and the refund: this booking's
 * own, or (`tell: 'caller'`) the caller's message about several at once.
 */
export async function cancelLockedBooking(
  ctx: ServiceContext,
  trx: Executor,
  actor: CurrentUser,
  row: BookingRow,
  now: Date,
  /** Why the venue cancels it ("the facility was withdrawn"), for the customer's message and the refund. */
  venueWhy?: string,
  tell: 'booking' | 'caller' = 'booking',
): Promise<CancelOutcome> {
  const facility = await facilities.findFacility(trx, row.facility_id, { includeDeleted: true });
  const { cancellationHours } = facility ? facilityPolicy(facility, ctx.config) : ctx.config;
  const { refund } = decideCancellation(stateOf(row), actorKind(actor, row), { now, cancellationHours });
  await bookings.cancelBooking(trx, row.id, actor.id, refund, now);
  const staleCheckouts = await orders.cancelPendingOrdersOf(trx, { bookingIds: [row.id] }, now, 'booking_cancelled');
  const byCustomer = actor.id === row.user_id;
  const reason = byCustomer ? 'cancelled by the customer' : `cancelled by the venue${venueWhy ? `: ${venueWhy}` : ''}`;
  // What was paid for it (its price less its share of a promo code discount), back the way each payment came.
  // A confirmed booking is in the customer's calendar, so its cancellation message tells the refund too.
  const announce = row.status === 'confirmed';
  // Paid split: every share back to whoever paid it.
  const back = refund
    ? ((await refundSplitBooking(ctx, trx, row.id, reason, now, announce)) ??
      (await recordBookingRefund(ctx, trx, { bookingId: row.id, payableCents: row.payable_cents }, (paid) => paid, reason, now, {
        announced: announce,
        cardToWallet: byCustomer && ctx.config.wallet.refundToWallet,
      })))
    : undefined;
  const refundIds = back?.refundIds ?? [];
  if (back && !byCustomer && isStaff(actor.role)) {
    // Staff giving money back: the desk only up to its limit (refused whole, the cancellation with it), and logged.
    const format = (cents: number) => formatCents(cents, ctx.config.money);
    assertMayRefund(actor.role, back.cents, ctx.config.deskRefundLimitCents, format);
    await recordAudit(trx, actor, now, { action: 'refund', subjectType: 'booking', subjectId: row.id, summary: `Refunded ${format(back.cents)} cancelling a booking (${reason})`, detail: { amountCents: back.cents, via: back.via } });
  }
  // A hold the venue released was awaiting their payment (its link stops working). A hold its customer released needs no message.
  const money = back && { cents: back.cents, via: back.via, parts: 'parts' in back ? (back.parts as RefundPart[]) : undefined };
  if (tell === 'booking' && (announce || !byCustomer)) {
    await enqueueBookingCancelled(ctx, trx, row.id, money, byCustomer ? undefined : { why: venueWhy }, row.status === 'pending');
  }
  return { staleCheckouts, refundIds, announce, refund: money };
}

export async function getBooking(ctx: ServiceContext, actor: CurrentUser, id: string): Promise<BookingDto> {
  const booking = await view(ctx, ctx.db, id, actor);
  if (!isStaff(actor.role) && booking.user._id !== actor.id) throw bookingNotFound();
  return booking;
}

export async function listUserBookings(ctx: ServiceContext, actor: CurrentUser, userId: string): Promise<BookingDto[]> {
  if (!isStaff(actor.role) && actor.id !== userId) {
    throw new DomainError('forbidden', 'NOT_YOURS', "You can only see your own bookings.");
  }
  const { rows } = await bookings.pageBookings(ctx.db, { userId }, { sortColumn: 'b.starts_at', sortOrder: 'desc', offset: 0, limit: 500 });
  const now = ctx.clock();
  return rows.map((r) => toBookingDto(r, now, ctx.config.cancellationHours, doorViewFor(ctx.config, actor.role)));
}

export async function listAllBookings(ctx: ServiceContext, page: number, limit: number) {
  const { rows, total } = await bookings.pageBookings(ctx.db, {}, { sortColumn: 'b.starts_at', sortOrder: 'desc', offset: (page - 1) * limit, limit });
  const now = ctx.clock();
  return { bookings: rows.map((r) => toBookingDto(r, now, ctx.config.cancellationHours, { reader: 'staff', opensMinutes: ctx.config.accessOpensMinutes })), total };
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
