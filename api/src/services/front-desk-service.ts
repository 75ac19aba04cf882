import { DEFAULT_DESK_PAYMENT_METHOD, DomainError, centsToDollars, formatCents, holdExpiry, resolveBookingRequest, tierPriceFor, type AssignedTier, type BookingRequest, type DeskPaymentMethod, type Interval } from '@courtside/domain';
import { recordAudit } from '../repositories/audit-log.ts';
import type { BookingDto, DeskQuoteDto } from '@courtside/contracts';
import type { BookingRow, FacilityRow, UserRow } from '@courtside/migrations';
import { randomUUID } from 'node:crypto';
import type { Executor } from '../db/database.ts';
import { retryTransaction } from '../db/retry.ts';
import { enqueueBookingConfirmed, enqueuePaymentLink } from '../mail/booking-mail.ts';
import { NO_EMAIL_DOMAIN } from '../mail/outbox.ts';
import * as orders from '../payments/repositories/orders.ts';
import * as bookings from '../repositories/bookings.ts';
import * as facilities from '../repositories/facilities.ts';
import { lockFacilitySchedule } from '../repositories/occupancy.ts';
import { findAssignedTier } from '../repositories/tiers.ts';
import * as users from '../repositories/users.ts';
import { getBooking } from './booking-service.ts';
import { announceNewBookings } from './caches.ts';
import { openPaymentLink } from './payment-links.ts';
import type { CurrentUser, ServiceContext } from '../shared/context.ts';
import { facilityBookingPolicy, facilityNotFound, facilityPrice, toSchedule } from '../shared/facility-schedule.ts';

/**
 * The front desk: staff book for a customer who phones or walks in, under the same rules as
 * customers' bookings (the database refuses overlaps and closed time), except that a walk-in
 * already playing may be booked into today's slot that has started and bookings open further
 * ahead. Payment: at the desk now, at the desk later (confirmed, unpaid), or by a payment link
 * (a hold of LINK_HOLD_HOURS on the hosted payment page, never past the slot's start).
 */

export type DeskPayment = 'desk' | 'unpaid' | 'link';

export interface Guest {
  name: string;
  phone?: string;
  email?: string;
}

/** Who a desk booking is for: a customer staff picked (their account's id), or a guest. */
export type CustomerChoice = { userId: string; guest?: undefined } | { userId?: undefined; guest: Guest };

export interface DeskBookingInput extends BookingRequest {
  facilityId: string;
  userId?: string;
  guest?: Guest;
  payment: DeskPayment;
  /** How the desk was paid, with payment 'desk' (default cash). */
  paymentMethod?: DeskPaymentMethod;
  note?: string;
  /** Staff confirm that a booking of today may start before now (a walk-in already playing). */
  lateEntry?: boolean;
}

const customerRequired = () => new DomainError('invalid', 'CUSTOMER_REQUIRED', 'Say who the booking is for: userId of a customer, or guest with at least a name.', 'userId');

/**
 * The customer a desk booking is for: the account staff picked (userId, from the customer
 * search), or a new guest without a password (password reset claims it, when they have an
 * email; with none, an address nothing is sent to). A guest is never given to an existing
 * account on contact details alone: phones and emails are self-declared, so an account that
 * claimed the walk-in's phone or email would get their booking (and could cancel it). A guest
 * email that an account already uses is refused, naming the remedy: pick that account.
 */
export async function resolveCustomer(trx: Executor, choice: { userId?: string; guest?: Guest }, now: Date): Promise<UserRow> {
  if (choice.userId !== undefined && choice.guest !== undefined) throw customerRequired();
  if (choice.userId !== undefined) {
    const user = await users.findActiveById(trx, choice.userId);
    if (!user) throw new DomainError('not_found', 'USER_NOT_FOUND', 'No active customer has that id.', 'userId');
    return user;
  }
  const guest = choice.guest;
  if (!guest) throw customerRequired();
  if (guest.email && (await users.findByEmail(trx, guest.email))) {
    throw new DomainError(
      'conflict',
      'EMAIL_TAKEN',
      `An account already uses ${guest.email}. To book for that account, pick the customer in the search; to book a guest, leave the email out.`,
      'guest.email',
    );
  }
  return users.insertUser(trx, {
    name: guest.name,
    email: guest.email ?? `guest-${randomUUID()}@${NO_EMAIL_DOMAIN}`,
    password_hash: null,
    phone: guest.phone ?? '',
    address: '',
    photo_url: '',
    role: 'user',
    deleted_at: null,
    created_at: now,
    updated_at: now,
  });
}

