import type { AstroGlobal } from 'astro';
import type { FacilityDto } from '@courtside/contracts';
import { fetchFacility } from '../../lib/api.server.ts';

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
