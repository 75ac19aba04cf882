import type { AstroGlobal } from 'astro';
import type { FacilityDto, SlotDto } from '@courtside/contracts';
import { fetchFacility, fetchFreeSlots, venueSettings } from '../../lib/api.server.ts';
import { freeRun } from './booking.ts';
import { ruleRefusal } from './rule-refusal.ts';
import { choiceInTarget, parseChoice, type SlotChoice } from './choice.ts';

export type BookStep =
  /** The link is incomplete or malformed (400). */
  | { state: 'invalid' }
  /** No such facility (404), or the API could not be reached (502). */
  | { state: 'missing' }
  | {
      /** free: the rules allow it and nothing is in its way; gone: something is (a booking, a closure); refused: a rule says no (`reason`). */
      state: 'free' | 'gone' | 'refused';
      /** The rule that refuses it, in the server's words (state 'refused'). */
      reason?: string;
      choice: SlotChoice;
      facility: FacilityDto;
      /** The day's free slots (public prices); null when they could not be read. */
      slots: SlotDto[] | null;
    };

/**
 * The booking step for this request's `?facility&date&start&end`: the facility, and whether the
 * slot is still free (the server never holds it here: a GET changes nothing; the step's form
 * asks for the hold once the customer has chosen the length). Sets the response status for the failures.
 */
export async function bookStep(astro: AstroGlobal): Promise<BookStep> {
  const choice = parseChoice(astro.url.searchParams);
  if (!choice) {
    astro.response.status = 400;
    return { state: 'invalid' };
  }
  let facility: FacilityDto | null;
  let slots: SlotDto[] | null;
  try {
    [facility, slots] = await Promise.all([fetchFacility(astro, choice.facility), fetchFreeSlots(astro, choice.facility, choice.date).catch(() => null)]);
  } catch {
    astro.response.status = 502;
    return { state: 'missing' };
  }
  if (!facility) {
    astro.response.status = 404;
    return { state: 'missing' };
  }
  // Unreadable slots: let the hold decide (the server checks everything again).
  const covered = slots ? freeRun(slots, choice.start, choice.end) : undefined;
  if (covered === null) {
    // Not free: a rule of the facility (its horizon, say), or someone else's time. Say which.
    const settings = await venueSettings(astro);
    const reason = settings ? ruleRefusal(facility, settings, choice, new Date()) : undefined;
    return { state: reason ? 'refused' : 'gone', reason, choice, facility, slots };
  }
  return { state: 'free', choice, facility, slots };
}

/** The slot a sign-in page's `next` carries, named for the visitor ("Centre Court"), or null. */
export async function choiceForSignIn(astro: AstroGlobal, target: string | null): Promise<{ choice: SlotChoice; name: string } | null> {
  const choice = choiceInTarget(target);
  if (!choice) return null;
  const facility = await fetchFacility(astro, choice.facility).catch(() => null);
  return facility ? { choice, name: facility.name } : null;
}
