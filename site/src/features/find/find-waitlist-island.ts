import { getToken, loginUrlFor } from '@courtside/browser';
import { joinWaitlist, outcomeView } from '../waitlist/waitlist.ts';
import { findHref, type FindCalendar, type FindQuery } from './find-query.ts';
import { outcomeHtml } from '../waitlist/outcome-html.ts';
import { PICK_A_SPORT, lengthOf, waitlistLine, waitlistWindow } from './find-waitlist.ts';

/**
 * Find a court's waitlist block, live: its sentence follows the search and the length chosen;
 * Join posts the window (signed out: to the login page, and back to this search). Returns the
 * function the Find script calls when the search changes.
 */
export function bindFindWaitlist(root: HTMLElement, calendar: FindCalendar, current: () => FindQuery): (query: FindQuery) => void {
  const line = root.querySelector<HTMLElement>('[data-waitlist-line]');
  const form = root.querySelector<HTMLElement>('[data-waitlist-form]');
  const length = root.querySelector<HTMLSelectElement>('[data-waitlist-length]');
  const join = root.querySelector<HTMLButtonElement>('[data-waitlist-join]');
  const outcome = root.querySelector<HTMLElement>('[data-waitlist-outcome]');
  if (!line || !form || !length || !join || !outcome) return () => {};
  return follow({ line, form, length, join, outcome }, calendar, current);
}

function follow(
  { line, form, length, join, outcome }: { line: HTMLElement; form: HTMLElement; length: HTMLSelectElement; join: HTMLButtonElement; outcome: HTMLElement },
  calendar: FindCalendar,
  current: () => FindQuery,
): (query: FindQuery) => void {
  const body = () => waitlistWindow(current(), lengthOf(length.value));

  function update(): void {
    const wanted = body();
    line.textContent = wanted ? `${waitlistLine(wanted, calendar.today)}.` : PICK_A_SPORT;
    form.hidden = !wanted;
    outcome.innerHTML = '';
  }

  length.addEventListener('change', update);
  join.addEventListener('click', async () => {
    const wanted = body();
    if (!wanted) return;
    if (!getToken()) {
      location.assign(loginUrlFor(`${findHref(current())}#find-waitlist`));
      return;
    }
    join.disabled = true;
    join.textContent = 'Joining…';
    const result = await joinWaitlist(wanted);
    join.disabled = false;
    join.textContent = 'Join the waitlist';
    // Signed out meanwhile: the client is on its way to the login page.
    if (result.kind !== 'signed-out') outcome.innerHTML = outcomeHtml(outcomeView(result));
  });

  return update;
}
