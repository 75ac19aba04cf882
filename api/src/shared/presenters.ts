import { bookedPlay, cancellationTerms, visibleDoorCode, isStaff, type DoorReader, type Role, canReview, centsToDollars, chargedForBooking, holdLapsesAt, isHoldLapsed, localTimes, priceRulesToDto, ratingAverage, refundVia, type Attendance, type OrderRefundState, type PriceChange } from '@courtside/domain';
import type { AdminUserDto, BookingDto, FacilityDto, PriceChangeDto, UserDto } from '@courtside/contracts';
import type { ContactMessageRow, UserRow } from '@courtside/migrations';
import type { BookingView } from '../repositories/bookings.ts';
import type { RatedFacilityRow } from '../repositories/facilities.ts';
import { openingHoursOf, policyOf, priceRulesOf } from './facility-schedule.ts';

/** Row -> wire shapes. Rows never leave the services; these do. */

export function toUserDto(u: UserRow): UserDto {
  return { _id: u.id, name: u.name, email: u.email, phone: u.phone, address: u.address, photoUrl: u.photo_url, role: u.role, emailReminders: u.email_reminders };
}

/** A user as staff read them: with their tier and its expiry. */
export function toAdminUserDto(u: UserRow): AdminUserDto {
  return { ...toUserDto(u), tierId: u.tier_id, tierExpiresAt: u.tier_expires_at?.toISOString() ?? null };
}

export function toFacilityDto(f: RatedFacilityRow): FacilityDto {
  return {
    _id: f.id,
    name: f.name,
    location: f.location,
    pricePerHour: centsToDollars(f.price_per_hour_cents),
    description: f.description,
    imageUrl: f.image_url,
    isDeleted: f.is_deleted,
    timezone: f.timezone,
    openingHours: openingHoursOf(f),
    slotMinutes: f.slot_minutes,
    maxBookingMinutes: f.max_booking_minutes,
    priceRules: priceRulesToDto(priceRulesOf(f)),
    policy: policyOf(f),
    sport: f.sport,
    maxPlayers: f.max_players,
    rating: { average: ratingAverage(f.rating_sum, f.rating_count), count: f.rating_count },
    parentId: f.parent_id,
    parent: f.parent_id === null || f.parent_name === null ? null : { _id: f.parent_id, name: f.parent_name },
    parts: (typeof f.parts === 'string' ? (JSON.parse(f.parts) as { id: string; name: string }[]) : f.parts).map((p) => ({ _id: p.id, name: p.name })),
  };
}

/**
 * Where refunds stand, worst first: one that failed (and is being retried), one still on its
 * way, desk money still to hand back, else all of it or part of `dueCents` back.
 */
export function refundStateOf(statuses: Iterable<string>, refundedCents: number, dueCents: number): OrderRefundState {
  const seen = new Set(statuses);
  if (seen.size === 0) return 'none';
  if (seen.has('failed')) return 'failed';
  if (seen.has('pending')) return 'pending';
  if (seen.has('to_collect')) return 'to_collect';
  return refundedCents >= dueCents ? 'refunded' : 'partial';
}

/**
 * A lapsed hold reads as expired even before the sweeper has written it down. `cancellationHours`
 * (the facility's own when its policy sets one, else the config's) tells the customer whether and until when they may cancel, from the same rule
 * the server applies, so no page promises what the server would refuse.
 */
