import {
  DEFAULT_MAX_BOOKING_MINUTES,
  DEFAULT_SLOT_MINUTES,
  DEFAULT_SPORT,
  defaultMaxPlayers,
  parseMaxPlayers,
  DomainError,
  dollarsToCents,
  everyDay,
  checkChangeoverFits,
  foldMaxMinutes,
  fromPricePerHourCents,
  globalPolicy,
  closureOnNewClock,
  localTimes,
  parseSport,
  sameWallClock,
  toLocal,
  validatePolicy,
  validatePriceRules,
  validateSchedule,
  type FacilityPolicy,
  type OpeningHours,
  type PriceRuleDto,
  type Sport,
  forbidden,
  formatCents,
  hasRole,
  roleFor,
} from '@courtside/domain';
import type { FacilityDto } from '@courtside/contracts';
import type { FacilityRow, FacilityUpdate } from '@courtside/migrations';
import type { Executor } from '../db/database.ts';
import { retryTransaction } from '../db/retry.ts';
import * as bookings from '../repositories/bookings.ts';
import * as closures from '../repositories/closures.ts';
import type { FacilityClosedRange } from '../repositories/closures.ts';
import * as facilities from '../repositories/facilities.ts';
import type { LiveBookingRow } from '../repositories/facilities.ts';
import { lockFacilitySchedule, lockFacilitySchedules } from '../repositories/occupancy.ts';
import { recordAudit } from '../repositories/audit-log.ts';
import type { CurrentUser, ServiceContext } from '../shared/context.ts';
import { cancelLockedBooking, changeBooking, type AfterCommit } from './booking-service.ts';
import { ALL_FACILITIES, announceNewBookings, cachesOf, safetyNetUntil } from './caches.ts';
import { dropFacility as dropFromWaitlist } from '../repositories/waitlist.ts';
import { offerFreedTime, replanWaitlistAt } from './waitlist-offers.ts';
import { checkDelete, checkNewLink, checkRelink } from './facility-links.ts';
import { facilityNotFound, openingHoursOf, toPricing } from '../shared/facility-schedule.ts';
import { toFacilityDto } from '../shared/presenters.ts';

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
  priceRules?: PriceRuleDto[];
  policy?: FacilityPolicy;
  sport?: Sport;
  maxPlayers?: number;
  /** Linked courts: the facility it is part of (null: part of nothing). */
  parentId?: string | null;
}

/**
 * The price rules and policy staff wrote, checked by the domain and as stored (only those given),
 * with the longest booking: a policy.maxMinutes sent is folded into maxBookingMinutes (foldMaxMinutes).
 * A new changeover applies to bookings made or moved from now on (the database stamps each
 * booking with its own); the bookings already made keep the play they were sold. The changeover
 * in force (`stored` unless a policy is sent) must leave play in one slot of the schedule.
 */
function pricingChanges(
  ctx: ServiceContext,
  input: Pick<FacilityInput, 'priceRules' | 'policy'>,
  schedule: { maxBookingMinutes: number; slotMinutes: number },
  stored?: FacilityPolicy | null,
): { price_rules?: string; policy?: string; max_booking_minutes: number } {
  const out: { price_rules?: string; policy?: string; max_booking_minutes: number } = { max_booking_minutes: schedule.maxBookingMinutes };
  if (input.priceRules !== undefined) out.price_rules = JSON.stringify(validatePriceRules(input.priceRules));
  let policy = stored;
  if (input.policy !== undefined) {
    const folded = foldMaxMinutes(validatePolicy(input.policy, globalPolicy(ctx.config)), schedule);
    policy = folded.policy;
    out.policy = JSON.stringify(folded.policy);
    out.max_booking_minutes = folded.maxBookingMinutes;
  }
  checkChangeoverFits(policy?.bufferMinutes ?? 0, schedule.slotMinutes);
  return out;
}

/** What the public list filters by (each optional). */
export interface PublicListFilter {
  q?: string;
  maxPrice?: number;
  sport?: Sport;
}

