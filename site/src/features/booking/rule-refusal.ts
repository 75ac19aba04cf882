import { DomainError, bookingPolicyOf, effectivePolicy, globalPolicy, resolveBookingRequest } from '@courtside/domain';
import type { FacilityDto, PublicSettings } from '@courtside/contracts';
import type { SlotChoice } from './choice.ts';
import type { LengthRules } from './booking.ts';

// Server-side only (the step's pages): the domain's policy rules stay out of the booking island.

/**
 * Why the facility's own rules refuse a choice (beyond its booking horizon, too soon, closed that
 * day, outside its hours, too long...), in the words the server would refuse it with: the same
 * domain rule, run on the facility's schedule and policy. Undefined when the rules allow it, so
 * only a booking or a closure can be in its way.
 */
export function ruleRefusal(facility: FacilityDto, settings: Pick<PublicSettings, 'bookingHorizonDays' | 'cancellationHours' | 'locale'>, choice: SlotChoice, now: Date): string | undefined {
  const schedule = { timezone: facility.timezone, openingHours: facility.openingHours, slotMinutes: facility.slotMinutes, maxBookingMinutes: facility.maxBookingMinutes };
  const policy = bookingPolicyOf(effectivePolicy(facility.policy, globalPolicy(settings)), now, { facilityName: facility.name, locale: settings.locale });
  try {
    resolveBookingRequest(schedule, { date: choice.date, startTime: choice.start, endTime: choice.end }, policy);
    return undefined;
  } catch (err) {
    if (err instanceof DomainError) return err.message;
    throw err;
  }
}

/**
 * The lengths the facility takes, as the server checks them: at least one slot and its policy's
 * shortest booking, at most the stricter of its longest booking and its policy's maximum.
 */
export function lengthRulesOf(facility: Pick<FacilityDto, 'slotMinutes' | 'maxBookingMinutes' | 'policy'>, settings: Pick<PublicSettings, 'bookingHorizonDays' | 'cancellationHours'>): LengthRules {
  const policy = effectivePolicy(facility.policy, globalPolicy(settings));
  return { minMinutes: Math.max(facility.slotMinutes, policy.minMinutes), maxMinutes: Math.min(facility.maxBookingMinutes, policy.maxMinutes) };
}
