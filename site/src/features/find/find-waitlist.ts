import type { WaitlistWindowBody } from '@courtside/contracts';
import { TIMES_OF_DAY, formatTime, parseTime } from '@courtside/domain';
import { dayName } from '../slots/days.ts';
import { clockOrMidnight } from '../waitlist/waitlist.ts';
import { timeWindow, type FindQuery } from './find-query.ts';
import { sportNoun } from './find-text.ts';

/**
 * Find a court's waitlist: "Join the waitlist for any padel court on Saturday between 5:00 PM
 * and midnight (90 min)", for the search on screen (its sport, day and time window) and a length
 * the player picks. Pure: the page renders it and the Find script updates it in place.
 */

/** The lengths offered, in minutes; the first is chosen at first. */
export const WAITLIST_LENGTHS = [60, 90, 120] as const;

const DAY_END = 24 * 60;

/**
 * The window entry a search stands for, or null without a sport (a window is of one sport). A
 * time of day is the stretch to play in; an exact time asks for starts within the hour after it
 * (as the search does), so the window runs on to the end of a booking starting then.
 */
export function waitlistWindow(query: FindQuery, minutes: number): WaitlistWindowBody | null {
  if (!query.sport) return null;
  const { from = '00:00', to = '24:00' } = timeWindow(query.time);
  const exact = query.time !== '' && !(query.time in TIMES_OF_DAY);
  const end = exact ? Math.min(parseTime(to) + minutes, DAY_END) : parseTime(to);
  return { sport: query.sport, date: query.date, from, to: formatTime(end), minutes };
}

/** "Join the waitlist for any padel court on Saturday between 5:00 PM and midnight (90 min)". */
export function waitlistLine(body: WaitlistWindowBody, today: string): string {
  const day = dayName(body.date, today);
  const on = day === 'today' || day === 'tomorrow' ? day : `on ${day}`;
  const when = body.from === '00:00' && body.to === '24:00' ? 'at any time' : `between ${clockOrMidnight(body.from)} and ${clockOrMidnight(body.to)}`;
  return `Join the waitlist for any ${sportNoun(body.sport, 1)} ${on} ${when} (${body.minutes} min)`;
}

/** What Find says without a sport chosen. */
export const PICK_A_SPORT = 'Choose a sport to join the waitlist for any court of it.';

/** Minutes a length option stands for, or the first offered for anything else. */
export function lengthOf(value: string): number {
  const n = Number(value);
  return (WAITLIST_LENGTHS as readonly number[]).includes(n) ? n : WAITLIST_LENGTHS[0];
}