export async function listPublic(ctx: ServiceContext, filter: PublicListFilter): Promise<FacilityDto[]> {
  // The schema's coercion lets '1e309' through as Infinity, which the database refuses.
  if (filter.maxPrice !== undefined && !Number.isFinite(filter.maxPrice)) {
    throw new DomainError('invalid', 'INVALID_AMOUNT', "maxPrice must be a price per hour in the venue's currency", 'maxPrice');
  }
  const rows = await facilities.listFacilities(ctx.db, {
    q: filter.q?.trim() || undefined,
    sports: filter.sport === undefined ? undefined : [parseSport(filter.sport)],
  });
  if (filter.maxPrice === undefined) return rows.map(toFacilityDto);
  // What the cards say: "from $X / hour", the lowest price any current rule gives.
  const maxCents = Math.floor(filter.maxPrice * 100 + 1e-6);
  const now = ctx.clock();
  return rows.filter((f) => fromPricePerHourCents(toPricing(f), now) <= maxCents).map(toFacilityDto);
}

/**
 * The public list as the caller renders it (the serialized response), kept in memory until
 * any facility changes: every visitor's first page asks for the same list.
 */
export async function renderedPublicList(
  ctx: ServiceContext,
  filter: PublicListFilter,
  render: (list: FacilityDto[]) => Buffer,
): Promise<Buffer> {
  const cache = cachesOf(ctx).facilityLists;
  const key = `${filter.q?.trim() ?? ''}|${filter.maxPrice ?? ''}|${filter.sport ?? ''}`;
  const now = ctx.clock().getTime();
  return cache.getOrCompute(ALL_FACILITIES, key, now, async () => ({ value: render(await listPublic(ctx, filter)), validUntil: safetyNetUntil(now) }));
}

export async function getFacility(ctx: ServiceContext, id: string, opts: { includeDeleted?: boolean } = {}): Promise<FacilityDto> {
  const row = await facilities.findRatedFacility(ctx.db, id, opts);
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
  const parentId = input.parentId ?? null;
  const row = await ctx.db.transaction().execute(async (trx) => {
    if (parentId !== null) await checkNewLink(trx, parentId);
    return facilities.insertFacility(trx, {
      name: input.name.trim(),
      location: input.location.trim(),
      price_per_hour_cents: dollarsToCents(input.pricePerHour, 'pricePerHour'),
      description: input.description.trim(),
      image_url: input.imageUrl.trim(),
      timezone: schedule.timezone,
      opening_hours: JSON.stringify(schedule.openingHours),
      slot_minutes: schedule.slotMinutes,
      ...pricingChanges(ctx, input, schedule),
      ...sportAndPlayers(input),
      parent_id: parentId,
      updated_at: ctx.clock(),
    });
  });
  facilityChanged(ctx, row.id);
  return toFacilityDto(row);
}

/** A new facility's sport (default other) and how many play on one booking (default: the sport's usual number). */
function sportAndPlayers(input: Pick<FacilityInput, 'sport' | 'maxPlayers'>) {
  const sport = input.sport === undefined ? DEFAULT_SPORT : parseSport(input.sport);
  return { sport, max_players: input.maxPlayers === undefined ? defaultMaxPlayers(sport) : parseMaxPlayers(input.maxPlayers) };
}

/**
 * A facility change just committed: this process's caches forget it at once, so the caller's
 * next read is fresh without waiting for the database's notice (which comes too, for every process).
 */
const facilityChanged = (ctx: ServiceContext, id: string) => cachesOf(ctx).feed?.touched('facility', id);

/** Where a facility's live bookings come up: refusing a delete, or a time-zone change. */
type BookingsPath = 'bookings' | 'timezone';
const LISTED = 10;

/**
 * Refuses a change that would touch live bookings, listing them the way staff read them (date
 * and times on the facility's clock, customer), the first ten and how many more.
 */
