import { ApiError, getToken, isAbort } from '@courtside/browser';
import { api } from '../../lib/api.ts';
import { availabilityPath, findHref, parseFindQuery, type FindCalendar, type FindQuery } from './find-query.ts';
import { escapeHtml } from '@courtside/domain';
import { FIND_FAILED, resultsHtml, statusLine, type AvailabilityAnswer } from './results.ts';
import { bindFindWaitlist } from './find-waitlist-island.ts';

/** A hung request must not leave the list dimmed forever. */
const TIMEOUT_MS = 15_000;

/** The elements the island works on, as find.astro renders them. */
function partsOf(root: HTMLElement) {
  const form = root.querySelector<HTMLFormElement>('form.find-filters');
  const status = root.querySelector<HTMLElement>('#find-status');
  const results = root.querySelector<HTMLElement>('#find-results');
  return form && status && results ? { form, status, results } : null;
}

function markCurrent(chip: HTMLElement, current: boolean): void {
  if (current) chip.setAttribute('aria-current', 'true');
  else chip.removeAttribute('aria-current');
}

/** A click the page may take over: the main button, no modifier (those open a new tab or window). */
const plainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * Find a court, in place: a change of day, time or sport asks GET /api/availability again (with
 * the signed-in customer's token, so their own prices show) and rewrites the results with the
 * renderer the server used; the address bar follows (history.replaceState), so the view can be
 * shared. Every chip and suggestion stays a real link, so the page keeps working without this.
 */
export function initFind(root: HTMLElement): void {
  const parts = partsOf(root);
  if (!parts) return;
  const { form, status, results } = parts;
  const calendar: FindCalendar = { today: root.dataset.today ?? '', lastDate: root.dataset.lastDate ?? '' };
  let query = parseFindQuery(new URLSearchParams(location.search), calendar);
  let inFlight: AbortController | undefined;
  const followWaitlist = bindFindWaitlist(root, calendar, () => query);

  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement;

  /** The filters on screen follow the query (a chip was tapped, or a value was out of range). */
  function syncFilters(): void {
    field('sport').value = query.sport;
    field('time').value = query.time;
    field('date').value = query.date;
    for (const chip of root.querySelectorAll<HTMLAnchorElement>('a[data-date]')) {
      const date = chip.dataset.date!;
      chip.href = findHref(query, { date });
      markCurrent(chip, date === query.date);
    }
    for (const chip of root.querySelectorAll<HTMLAnchorElement>('a[data-time]')) {
      const time = chip.dataset.time!;
      chip.href = findHref(query, { time });
      markCurrent(chip, time === query.time);
    }
  }

  async function show(next: FindQuery): Promise<void> {
    query = next;
    syncFilters();
    followWaitlist(query);
    history.replaceState(history.state, '', findHref(query));
    inFlight?.abort();
    const controller = (inFlight = new AbortController());
    results.setAttribute('aria-busy', 'true');
    try {
      const { data } = await api<AvailabilityAnswer>(availabilityPath(query), { signal: controller.signal, timeoutMs: TIMEOUT_MS });
      results.innerHTML = resultsHtml(data, query, calendar);
      status.textContent = statusLine(data, query, calendar);
    } catch (err) {
      if (isAbort(err)) return;
      // Over the search limit, the server's words say what to do (wait); else the general failure.
      const failed = err instanceof ApiError && err.status === 429 ? err.message : FIND_FAILED;
      results.innerHTML = `<p class="alert alert-error find-failed">${escapeHtml(failed)}</p>`;
      status.textContent = failed;
    } finally {
      if (inFlight === controller) results.setAttribute('aria-busy', 'false');
    }
  }

  const fromForm = (): FindQuery => parseFindQuery(new URLSearchParams([...new FormData(form)].map(([k, v]) => [k, String(v)])), calendar);

  form.addEventListener('change', () => void show(fromForm()));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void show(fromForm());
  });

  // Day and time chips, and the suggestions of an empty answer: followed in place.
  root.addEventListener('click', (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-find-link]');
    if (!link || !plainClick(event)) return;
    event.preventDefault();
    const fromResults = results.contains(link);
    void show(parseFindQuery(new URL(link.href).searchParams, calendar));
    // The suggestion is about to be replaced: keep the keyboard's place on the answer's line.
    if (fromResults) status.focus();
  });

  // Arrow keys move between a facility's slot chips, as in a grid of buttons.
  results.addEventListener('keydown', (event) => {
    if (!['ArrowRight', 'ArrowLeft', 'ArrowDown', 'ArrowUp'].includes(event.key)) return;
    const chip = (event.target as Element).closest<HTMLAnchorElement>('a.slot-chip');
    const list = chip?.closest('ul');
    if (!chip || !list) return;
    const chips = [...list.querySelectorAll<HTMLAnchorElement>('a.slot-chip')];
    const i = chips.indexOf(chip);
    const perRow = chips.filter((c) => c.offsetTop === chips[0]!.offsetTop).length;
    const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: perRow, ArrowUp: -perRow }[event.key]!;
    const target = chips[i + step];
    if (!target) return;
    event.preventDefault();
    target.focus();
  });

  // A signed-in customer may have prices of their own: the server rendered the public ones.
  if (getToken()) void show(query);
  root.dataset.live = 'true';
}
