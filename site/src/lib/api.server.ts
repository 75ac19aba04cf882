import type { FacilityDto, PublicClosureDto, PublicSettings } from '@courtside/contracts';

/** What a server-side page knows of its request (`Astro` itself fits): its address and its locals. */
export interface PageRequest {
  url: URL;
  locals: App.Locals;
}

/**
 * Server-side calls from on-demand pages to our own API, over HTTP like any other client: over
 * loopback when the API server said where it listens, else through the page's own origin.
 */
export function apiOrigin(page: PageRequest): string {
  return page.locals.apiOrigin ?? page.url.origin;
}

async function get<T>(page: PageRequest, path: string): Promise<T | null> {
  const res = await fetch(new URL(path, apiOrigin(page)), { headers: { accept: 'application/json' } });
  if (res.status === 404 || res.status === 400) return null;
  if (!res.ok) throw new Error(`API ${path} answered ${res.status}`);
  return ((await res.json()) as { data: T }).data;
}

export function fetchFacilities(page: PageRequest, filter: { q?: string; maxPrice?: string } = {}): Promise<FacilityDto[] | null> {
  const params = new URLSearchParams();
  if (filter.q) params.set('q', filter.q);
  if (filter.maxPrice) params.set('maxPrice', filter.maxPrice);
  const query = params.toString();
  return get<FacilityDto[]>(page, `/api/facility${query ? `?${query}` : ''}`);
}

export function fetchFacility(page: PageRequest, id: string): Promise<FacilityDto | null> {
  return get<FacilityDto>(page, `/api/facility/${encodeURIComponent(id)}`);
}

/** The facility's closures not over yet, soonest first, on its own clock. */
export function fetchClosures(page: PageRequest, id: string): Promise<PublicClosureDto[] | null> {
  return get<PublicClosureDto[]>(page, `/api/facility/${encodeURIComponent(id)}/closures`);
}

/** The venue's policy as the server is configured (booking horizon, cancellation window, hold). */
export function fetchSettings(page: PageRequest): Promise<PublicSettings | null> {
  return get<PublicSettings>(page, '/api/settings');
}