function facilityHasBookings(live: LiveBookingRow[], timezone: string, path: BookingsPath, remedy: string, closed: FacilityClosedRange[] = []): DomainError {
  const lines = live.slice(0, LISTED).map((b) => `${bookingText(b, timezone)} (${b.status === 'confirmed' ? 'paid' : 'held, unpaid'})`);
  if (live.length > LISTED) lines.push(`and ${live.length - LISTED} more`);
  lines.push(...closed.slice(0, LISTED).map((c) => closureText(c, timezone)));
  if (closed.length > LISTED) lines.push(`and ${closed.length - LISTED} more closures`);
  const counts = [countOf(live.length, 'upcoming booking'), countOf(closed.length, 'upcoming closure')].filter((c) => !c.startsWith('0 '));
  return new DomainError('conflict', 'FACILITY_HAS_BOOKINGS', `This facility has ${counts.join(' and ')}:\n${lines.join('\n')}\n${remedy}`, path);
}

const countOf = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/** A booking as staff read it: its date and times on the facility's clock, and its customer. */
function bookingText(b: Pick<LiveBookingRow, 'starts_at' | 'ends_at' | 'user_name'>, timezone: string): string {
  const t = localTimes(b.starts_at, b.ends_at, timezone);
  return `${t.date} ${t.startTime}-${t.endTime} ${b.user_name}`;
}

/** A closed range as staff read it: "closed 2027-03-03 10:00-12:00 (maintenance: Resurfacing)". */
function closureText(c: Pick<FacilityClosedRange, 'starts_at' | 'ends_at' | 'kind' | 'reason'>, timezone: string): string {
  const start = toLocal(c.starts_at, timezone);
  const end = toLocal(c.ends_at, timezone);
  return `closed ${start.date} ${start.time}-${end.date === start.date ? '' : `${end.date} `}${end.time} (${c.kind}: ${c.reason})`;
}

/**
 * Locks what a change to a facility must hold until it commits, in the order new bookings take
 * them (the schedule lock, then the row; see insertHoldIfFacilityUnchanged): no booking can be
 * made or moved on it meanwhile, and a booking checked against the old row is refused after.
 */
async function lockForChange(trx: Executor, id: string): Promise<FacilityRow> {
  await lockFacilitySchedule(trx, id);
  const row = await facilities.lockFacility(trx, id);
  if (!row) throw facilityNotFound();
  return row;
}

/**
 * A time-zone change corrects a setup error: customers booked "10:00 at the court", so every
 * booking that is not over keeps its wall-clock times at the venue and gets the instants they
 * mean in the new zone (prices paid stay as they are); so does every closure not over, so the
 * hours staff closed stay closed. Staff confirm first when live bookings or closures are
 * affected; a booking whose time does not exist in the new zone, or an overlap the move creates
 * (the exclusion constraint, 23P01; a closure over a booking, CSH03), refuses the whole change.
 * Bookings already over keep their instants: they are a record of what happened and what was charged.
 */
async function keepWallClock(trx: Executor, facility: FacilityRow, timezone: string, confirmed: boolean, now: Date): Promise<void> {
  const live = await facilities.lockLiveBookingsFrom(trx, facility.id, now);
  const closed = await closures.lockRangesEndingAfter(trx, facility.id, now);
  if ((live.length > 0 || closed.length > 0) && !confirmed) {
    throw facilityHasBookings(live, facility.timezone, 'timezone', `To change the time zone anyway, confirm (confirmTimezoneChange: true): they keep their local times, now in ${timezone}.`, closed);
  }
  // The closures leave the schedule while the bookings move (the triggers check each row as it lands), and come back after.
  await closures.removeFacilityRanges(trx, facility.id, closed.map((c) => c.closure_id));
  await moveBookings(trx, facility, timezone, live, now);
  await placeClosures(trx, facility, timezone, closed, now);
}

