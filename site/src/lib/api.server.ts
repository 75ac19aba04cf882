import type { AvailabilityDto, FacilityDto, FacilityReviewsDto, PublicClosureDto, PublicSettings, SlotDto } from '@courtside/contracts';

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

/** The API refused a call for the page's visitor: too many (its message says so, Retry-After says until when). */
export class VisitorRateLimited extends Error {
  readonly retryAfter: string | null;
  constructor(message: string, retryAfter: string | null) {
    super(message);
    this.name = 'VisitorRateLimited';
    this.retryAfter = retryAfter;
  }
}

async function get<T>(page: PageRequest, path: string): Promise<T | null> {
  // Over loopback, bytes cost less than gzip's work on both ends: asked for as they are; and the
  // server's headers say which visitor the call is for, so per-client limits count them, not it.
  const headers: Record<string, string> = page.locals.apiOrigin
    ? { accept: 'application/json', 'accept-encoding': 'identity', ...page.locals.apiHeaders }
    : { accept: 'application/json' };
  const res = await fetch(new URL(path, apiOrigin(page)), { headers });
  if (res.status === 404 || res.status === 400) return null;
  if (res.status === 429) {
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    throw new VisitorRateLimited(body.message ?? 'Too many requests. Please wait a minute and try again.', res.headers.get('retry-after'));
  }
  if (!res.ok) throw new Error(`API ${path} answered ${res.status}`);
  return ((await res.json()) as { data: T }).data;
}

export function fetchFacilities(page: PageRequest, filter: { q?: string; maxPrice?: string; sport?: string } = {}): Promise<FacilityDto[] | null> {
  const params = new URLSearchParams();
  if (filter.q) params.set('q', filter.q);
  if (filter.maxPrice) params.set('maxPrice', filter.maxPrice);
  if (filter.sport) params.set('sport', filter.sport);
  const query = params.toString();
  return get<FacilityDto[]>(page, `/api/facility${query ? `?${query}` : ''}`);
}

export function fetchFacility(page: PageRequest, id: string): Promise<FacilityDto | null> {
  return get<FacilityDto>(page, `/api/facility/${encodeURIComponent(id)}`);
}

/** A facility's free slots on one of its days, priced for anyone (GET /api/check-availability). */
export function fetchFreeSlots(page: PageRequest, id: string, date: string): Promise<SlotDto[] | null> {
  const params = new URLSearchParams({ date, facility: id });
  return get<SlotDto[]>(page, `/api/check-availability?${params.toString()}`);
}

/** Every facility's free slots on a day, as "Find a court" asks (`path`: GET /api/availability with its query). */
export function fetchAvailability(page: PageRequest, path: string): Promise<AvailabilityDto | null> {
  return get<AvailabilityDto>(page, path);
}

/** The facility's closures not over yet, soonest first, on its own clock. */
export function fetchClosures(page: PageRequest, id: string): Promise<PublicClosureDto[] | null> {
  return get<PublicClosureDto[]>(page, `/api/facility/${encodeURIComponent(id)}/closures`);
}

/** The facility's average rating and most recent visible reviews, without their authors. */
export function fetchReviews(page: PageRequest, id: string): Promise<FacilityReviewsDto | null> {
  return get<FacilityReviewsDto>(page, `/api/facility/${encodeURIComponent(id)}/reviews`);
}

/** The venue's policy as the server is configured (booking horizon, cancellation window, hold). */
export function fetchSettings(page: PageRequest): Promise<PublicSettings | null> {
  return get<PublicSettings>(page, '/api/settings');
}

/** Settings per API origin: configuration, fixed for the life of the server process. */
const settingsByOrigin = new Map<string, PublicSettings>();

/** The venue's settings, read once per API origin (null while the API cannot say). */
export async function venueSettings(page: PageRequest): Promise<PublicSettings | null> {
  const origin = apiOrigin(page);
  const known = settingsByOrigin.get(origin);
  if (known) return known;
  const settings = await fetchSettings(page).catch(() => null);
  if (settings) settingsByOrigin.set(origin, settings);
  return settings;
}

/** Whether the venue refunds card payments of customers' cancellations as credit (REFUND_TO_WALLET; no when the settings could not be read). */
export const refundsToWallet = (settings: PublicSettings | null): boolean => settings?.wallet.refundToWallet === true;
