import type { AstroGlobal } from 'astro';
import type { FacilityDto, FacilityReviewsDto, PublicClosureDto, SlotDto } from '@courtside/contracts';
import { todayIn } from '@courtside/domain';
import { fetchClosures, fetchFacility, fetchFreeSlots, fetchReviews } from '../../lib/api.server.ts';
import { DAYS_SHOWN, findCalendar, upcomingDays } from '../find/find-query.ts';
import { takenSlots, type GridSlot } from '../slots/taken-slots.ts';

/**
 * The facility a page is about, or null with the response status set: 404 for an unknown
 * or deleted facility, 502 when the API could not be reached.
 */
export async function facilityForPage(astro: AstroGlobal): Promise<FacilityDto | null> {
  try {
    const facility = await fetchFacility(astro, astro.params.id ?? '');
    if (!facility) {
      astro.response.status = 404;
      astro.response.statusText = 'Not Found';
    }
    return facility;
  } catch {
    astro.response.status = 502;
    return null;
  }
}

/**
 * The closures a page about the facility announces. A notice is not worth failing the page over
 * (the free slots leave closed time out regardless): unreadable closures are none.
 */
export async function closuresForPage(astro: AstroGlobal): Promise<PublicClosureDto[]> {
  return (await fetchClosures(astro, astro.params.id ?? '').catch(() => null)) ?? [];
}

/** Its reviews; like closures, not worth failing the page over: unreadable, the section is left out. */
export async function reviewsForPage(astro: AstroGlobal): Promise<FacilityReviewsDto | null> {
  return fetchReviews(astro, astro.params.id ?? '').catch(() => null);
}

/** A facility's free slots on the day its page asks for (`?date=`, one of the days its chips offer). */
export interface FreeSlotsView {
  today: string;
  days: string[];
  date: string;
  /** Null when they could not be read (the rest of the page still helps). */
  slots: SlotDto[] | null;
  /** The day's slots someone else holds (to join their waitlist); none when the free ones could not be read. */
  taken: GridSlot[];
}

/** The free slots a facility's page shows: today (on the facility's clock) unless a chip asked for one of the next days. */
export async function freeSlotsForPage(
  astro: AstroGlobal,
  facility: Pick<FacilityDto, '_id' | 'timezone' | 'openingHours' | 'slotMinutes' | 'maxBookingMinutes' | 'policy'>,
  closures: readonly PublicClosureDto[] = [],
): Promise<FreeSlotsView> {
  const today = todayIn(facility.timezone);
  const days = upcomingDays(findCalendar(today, DAYS_SHOWN - 1));
  const asked = astro.url.searchParams.get('date') ?? '';
  const date = days.includes(asked) ? asked : today;
  const slots = await fetchFreeSlots(astro, facility._id, date).catch(() => null);
  const taken = slots ? takenSlots(facility, date, slots, { closures, minNoticeMinutes: facility.policy.minNoticeMinutes ?? 0 }) : [];
  return { today, days, date, slots, taken };
}