/** Moves every booking that is not over to the same local times on the new clock (keepWallClock). */
async function moveBookings(trx: Executor, facility: FacilityRow, timezone: string, live: LiveBookingRow[], now: Date): Promise<void> {
  const liveById = new Map(live.map((b) => [b.id, b]));
  const moves: { id: string; startsAt: Date; endsAt: Date }[] = [];
  for (const b of await facilities.lockBookingsEndingAfter(trx, facility.id, now)) {
    const moved = sameWallClock({ startsAt: b.starts_at, endsAt: b.ends_at }, facility.timezone, timezone);
    if (moved) moves.push({ id: b.id, ...moved });
    else if (liveById.has(b.id)) {
      const t = localTimes(b.starts_at, b.ends_at, facility.timezone);
      throw new DomainError(
        'conflict',
        'TIME_NOT_IN_ZONE',
        `The booking on ${t.date} ${t.startTime}-${t.endTime} (${liveById.get(b.id)!.user_name}) falls in a time ${timezone} skips that day (clocks change). Move or cancel it first; nothing was changed.`,
        'timezone',
      );
    }
    // A cancelled or expired booking whose time does not exist there keeps its instants.
  }
  await bookings.moveBookingsTo(trx, moves, now);
}

/**
 * Puts a facility's closures back at their local times on the new clock (closureOnNewClock: from
 * now on; one already over there is left off). A closure that would then cover a live booking
 * refuses the whole change, naming both; the closure trigger (CSH03) stays the guarantee.
 */
async function placeClosures(trx: Executor, facility: FacilityRow, timezone: string, closed: FacilityClosedRange[], now: Date): Promise<void> {
  for (const c of closed) {
    const range = closureOnNewClock({ startsAt: c.starts_at, endsAt: c.ends_at }, facility.timezone, timezone, now);
    if (!range) continue;
    await bookings.expireLapsedOverlapping(trx, facility.id, range, now);
    const [inTheWay] = await facilities.lockLiveBookingsOverlapping(trx, facility.id, range, now);
    if (inTheWay) {
      throw new DomainError(
        'conflict',
        'TIMEZONE_CHANGE_OVERLAP',
        `Keeping its local times in ${timezone}, the closure ${closureText({ ...c, starts_at: range.startsAt, ends_at: range.endsAt }, timezone)} would cover the booking ${bookingText(inTheWay, timezone)}; nothing was changed. Move or cancel the booking, or change the closure, first.`,
        'timezone',
      );
    }
    await closures.insertClosureRange(trx, c.closure_id, { facilityId: facility.id, ...range });
  }
}

const overlapAfterRezone = (timezone: string) =>
  new DomainError('conflict', 'TIMEZONE_CHANGE_OVERLAP', `Keeping their local times in ${timezone} would make bookings overlap (or a closure cover one); nothing was changed. Move or cancel one of them first.`, 'timezone');

/**
 * Applies only the fields given; the schedule is checked as a whole after merging. Runs under
 * the facility's locks: a time-zone change keeps bookings' wall-clock times (keepWallClock),
 * and deleting through isDeleted is refused while live bookings remain (deleteFacility cancels them).
 */
