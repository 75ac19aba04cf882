import {
  offerDeadline,
  offerExpiry,
  overlaps,
  resolveBookingRequest,
  toLocal,
  windowSlots,
  type Interval,
  type WaitlistWindow,
} from '@courtside/domain';
import type { FacilityRow, WaitlistEntryRow } from '@courtside/migrations';
import type { Executor } from '../db/database.ts';
import * as bookings from '../repositories/bookings.ts';
import * as facilities from '../repositories/facilities.ts';
import * as waitlist from '../repositories/waitlist.ts';
import { lockFacilitySchedule } from '../repositories/occupancy.ts';
import { findAssignedTier } from '../repositories/tiers.ts';
import { enqueueWaitlistOffer } from '../mail/booking-mail.ts';
import { announceNewBookings } from './caches.ts';
import type { ServiceContext } from '../shared/context.ts';
import { facilityBookingPolicy, facilityPrice, toSchedule } from '../shared/facility-schedule.ts';

/**
 * The waitlist's hand-over: time that waiting entries want goes to the first in line as a held
 * booking in their name (the offer). It runs inside the transaction that frees the time (a
 * cancellation, a move, a declined offer), under the facility's schedule lock; time freed by the
 * clock (a hold that lapsed) stays kept for the waitlist by the booking path's check
 * (courtside_waitlist_free) until the sweep, the first refused attempt or the next freeing
 * transaction hands it over.
 */

/** What an entry asks for, in the terms its wants are planned from. */
export type Wish =
  | { kind: 'slot'; facilityId: string; date: string; startTime: string; endTime: string }
  | ({ kind: 'window'; sport: string } & WaitlistWindow);

export const wishOf = (e: WaitlistEntryRow): Wish =>
  e.kind === 'slot'
    ? { kind: 'slot', facilityId: e.facility_id!, date: e.date, startTime: e.start_time, endTime: e.end_time }
    : { kind: 'window', sport: e.sport, date: e.date, from: e.start_time, to: e.end_time, minutes: e.minutes };

/**
 * The times a wish would take at one facility under its customer rules now, each with its offer
 * deadline (its start less the notice). A slot that breaks a rule throws (the join says why)
 * unless `lenient`, for plans made again after the facility changed: then it is simply no want.
 */
export function wantsAt(ctx: ServiceContext, facility: FacilityRow, wish: Wish, now: Date, lenient = false): waitlist.NewWant[] {
  const policy = facilityBookingPolicy(facility, ctx.config, now);
  const schedule = toSchedule(facility);
  let times: Interval[];
  if (wish.kind === 'slot') {
    if (wish.facilityId !== facility.id) return [];
    try {
      times = [resolveBookingRequest(schedule, wish, policy)];
    } catch (err) {
      if (!lenient) throw err;
      times = [];
    }
  } else {
    times = facility.sport === wish.sport ? windowSlots(schedule, wish, policy) : [];
  }
  return times
    .map((t) => ({ facility_id: facility.id, starts_at: t.startsAt, ends_at: t.endsAt, offer_by: offerDeadline(t.startsAt, policy.minNoticeMinutes ?? 0) }))
    .filter((w) => w.offer_by.getTime() > now.getTime());
}

/**
 * Offers the open time at a facility to the entries waiting for it, first in line first: each
 * entry at most one offer, no two offers on overlapping time. Inside the caller's transaction;
 * returns the offered bookings' ids (the caller announces them after commit: offerFreedTimeNow).
 */
export async function offerFreedTime(ctx: ServiceContext, trx: Executor, facilityId: string, now: Date): Promise<string[]> {
  await lockFacilitySchedule(trx, facilityId);
  const candidates = await waitlist.lockOpenWantsAt(trx, facilityId, now);
  if (candidates.length === 0) return [];
  const facility = await facilities.findFacility(trx, facilityId);
  if (!facility) return [];
  const offered = new Set<string>();
  const taken: Interval[] = [];
  const made: string[] = [];
  for (const want of candidates) {
    if (offered.has(want.entry_id) || taken.some((t) => overlaps(t, want))) continue;
    await bookings.expireLapsedOverlapping(trx, facilityId, want, now);
    const expiresAt = offerExpiry(now, ctx.config.waitlistOfferMinutes, want.offer_by);
    const tier = await findAssignedTier(trx, want.user_id);
    const row = await bookings.insertLockedBooking(trx, {
      facility_id: facilityId,
      user_id: want.user_id,
      starts_at: want.startsAt,
      ends_at: want.endsAt,
      payable_cents: facilityPrice(facility, want, { tier, now }),
      status: 'pending',
      payment_status: 'unpaid',
      hold_expires_at: expiresAt,
      booked_by: null,
      note: null,
      series_id: null,
      now,
    });
    if (!(await waitlist.markOffered(trx, want.entry_id, row.id, now))) throw new Error(`waitlist entry ${want.entry_id} was offered twice`);
    await enqueueWaitlistOffer(ctx, trx, row.id, expiresAt);
    offered.add(want.entry_id);
    taken.push(want);
    made.push(row.id);
  }
  return made;
}

/** A hand-over in a transaction of its own (time freed by the clock), announced after commit. */
export async function offerFreedTimeNow(ctx: ServiceContext, facilityId: string): Promise<number> {
  const made = await ctx.db.transaction().execute((trx) => offerFreedTime(ctx, trx, facilityId, ctx.clock()));
  if (made.length > 0) await announceNewBookings(ctx, facilityId);
  return made.length;
}

/**
 * Plans again the wants of the entries waiting on a facility whose rules changed (hours, grid,
 * notice, sport), then hands over what that opened. Inside the caller's transaction.
 */
export async function replanWaitlistAt(ctx: ServiceContext, trx: Executor, facility: FacilityRow, now: Date): Promise<string[]> {
  const today = toLocal(now, facility.timezone).date;
  for (const entry of await waitlist.lockWaitingTouching(trx, facility.id, facility.sport, today)) {
    const wants = facility.is_deleted ? [] : wantsAt(ctx, facility, wishOf(entry), now, true);
    const elsewhere = await waitlist.latestOfferByElsewhere(trx, entry.id, facility.id);
    const latest = Math.max(elsewhere?.getTime() ?? 0, ...wants.map((w) => w.offer_by.getTime()));
    await waitlist.replaceWantsAt(trx, entry, facility.id, wants, latest > 0 ? new Date(latest) : now);
  }
  return facility.is_deleted ? [] : offerFreedTime(ctx, trx, facility.id, now);
}

/**
 * The sweep's part: entries whose time has come expire, and time freed without a hand-over (a
 * hold that lapsed, a checkout page that closed) is offered, one facility per transaction.
 */
export async function sweepWaitlist(ctx: ServiceContext): Promise<{ expired: number; offered: number }> {
  const now = ctx.clock();
  const expired = await waitlist.expireOverdue(ctx.db, now);
  let offered = 0;
  for (const facilityId of await waitlist.facilitiesWithOpenWants(ctx.db, now)) offered += await offerFreedTimeNow(ctx, facilityId);
  return { expired, offered };
}

/** When the next offer lapses, so the sweeper passes it on then rather than at its next round. */
export const nextOfferLapse = (ctx: ServiceContext): Promise<Date | null> => waitlist.nextOfferLapse(ctx.db, ctx.clock());
