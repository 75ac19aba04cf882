import { DomainError, type OpeningHours, type Schedule } from '@courtside/domain';
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
