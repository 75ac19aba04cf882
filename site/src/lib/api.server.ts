import type { FacilityDto, PublicSettings } from '@courtside/domain';

/**
 * Server-side calls from on-demand pages to our own API, over HTTP like any other client.
 * The API server sets COURTSIDE_API_ORIGIN to its loopback address when it starts.
 */
function origin(requestUrl: URL): string {
  return process.env.COURTSIDE_API_ORIGIN ?? requestUrl.origin;
}

async function get<T>(requestUrl: URL, path: string): Promise<T | null> {
  const res = await fetch(new URL(path, origin(requestUrl)), { headers: { accept: 'application/json' } });
  if (res.status === 404 || res.status === 400) return null;
  if (!res.ok) throw new Error(`API ${path} answered ${res.status}`);
  return ((await res.json()) as { data: T }).data;
}

export function fetchFacilities(requestUrl: URL, filter: { q?: string; maxPrice?: string } = {}): Promise<FacilityDto[] | null> {
  const params = new URLSearchParams();
  if (filter.q) params.set('q', filter.q);
  if (filter.maxPrice) params.set('maxPrice', filter.maxPrice);
  const query = params.toString();
  return get<FacilityDto[]>(requestUrl, `/api/facility${query ? `?${query}` : ''}`);
}

export function fetchFacility(requestUrl: URL, id: string): Promise<FacilityDto | null> {
  return get<FacilityDto>(requestUrl, `/api/facility/${encodeURIComponent(id)}`);
}

/** The venue's policy as the server is configured (booking horizon, cancellation window, hold). */
export function fetchSettings(requestUrl: URL): Promise<PublicSettings | null> {
  return get<PublicSettings>(requestUrl, '/api/settings');
}