/**
 * The facility's schedule lock, then the facility as it now is (live, or 404). Every change to a
 * facility takes the same lock first, so it cannot change until this transaction ends; no row
 * lock, which would deadlock with bookings' inserts (their foreign-key check share-locks the row
 * while they hold the schedule lock).
 */
export async function lockLiveFacility(trx: Executor, facilityId: string): Promise<FacilityRow> {
  await lockFacilitySchedule(trx, facilityId);
  const facility = await facilities.findFacility(trx, facilityId);
  if (!facility) throw facilityNotFound();
  return facility;
}

/**
 * The staff policy: the facility's, with the horizon widened and no minimum notice; today's
 * started slots open to walk-ins only as a late entry staff confirm (`lateEntry`).
 */
export const deskPolicy = (ctx: ServiceContext, facility: FacilityRow, now: Date, lateEntry = false) => facilityBookingPolicy(facility, ctx.config, now, { lateEntry });

export interface DeskBookingRow {
  facility: FacilityRow;
  customer: UserRow;
  row: BookingRow;
}

/**
 * Writes one desk booking in `trx` (which holds the facility's row lock): schedule lock, lapsed
 * holds in the way expired, the insert at the server's price for the customer (their tier's).
 * The caller records a desk payment and tells the customer.
 */
export async function insertDeskBookingIn(
  ctx: ServiceContext,
  trx: Executor,
  staff: CurrentUser,
  w: {
    facility: FacilityRow;
    customer: UserRow;
    /** The customer's tier (findAssignedTier, read once per request): what the booking costs them. */
    tier: AssignedTier | null;
    interval: { startsAt: Date; endsAt: Date };
    payment: DeskPayment;
    note?: string;
    seriesId?: string;
  },
  now: Date,
): Promise<BookingRow> {
  await lockFacilitySchedule(trx, w.facility.id);
  await bookings.expireLapsedOverlapping(trx, w.facility.id, w.interval, now);
  const link = w.payment === 'link';
  return bookings.insertLockedBooking(trx, {
    facility_id: w.facility.id,
    user_id: w.customer.id,
    starts_at: w.interval.startsAt,
    ends_at: w.interval.endsAt,
    payable_cents: facilityPrice(w.facility, w.interval, { tier: w.tier, now }),
    status: link ? 'pending' : 'confirmed',
    payment_status: w.payment === 'desk' ? 'paid' : 'unpaid',
    hold_expires_at: link ? holdExpiry(now, ctx.config.linkHoldHours * 60, w.interval.startsAt) : null,
    booked_by: staff.id,
    note: w.note ?? null,
    series_id: w.seriesId ?? null,
    now,
  });
}

/**
 * The customer's tier as the desk prices it: the one a picked account holds (an unknown or
 * removed account is refused, as booking for it would be); a walk-in, or nobody picked yet, pays
 * public prices.
 */
export async function deskTierOf(db: Executor, userId: string | undefined): Promise<AssignedTier | null> {
  if (userId === undefined) return null;
  if (!(await users.findActiveById(db, userId))) throw new DomainError('not_found', 'USER_NOT_FOUND', 'No active customer has that id.', 'userId');
  return findAssignedTier(db, userId);
}

/** The tier's name when it prices this facility now (what makes a quote differ from the public price); null otherwise. */
export const tierNameAt = (tier: AssignedTier | null, facilityId: string, now: Date): string | null => (tierPriceFor(tier, facilityId, now) ? tier!.tier.name : null);

/** One desk price as quoted: the customer's (what insertDeskBookingIn records), the public one, and the tier that makes the difference. */
export function deskPriceOf(facility: FacilityRow, interval: Interval, tier: AssignedTier | null, now: Date): { cents: number; publicCents: number; tier: string | null } {
  return {
    cents: facilityPrice(facility, interval, { tier, now }),
    publicCents: facilityPrice(facility, interval, { tier: null, now }),
    tier: tierNameAt(tier, facility.id, now),
  };
}

export interface DeskQuoteInput extends BookingRequest {
  facilityId: string;
  userId?: string;
}

/**
 * What a desk booking would cost this customer, before staff book it: the same facility, rules
 * and price function the booking is recorded with. Writes nothing; the booking prices itself again.
 */
