import { escapeHtml } from '@courtside/domain';
import { slotChipsHtml } from '../slots/slot-chips.ts';
import { freeByFacility, type OutcomeView } from './waitlist.ts';

/**
 * What came of joining, as HTML text, one markup for the islands and Find's script: the words,
 * a link, and the free slots offered instead as the site's slot chips (links to the booking step).
 * Every word not ours is escaped.
 */
export function outcomeHtml(view: OutcomeView): string {
  const tone = { ok: 'alert-ok', warn: 'alert-warn', error: 'alert-error' }[view.tone];
  const link = view.link ? ` <a href="${escapeHtml(view.link.href)}">${escapeHtml(view.link.text)}</a>` : '';
  const free = (view.freeSlots ?? []).length > 0
    ? freeByFacility(view.freeSlots!).map((g) => `<p class="waitlist-free-at user-text">${escapeHtml(g.facility.name)}</p>${slotChipsHtml(g.facility, g.date, g.slots)}`).join('')
    : '';
  return `<div class="alert ${tone} waitlist-outcome"><p>${escapeHtml(view.text)}${link}</p>${free}</div>`;
}

