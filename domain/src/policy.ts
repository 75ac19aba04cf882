import { DAY_MS, MINUTE_MS } from './clock.ts';
import { DomainError, invalid } from './errors.ts';
import { fieldPath, isPlainObject, wholeNumberIn } from './fields.ts';

/**
 * A facility's booking policy: how far ahead and how late it may be booked, how long a booking
 * may last, until when it may be cancelled with a refund, the changeover taken from the end of
 * each booking's play (changeover.ts), and how many upcoming bookings one customer may have there. Each field a facility
 * leaves out is the global default (the settings BOOKING_HORIZON_DAYS, CANCELLATION_HOURS; no
 * minimum notice, length limit, buffer or quota here). The venue-wide quota, MAX_ACTIVE_BOOKINGS,
 * counts a customer's bookings at every facility and holds besides each facility's own.
 */

/** The policy as a facility's `policy` sends, takes and stores it: a missing (or null) field is the global default. */
export interface FacilityPolicy {
  horizonDays?: number;
  minNoticeMinutes?: number;
  cancellationHours?: number;
  minMinutes?: number;
  maxMinutes?: number;
  bufferMinutes?: number;
  maxActivePerCustomer?: number;
  /** 'on': staff or a door device check each booking in, and one nobody checked in becomes a no-show (no-shows.ts). */
  checkIn?: CheckInPolicy;
}

/** Whether a facility checks its bookings in: the choices, off by default. */
export const CHECK_IN_CHOICES = ['off', 'on'] as const;
export type CheckInPolicy = (typeof CHECK_IN_CHOICES)[number];

/** The policy fields that are whole numbers (checkIn is a choice). */
export type NumericPolicyField = Exclude<keyof FacilityPolicy, 'checkIn'>;

/** The policy in force at a facility: every field decided. */
export interface EffectivePolicy {
  horizonDays: number;
  minNoticeMinutes: number;
  cancellationHours: number;
  /** 0: no minimum beyond one slot. */
  minMinutes: number;
  /** Besides the facility's maxBookingMinutes (the stricter holds). */
  maxMinutes: number;
  bufferMinutes: number;
  /** Null: no limit. */
  maxActivePerCustomer: number | null;
  checkIn: CheckInPolicy;
}

/** Each field's range (inclusive), as validatePolicy enforces it. */
export const POLICY_RANGES = {
  horizonDays: [1, 730],
  minNoticeMinutes: [0, 30 * 24 * 60],
  cancellationHours: [0, 30 * 24],
  minMinutes: [0, 24 * 60],
  maxMinutes: [1, 24 * 60],
  bufferMinutes: [0, 4 * 60],
  maxActivePerCustomer: [1, 1000],
} as const satisfies Record<NumericPolicyField, readonly [number, number]>;

/** Each choice field's values, as validatePolicy enforces them. */
export const POLICY_CHOICES = { checkIn: CHECK_IN_CHOICES } as const satisfies Record<Exclude<keyof FacilityPolicy, NumericPolicyField>, readonly string[]>;

const POLICY_FIELDS = [...Object.keys(POLICY_RANGES), ...Object.keys(POLICY_CHOICES)] as (keyof FacilityPolicy)[];

/** The global settings a facility policy falls back on. */
export interface GlobalPolicySettings {
  bookingHorizonDays: number;
  cancellationHours: number;
}

/** The policy of a facility that sets nothing. */
export function globalPolicy(settings: GlobalPolicySettings): EffectivePolicy {
  return {
    horizonDays: settings.bookingHorizonDays,
    minNoticeMinutes: 0,
    cancellationHours: settings.cancellationHours,
    minMinutes: 0,
    maxMinutes: 24 * 60,
    bufferMinutes: 0,
    maxActivePerCustomer: null,
    checkIn: 'off',
  };
}

/** The policy in force: each field the facility sets, else the default's. */
export function effectivePolicy(policy: FacilityPolicy | null | undefined, defaults: EffectivePolicy): EffectivePolicy {
  const out = { ...defaults };
  for (const field of POLICY_FIELDS) {
    const value = policy?.[field];
    if (value != null) (out as Record<string, unknown>)[field] = value;
  }
  return out;
}

/**
 * Checks a facility's policy as staff write it and gives it as stored (null fields dropped: they
 * mean the default). Each field in its POLICY_RANGES; maxMinutes not under minMinutes, compared
 * with the defaults filled in when `defaults` is given. Refusals name the field: `policy.bufferMinutes`.
 */