export function toBookingDto(b: BookingView, now: Date, cancellationHours: number, door?: DoorView): BookingDto {
  const state = { status: b.status, paymentStatus: b.payment_status, startsAt: b.starts_at, holdExpiresAt: b.hold_expires_at };
  const status = isHoldLapsed(state, now) ? 'expired' : b.status;
  const hours = policyOf({ policy: b.facility_policy }).cancellationHours ?? cancellationHours;
  const terms = cancellationTerms(state, { now, cancellationHours: hours });
  const paid = paidCentsOf(b);
  return {
    _id: b.id,
    facility: {
      _id: b.facility_id,
      name: b.facility_name,
      location: b.facility_location,
      pricePerHour: centsToDollars(b.facility_price_per_hour_cents),
      timezone: b.facility_timezone,
    },
    user: { _id: b.user_id, name: b.user_name, email: b.user_email },
    ...localTimes(b.starts_at, b.ends_at, b.facility_timezone),
    payableAmount: centsToDollars(b.payable_cents),
    paidAmount: paid === null ? null : centsToDollars(paid),
    split: b.shares_due_at !== null,
    status,
    paymentStatus: b.payment_status,
    holdExpiresAt: status === 'pending' ? holdLapsesAt(state).toISOString() : null,
    createdAt: b.created_at.toISOString(),
    refundedAmount: centsToDollars(b.refunded_cents ?? 0),
    refundState: bookingRefundState(b),
    balance: centsToDollars(b.balance_cents),
    cancellable: terms.cancellable,
    cancellableUntil: terms.cancellableUntil?.toISOString() ?? null,
    cancellationHours: hours,
    ...playOf(b),
    seriesId: b.series_id ?? null,
    refundVia: b.paid_via ? refundVia(b.paid_via) : null,
    walletPaidAmount: centsToDollars(b.paid_wallet_cents ?? 0),
    review: b.review_rating == null ? null : { rating: b.review_rating },
    reviewable: canReview({ status, endsAt: b.ends_at }, now, b.review_rating != null),
    players: { count: 1 + (b.player_count ?? 0), max: b.facility_max_players ?? 1 },
    // A hold just made is read from its insert, which does not return these: it is pending.
    attendance: (b.attendance as Attendance | undefined) ?? 'pending',
    checkedInAt: (b.checked_in_at as Date | null | undefined)?.toISOString() ?? null,
    ...doorCodeOf(b, b.facility_timezone, door, now),
  };
}

/** Who reads a booking and how early its code opens the door (ACCESS_OPENS_MINUTES); none given: nobody sees its code. */
export interface DoorView {
  reader: DoorReader;
  opensMinutes: number;
}

/** How a caller reads door codes: staff always, anyone else as a booking's customer or player. */
export const doorViewFor = (config: { accessOpensMinutes: number }, role: Role): DoorView => ({
  reader: isStaff(role) ? 'staff' : 'customer',
  opensMinutes: config.accessOpensMinutes,
});

/** A booking's door code fields as `door` may see them (domain visibleDoorCode). */
export function doorCodeOf(
  // A hold just made is read from its insert, which may not return the code: it has none.
  b: { access_code?: string | null; starts_at: Date; ends_at: Date },
  timeZone: string,
  door: DoorView | undefined,
  now: Date,
): Pick<BookingDto, 'accessCode' | 'accessOpensAt'> {
  const shown = door ? visibleDoorCode({ accessCode: b.access_code ?? null, startsAt: b.starts_at, endsAt: b.ends_at }, timeZone, door.opensMinutes, door.reader, now) : null;
  return { accessCode: shown?.code ?? null, accessOpensAt: shown?.opensAt.toISOString() ?? null };
}

/** What was paid for it (what a refund gives back), or null while nothing was. */
function paidCentsOf(b: BookingView): number | null {
  if (b.payment_status !== 'paid' && b.payment_status !== 'refunded') return null;
  // Paid split: the organizer's own part; the players paid the rest.
  if (b.split_paid_cents != null) return b.split_paid_cents;
  return chargedForBooking(b.payable_cents, b.paid_discount_cents ?? 0);
}

/** What a booking's screens say of its play (domain bookedPlay). */
export function playOf(b: BookingView): Pick<BookingDto, 'playEndTime' | 'playMinutes'> {
  const play = bookedPlay({ startsAt: b.starts_at, endsAt: b.ends_at, changeoverMinutes: b.changeover_minutes, runsOn: b.runs_on === true }, b.facility_timezone);
  return { playEndTime: play.playEndTime, playMinutes: play.playMinutes };
}

function bookingRefundState(b: BookingView): BookingDto['refundState'] {
  const state = refundStateOf(b.refund_statuses ? b.refund_statuses.split(',') : [], b.refunded_cents ?? 0, paidCentsOf(b) ?? b.payable_cents);
  // A booking is refunded whole, so its refunds are never partial.
  return state === 'partial' ? 'refunded' : state;
}

/** What a move did (or would do) to a booking's price, in the venue's currency. */
export const priceChangeDto = (c: PriceChange): PriceChangeDto => ({
  oldPrice: centsToDollars(c.oldCents),
  newPrice: centsToDollars(c.newCents),
  difference: centsToDollars(c.differenceCents),
  paid: c.paid,
});

/** The back office (ra-data-simple-rest) wants `id` on every record. */
export const withId = <T extends { _id: string }>(dto: T) => ({ id: dto._id, ...dto });

export function toMessageRecord(m: ContactMessageRow) {
  return { id: m.id, _id: m.id, name: m.name, email: m.email, subject: m.subject, message: m.message, createdAt: m.created_at.toISOString() };
}
