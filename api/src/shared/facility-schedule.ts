import {
  DomainError,
  bookingPolicyOf,
  effectivePolicy,
  facilityPriceCents,
  globalPolicy,
  tierPriceFor,
  type AssignedTier,
  type BookingPolicy,
  type EffectivePolicy,
  type FacilityPolicy,
  type FacilityPricing,
  type GlobalPolicySettings,
  type Interval,
  type OpeningHours,
  type PriceRule,
  type Schedule,
} from '@courtside/domain';
import type { FacilityRow } from '@courtside/migrations';

/** The one refusal for a facility that does not exist (or is hidden from the caller). */
export const facilityNotFound = () => new DomainError('not_found', 'FACILITY_NOT_FOUND', 'Facility not found.', 'facility');

/** A facility's opening hours: a JSON column, which some drivers hand back as text. */
export function openingHoursOf(f: FacilityRow): OpeningHours {
  return (typeof f.opening_hours === 'string' ? JSON.parse(f.opening_hours) : f.opening_hours) as OpeningHours;
}

/** What of a facility row decides which slots exist: the domain's booking rules read this. */
export function toSchedule(f: FacilityRow): Schedule {
  return { timezone: f.timezone, openingHours: openingHoursOf(f), slotMinutes: f.slot_minutes, maxBookingMinutes: f.max_booking_minutes };
}

/** A JSON column, which some drivers hand back as text. */
function jsonOf<T>(value: unknown, fallback: T): T {
  if (value == null) return fallback;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** A facility's price rules as stored (cents); [] prices every minute at price_per_hour_cents. */
export function priceRulesOf(f: Pick<FacilityRow, 'price_rules'>): PriceRule[] {
  return jsonOf<PriceRule[]>(f.price_rules, []);
}

/** A facility's own booking policy (a missing field is the global default). */
export function policyOf(f: Pick<FacilityRow, 'policy'>): FacilityPolicy {
  return jsonOf<FacilityPolicy>(f.policy, {});
}

/** What of a facility row decides its public prices (facilityPriceCents reads this). */
export function toPricing(f: FacilityRow): FacilityPricing {
  return { pricePerHourCents: f.price_per_hour_cents, priceRules: priceRulesOf(f), timezone: f.timezone };
}

/** Whose price: the customer's tier (null or undefined: none) as it stands at `now`. */
export interface PricedFor {
  tier: AssignedTier | null | undefined;
  now: Date;
}

/**
 * The server's price (cents) of `interval` at facility `f` for a customer: their tier's price if
 * it is in force now and prices this facility, else the public price. The customer is a required
 * argument, so no caller forgets whose price it is.
 */
export function facilityPrice(f: FacilityRow, interval: Interval, customer: PricedFor): number {
  return facilityPriceCents(toPricing(f), interval, tierPriceFor(customer.tier, f.id, customer.now));
}

/** The policy in force at facility `f`: its own fields, else the venue's settings. */
export function facilityPolicy(f: Pick<FacilityRow, 'policy'>, config: GlobalPolicySettings): EffectivePolicy {
  return effectivePolicy(policyOf(f), globalPolicy(config));
}

/**
 * The BookingPolicy resolveBookingRequest applies at facility `f`: a customer's, or with `desk`
 * staff's (the desk's allowances, and a start earlier today only as a late entry they confirm).
 */
export function facilityBookingPolicy(f: FacilityRow, config: GlobalPolicySettings & { money: { locale: string } }, now: Date, desk?: { lateEntry?: boolean }): BookingPolicy {
  const named = { facilityName: f.name, locale: config.money.locale };
  const options = desk ? { ...named, frontDesk: true, lateEntry: desk.lateEntry === true } : named;
  return bookingPolicyOf(facilityPolicy(f, config), now, options);
}