export function validatePolicy(input: FacilityPolicy, defaults?: EffectivePolicy, path = 'policy'): FacilityPolicy {
  if (!isPlainObject(input)) throw invalid('INVALID_POLICY', `${path} must be an object`, path);
  const out: FacilityPolicy = {};
  for (const [field, value] of Object.entries(input)) {
    const at = fieldPath(path, field);
    if (!POLICY_FIELDS.includes(field as keyof FacilityPolicy)) throw invalid('INVALID_POLICY', `${at} is not a policy setting (${POLICY_FIELDS.join(', ')})`, at);
    if (value == null) continue;
    if (field === 'checkIn') {
      if (!(CHECK_IN_CHOICES as readonly unknown[]).includes(value)) throw invalid('INVALID_POLICY', `${at} must be one of ${CHECK_IN_CHOICES.join(', ')}`, at);
      out.checkIn = value as CheckInPolicy;
      continue;
    }
    const [min, max] = POLICY_RANGES[field as NumericPolicyField];
    out[field as NumericPolicyField] = wholeNumberIn(value, min, max, 'INVALID_POLICY', at);
  }
  const { minMinutes, maxMinutes } = defaults ? effectivePolicy(out, defaults) : out;
  if (minMinutes !== undefined && maxMinutes !== undefined && maxMinutes < minMinutes) {
    const at = fieldPath(path, out.maxMinutes !== undefined ? 'maxMinutes' : 'minMinutes');
    throw invalid('INVALID_POLICY', `${fieldPath(path, 'maxMinutes')} (${maxMinutes}) must not be under ${fieldPath(path, 'minMinutes')} (${minMinutes})`, at);
  }
  return out;
}

/**
 * A facility has one longest booking: its maxBookingMinutes. policy.maxMinutes said the same thing
 * a second time (the stricter held); clients may still send it, and it is folded in here: the
 * stricter of the two, in whole slots (a booking is whole slots, so that allows the same lengths),
 * and not stored.
 */
export function foldMaxMinutes(policy: FacilityPolicy, schedule: { maxBookingMinutes: number; slotMinutes: number }): { policy: FacilityPolicy; maxBookingMinutes: number } {
  const { maxMinutes, ...rest } = policy;
  if (maxMinutes == null) return { policy: rest, maxBookingMinutes: schedule.maxBookingMinutes };
  const folded = Math.min(schedule.maxBookingMinutes, Math.floor(maxMinutes / schedule.slotMinutes) * schedule.slotMinutes);
  if (folded < schedule.slotMinutes) {
    throw invalid('INVALID_POLICY', `policy.maxMinutes (${maxMinutes}) must be at least one slot (${schedule.slotMinutes} minutes)`, 'policy.maxMinutes');
  }
  return { policy: rest, maxBookingMinutes: folded };
}

/** "1 minute", "90 minutes", "2 hours", "3 days": how refusals say a duration. */
export function durationText(minutes: number): string {
  const [n, unit] = minutes % (24 * 60) === 0 && minutes > 0 ? [minutes / (24 * 60), 'day'] : minutes % 60 === 0 && minutes > 0 ? [minutes / 60, 'hour'] : [minutes, 'minute'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** "Bookings for Centre Court" with a facility's name, else "Bookings". */
const bookingsAt = (facilityName: string | undefined) => (facilityName ? `Bookings for ${facilityName}` : 'Bookings');

/** BEYOND_HORIZON when a booking starts more than `horizonDays` days after now. */
export function checkHorizon(startsAt: Date, now: Date, horizonDays: number, facilityName?: string): void {
  if (startsAt.getTime() <= now.getTime() + horizonDays * DAY_MS) return;
  const message = facilityName ? `${bookingsAt(facilityName)} open ${horizonDays} days ahead.` : `Bookings open at most ${horizonDays} days ahead.`;
  throw invalid('BEYOND_HORIZON', message, 'date');
}

/** TOO_SOON when a booking starts less than `minNoticeMinutes` after now. */
export function checkNotice(startsAt: Date, now: Date, minNoticeMinutes: number, facilityName?: string): void {
  if (startsAt.getTime() >= now.getTime() + minNoticeMinutes * MINUTE_MS) return;
  throw invalid('TOO_SOON', `${bookingsAt(facilityName)} must be made at least ${durationText(minNoticeMinutes)} before they start.`, 'startTime');
}

/**
 * TOO_SHORT or TOO_LONG for a booking of `minutes` (on the wall clock, as it is asked for) under
 * `minMinutes` or over `maxMinutes`.
 */
export function checkLength(minutes: number, limits: { minMinutes: number; maxMinutes: number }, facilityName?: string): void {
  const at = facilityName ? ` at ${facilityName}` : '';
  if (minutes < limits.minMinutes) throw invalid('TOO_SHORT', `A booking${at} must last at least ${limits.minMinutes} minutes.`, 'endTime');
  if (minutes > limits.maxMinutes) throw invalid('TOO_LONG', `A booking${at} can last at most ${limits.maxMinutes} minutes.`, 'endTime');
}

/** Where a quota counts: one facility (by name) or the whole venue. */
export type QuotaScope = { facilityName: string } | 'venue';

/**
 * The refusal of a booking over a quota: "You already have 2 upcoming bookings at this venue (the limit)."
 * The counting is the caller's, inside the booking transaction under the customer's lock; this only words it.
 */
export function quotaRefusal(active: number, limit: number, scope: QuotaScope): DomainError {
  const where = scope === 'venue' ? 'this venue' : scope.facilityName;
  const bookings = `${active} upcoming booking${active === 1 ? '' : 's'}`;
  const theLimit = active === limit ? 'the limit' : `the limit is ${limit}`;
  return new DomainError('conflict', 'QUOTA_REACHED', `You already have ${bookings} at ${where} (${theLimit}).`);
}