export async function updateFacility(
  ctx: ServiceContext,
  actor: CurrentUser,
  id: string,
  input: Partial<FacilityInput> & { isDeleted?: boolean; confirmTimezoneChange?: boolean },
): Promise<FacilityDto> {
  const now = ctx.clock();
  let timezone: string | undefined;
  let offered = 0;
  let offeredAtParent = 0;
  let parentBefore: string | null = null;
  try {
    const row = await retryTransaction(() => ctx.db.transaction().execute(async (trx) => {
      // A link holds two grounds' locks: both taken in ground order first, so two links made the
      // opposite ways at once queue rather than deadlock (and take a new part's insert down with them).
      if (input.parentId) await lockFacilitySchedules(trx, [id, input.parentId]);
      const locked = await lockForChange(trx, id);
      parentBefore = locked.parent_id;
      if (input.isDeleted !== undefined && input.isDeleted !== locked.is_deleted && !hasRole(actor.role, roleFor('facilities', 'delete'))) {
        throw forbidden(roleFor('facilities', 'delete'), 'Deleting or restoring a facility');
      }
      const schedule = validateSchedule({
        timezone: input.timezone ?? locked.timezone,
        openingHours: input.openingHours ?? openingHoursOf(locked),
        slotMinutes: input.slotMinutes ?? locked.slot_minutes,
        maxBookingMinutes: input.maxBookingMinutes ?? locked.max_booking_minutes,
      });
      const changes: FacilityUpdate = {
        timezone: schedule.timezone,
        opening_hours: JSON.stringify(schedule.openingHours),
        slot_minutes: schedule.slotMinutes,
        ...pricingChanges(ctx, input, schedule, locked.policy as FacilityPolicy | null),
      };
      if (input.name !== undefined) changes.name = input.name.trim();
      if (input.location !== undefined) changes.location = input.location.trim();
      if (input.description !== undefined) changes.description = input.description.trim();
      if (input.imageUrl !== undefined && input.imageUrl.trim() !== '') changes.image_url = input.imageUrl.trim();
      if (input.pricePerHour !== undefined) changes.price_per_hour_cents = dollarsToCents(input.pricePerHour, 'pricePerHour');
      if (input.sport !== undefined) changes.sport = parseSport(input.sport);
      // A sport changed alone keeps the number staff set; players already on bookings keep their places.
      if (input.maxPlayers !== undefined) changes.max_players = parseMaxPlayers(input.maxPlayers);
      if (input.isDeleted !== undefined) changes.is_deleted = input.isDeleted;
      if (input.parentId !== undefined) {
        await checkRelink(trx, locked, input.parentId, now);
        changes.parent_id = input.parentId;
      }
      if (input.isDeleted === true && !locked.is_deleted) {
        await checkDelete(trx, locked, now);
        const live = await facilities.lockLiveBookingsFrom(trx, id, now);
        if (live.length > 0) throw facilityHasBookings(live, locked.timezone, 'bookings', 'Delete it with cancelBookings=true to cancel and refund them.');
        changes.parent_id = null;
      }
      if (schedule.timezone !== locked.timezone) {
        timezone = schedule.timezone;
        await keepWallClock(trx, locked, schedule.timezone, input.confirmTimezoneChange === true, now);
      }
      await auditFacilityChange(ctx, trx, actor, locked, changes, now);
      const updated = await facilities.updateFacility(trx, id, changes, now);
      // Its hours, grid, notice or sport may have changed what the waitlist waits for there, and freed time.
      if (updated) offered = updated.is_deleted ? (await dropFromWaitlist(trx, id, now), 0) : (await replanWaitlistAt(ctx, trx, updated, now)).length;
      if (updated) offeredAtParent = (await offerAtParentLeft(ctx, trx, parentBefore, updated.parent_id, now)).length;
      return updated;
    }));
    if (!row) throw facilityNotFound();
    facilityChanged(ctx, id);
    // A part linked or unlinked changes its old and new parent's free time (the database says so to other processes).
    if (row.parent_id !== parentBefore) for (const parent of [parentBefore, row.parent_id]) if (parent) cachesOf(ctx).feed?.touched('bookings', parent);
    if (offered > 0) await announceNewBookings(ctx, id);
    if (offeredAtParent > 0 && parentBefore) await announceNewBookings(ctx, parentBefore);
    return toFacilityDto(row);
  } catch (err) {
    // The database's word on overlaps the checks above did not foresee: bookings (23P01) or a closure over a booking (CSH03).
    if (timezone && ['23P01', 'CSH03'].includes((err as { code?: string }).code ?? '')) throw overlapAfterRezone(timezone);
    throw err;
  }
}

/** JSON with every object's keys in order: a stored jsonb value (PostgreSQL reorders keys) compared with a new one. */
const canonical = (value: unknown): string =>
  JSON.stringify(value ?? null, (_key, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v));

