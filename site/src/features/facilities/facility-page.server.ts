import type { AstroGlobal } from 'astro';
import type { FacilityDto, PublicClosureDto } from '@courtside/contracts';
import { fetchClosures, fetchFacility } from '../../lib/api.server.ts';

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
