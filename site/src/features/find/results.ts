import type { AvailabilityDto, FacilityAvailabilityDto } from '@courtside/contracts';
import { SPORT_LABELS, cardPhotoUrl, escapeHtml, sportPlaceholder } from '@courtside/domain';
import { slotChipsHtml } from '../slots/slot-chips.ts';
import type { FindCalendar, FindQuery } from './find-query.ts';
import { emptyResults, resultsLine } from './find-text.ts';

/**
 * The results of "Find a court" as HTML text: the server renders it into the page and the
 * island renders it again after each change of filters, so both write the same markup.
 */

/** One facility of GET /api/availability's answer (what this page reads of it). */
export type FoundFacility = Pick<FacilityAvailabilityDto, '_id' | 'name' | 'location' | 'sport' | 'imageUrl' | 'slots'>;

/** GET /api/availability's `data` (what this page reads of it). */
export interface AvailabilityAnswer extends Pick<AvailabilityDto, 'date' | 'alternatives'> {
  facilities: FoundFacility[];
}

/** The line above the results, also what screen readers hear after a change: how many, or that none. */
export function statusLine(answer: AvailabilityAnswer, query: FindQuery, calendar: FindCalendar): string {
  const count = answer.facilities.length;
  return count > 0 ? `${resultsLine(count, query, calendar.today)}.` : emptyResults(query, answer.alternatives, calendar).headline;
}

function facilityHtml(facility: FoundFacility, date: string): string {
  const page = `/facilities/${encodeURIComponent(facility._id)}`;
  const sport = SPORT_LABELS[facility.sport] ?? '';
  return (
    '<li class="find-facility card">' +
    '<div class="find-facility-head">' +
    `<img src="${escapeHtml(cardPhotoUrl(facility.imageUrl))}" data-fallback="${escapeHtml(sportPlaceholder(facility.sport))}" alt="" width="64" height="64" loading="lazy" decoding="async" />` +
    '<div class="find-facility-title">' +
    `<h2><a class="user-text" href="${escapeHtml(page)}">${escapeHtml(facility.name)}</a></h2>` +
    `<p class="muted user-text">${escapeHtml([sport, facility.location].filter(Boolean).join(' · '))}</p>` +
    '</div></div>' +
    slotChipsHtml(facility, date, facility.slots) +
    '</li>'
  );
}

/** The facilities with their free slots, or what to try instead when there are none. */
export function resultsHtml(answer: AvailabilityAnswer, query: FindQuery, calendar: FindCalendar): string {
  if (answer.facilities.length > 0) {
    return `<ul class="find-list">${answer.facilities.map((f) => facilityHtml(f, answer.date)).join('')}</ul>`;
  }
  const { suggestions } = emptyResults(query, answer.alternatives, calendar);
  if (suggestions.length === 0) return '<div class="find-empty card"><p class="find-empty-title">Try another day.</p></div>';
  const links = suggestions.map((s) => `<li><a class="btn btn-secondary" data-find-link href="${escapeHtml(s.href)}">${escapeHtml(s.text)}</a></li>`).join('');
  return `<div class="find-empty card"><p class="find-empty-title">Try instead</p><ul class="find-suggestions">${links}</ul></div>`;
}

/** When the answer could not be had. */
export const FIND_FAILED = 'Could not load the free courts. Please try again.';