/** The audit log's entries for what an update really changes of a facility's prices, policy and existence. */
async function auditFacilityChange(ctx: ServiceContext, trx: Executor, actor: CurrentUser, before: FacilityRow, changes: FacilityUpdate, now: Date): Promise<void> {
  const subject = { subjectType: 'facility', subjectId: before.id };
  const price = (cents: number) => formatCents(cents, ctx.config.money);
  const newRate = changes.price_per_hour_cents;
  if (typeof newRate === 'number' && newRate !== before.price_per_hour_cents) {
    await recordAudit(trx, actor, now, { action: 'price-change', ...subject, summary: `${before.name}: price per hour ${price(before.price_per_hour_cents)} → ${price(newRate)}`, detail: { from: before.price_per_hour_cents, to: newRate } });
  }
  if (typeof changes.price_rules === 'string' && canonical(JSON.parse(changes.price_rules)) !== canonical(before.price_rules ?? [])) {
    await recordAudit(trx, actor, now, { action: 'price-change', ...subject, summary: `${before.name}: price rules changed`, detail: { from: before.price_rules, to: JSON.parse(changes.price_rules) } });
  }
  if (typeof changes.policy === 'string' && canonical(JSON.parse(changes.policy)) !== canonical(before.policy ?? {})) {
    await recordAudit(trx, actor, now, { action: 'policy-change', ...subject, summary: `${before.name}: booking policy changed`, detail: { from: before.policy, to: JSON.parse(changes.policy) } });
  }
  if (changes.is_deleted === true && !before.is_deleted) {
    await recordAudit(trx, actor, now, { action: 'delete', ...subject, summary: `Deleted facility ${before.name}` });
  }
}

/**
 * Soft delete: the facility leaves the public site; its bookings stay in history. While it has
 * live bookings this is refused with their list, unless staff confirm (`cancelBookings`): then,
 * in the same transaction, each is cancelled by the venue (holds released, paid ones refunded in
 * full, open checkouts closed after commit), exactly as one cancellation is.
 */
export async function deleteFacility(
  ctx: ServiceContext,
  actor: CurrentUser,
  id: string,
  opts: { cancelBookings?: boolean } = {},
): Promise<{ facility: FacilityDto; cancelled: number }> {
  const now = ctx.clock();
  const result = await changeBooking(ctx, async (trx) => {
    const locked = await lockForChange(trx, id);
    await checkDelete(trx, locked, now);
    const live = await facilities.lockLiveBookingsFrom(trx, id, now);
    if (live.length > 0 && !opts.cancelBookings) {
      throw facilityHasBookings(live, locked.timezone, 'bookings', 'To delete it anyway, confirm (cancelBookings=true): they are cancelled by the venue and paid ones refunded in full.');
    }
    const after: Required<AfterCommit> = { staleCheckouts: [], refundIds: [] };
    for (const booking of live) {
      const done = await cancelLockedBooking(ctx, trx, actor, booking, now, 'the facility was withdrawn');
      after.staleCheckouts.push(...done.staleCheckouts);
      after.refundIds.push(...done.refundIds);
    }
    const row = await facilities.updateFacility(trx, id, { is_deleted: true }, now);
    await dropFromWaitlist(trx, id, now);
    if (!locked.is_deleted) await auditFacilityChange(ctx, trx, actor, locked, { is_deleted: true }, now);
    const offeredAt = (await offerAtParentLeft(ctx, trx, locked.parent_id, null, now)).length > 0 ? [locked.parent_id!] : [];
    return { ...after, row: row!, cancelled: live.length, offeredAt };
  });
  facilityChanged(ctx, id);
  return { facility: toFacilityDto(result.row), cancelled: result.cancelled };
}

/**
 * A part that left its parent (unlinked or deleted) no longer takes the parent's time: what it
 * held there goes to the parent's waitlist in the same transaction, as any freed time does.
 */
function offerAtParentLeft(ctx: ServiceContext, trx: Executor, parentBefore: string | null, parentAfter: string | null, now: Date): Promise<string[]> {
  return parentBefore !== null && parentBefore !== parentAfter ? offerFreedTime(ctx, trx, parentBefore, now) : Promise.resolve([]);
}

export const deletedMessage = (cancelled: number) =>
  cancelled === 0
    ? 'Facility deleted successfully'
    : `Facility deleted successfully; ${cancelled} booking${cancelled === 1 ? ' was' : 's were'} cancelled by the venue (paid ones refunded in full).`;
