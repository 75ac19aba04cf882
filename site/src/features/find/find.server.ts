import type { AstroGlobal } from 'astro';
import { todayIn } from '@courtside/domain';
import { VisitorRateLimited, fetchAvailability, venueSettings } from '../../lib/api.server.ts';
import { availabilityPath, findCalendar, parseFindQuery, type FindCalendar, type FindQuery } from './find-query.ts';
import { FIND_FAILED, type AvailabilityAnswer } from './results.ts';

export interface FindPage {
  calendar: FindCalendar;
  query: FindQuery;
  /** Null when the API could not answer (the response status says 502 then, or 429 for a visitor over the limit). */
  answer: AvailabilityAnswer | null;
  /** What to tell the visitor when there is no answer. */
  failure: string;
}

/** Today on the venue's calendar when the API cannot say which zone that is. */
const FALLBACK_ZONE = 'UTC';

/** What "Find a court" shows for this request's URL: one call to GET /api/availability. */
export async function findPage(astro: AstroGlobal): Promise<FindPage> {
  const settings = await venueSettings(astro);
  const calendar = findCalendar(todayIn(settings?.timezone ?? FALLBACK_ZONE), settings?.bookingHorizonDays ?? 0);
  const query = parseFindQuery(astro.url.searchParams, calendar);
  let failure = FIND_FAILED;
  const answer = settings
    ? await fetchAvailability(astro, availabilityPath(query)).catch((err: unknown) => {
        // Over the visitor's search limit: the page says so, with the API's status and wait.
        if (err instanceof VisitorRateLimited) {
          astro.response.status = 429;
          if (err.retryAfter) astro.response.headers.set('retry-after', err.retryAfter);
          failure = err.message;
        }
        return null;
      })
    : null;
  if (!answer && astro.response.status !== 429) astro.response.status = 502;
  return { calendar, query, answer, failure };
}