export async function quoteDeskBooking(ctx: ServiceContext, input: DeskQuoteInput): Promise<DeskQuoteDto> {
  const now = ctx.clock();
  const facility = await facilities.findFacility(ctx.db, input.facilityId);
  if (!facility) throw facilityNotFound();
  // Quoted as a late entry too: a walk-in already playing is priced like anyone else.
  const interval = resolveBookingRequest(toSchedule(facility), input, deskPolicy(ctx, facility, now, true));
  const price = deskPriceOf(facility, interval, await deskTierOf(ctx.db, input.userId), now);
  return { price: centsToDollars(price.cents), publicPrice: centsToDollars(price.publicCents), tier: price.tier };
}

/** Records money taken at the desk for these bookings: one paid order for them all. */
export async function recordDeskPayment(trx: Executor, staff: CurrentUser, customerId: string, rows: BookingRow[], paymentMethod: DeskPaymentMethod | undefined, now: Date): Promise<void> {
  const amountCents = rows.reduce((sum, r) => sum + r.payable_cents, 0);
  await orders.insertDeskOrder(trx, { userId: customerId, amountCents, bookingIds: rows.map((r) => r.id), takenBy: staff.id, paymentMethod: paymentMethod ?? DEFAULT_DESK_PAYMENT_METHOD, now });
}

/**
 * Staff book a slot for a customer or a walk-in. With `link`, the customer's hosted payment page
 * is opened right after the commit and its address returned (and emailed when they have email).
 */
export async function bookAtDesk(ctx: ServiceContext, staff: CurrentUser, input: DeskBookingInput): Promise<BookingDto & { paymentUrl: string | null }> {
  const now = ctx.clock();
  const { facility, row } = await retryTransaction(() => ctx.db.transaction().execute(async (trx): Promise<DeskBookingRow> => {
    const facility = await lockLiveFacility(trx, input.facilityId);
    const interval = resolveBookingRequest(toSchedule(facility), input, deskPolicy(ctx, facility, now, input.lateEntry));
    if (input.payment === 'link' && interval.startsAt <= now) {
      throw new DomainError('invalid', 'IN_THE_PAST', 'A booking that has started is paid at the desk (payment "desk" or "unpaid"), not by link.', 'payment');
    }
    const customer = await resolveCustomer(trx, input, now);
    const tier = await findAssignedTier(trx, customer.id);
    const row = await insertDeskBookingIn(ctx, trx, staff, { facility, customer, tier, interval, payment: input.payment, note: input.note }, now);
    if (input.payment === 'desk') await recordDeskPayment(trx, staff, customer.id, [row], input.paymentMethod, now);
    if (input.payment !== 'link') await enqueueBookingConfirmed(ctx, trx, row.id, input.payment === 'desk' ? row.payable_cents : 0, input.payment === 'unpaid' ? row.payable_cents : 0);
    return { facility, customer, row };
  }));
  await announceNewBookings(ctx, facility.id);
  // The booking stands either way; without a page (the provider unreachable) staff see no link and can take payment otherwise.
  const paymentUrl = input.payment === 'link' ? await openPaymentLink(ctx, row.id) : null;
  if (paymentUrl) await ctx.db.transaction().execute((trx) => enqueuePaymentLink(ctx, trx, row.id, paymentUrl, row.hold_expires_at!));
  return { ...(await getBooking(ctx, staff, row.id)), paymentUrl };
}

/** Staff record that a confirmed, unpaid booking was paid at the desk: a paid desk order, taken by them. */
export async function markPaidAtDesk(ctx: ServiceContext, staff: CurrentUser, bookingId: string, paymentMethod?: DeskPaymentMethod): Promise<BookingDto> {
  const now = ctx.clock();
  await ctx.db.transaction().execute(async (trx) => {
    const [row] = await bookings.lockBookings(trx, [bookingId]);
    if (!row) throw new DomainError('not_found', 'BOOKING_NOT_FOUND', 'Booking not found.');
    if (row.payment_status !== 'unpaid') throw new DomainError('conflict', 'ALREADY_PAID', 'This booking is paid already (or refunded).');
    if (row.status !== 'confirmed') {
      throw new DomainError('conflict', 'NOT_PAYABLE', 'Only a confirmed booking is paid at the desk; a held one is paid through its payment page.');
    }
    await bookings.markPaidAtDesk(trx, row.id, now);
    await recordDeskPayment(trx, staff, row.user_id, [row], paymentMethod, now);
    await recordAudit(trx, staff, now, { action: 'mark-paid', subjectType: 'booking', subjectId: row.id, summary: `Marked paid at the desk: ${formatCents(row.payable_cents, ctx.config.money)}`, detail: { amountCents: row.payable_cents } });
  });
  return getBooking(ctx, staff, bookingId);
}
