import type { AvailabilityAlternatives } from '@courtside/contracts';
import { formatClockTime, formatHourRange } from '@courtside/browser';
import { TIMES_OF_DAY, shiftDate, type Sport, type TimeOfDay } from '@courtside/domain';
import { dayName } from '../slots/days.ts';
import { TIMES_OF_DAY_SHOWN, findHref, type FindCalendar, type FindQuery } from './find-query.ts';

/**
 * What "Find a court" says, in words a player uses: the result
 * line ("2 padel courts free tomorrow evening") and, when nothing matches, what to try instead
 * ("No padel courts free on Saturday morning." + "Free in the afternoon: 4 slots"). Pure.
 */

const isTimeOfDay = (time: string): time is TimeOfDay => (TIMES_OF_DAY_SHOWN as string[]).includes(time);

/** When a query asks, in words: "this evening", "tomorrow morning", "on Saturday morning", "today around 10:00", "on Saturday". */
export function whenPhrase(date: string, time: string, today: string): string {
  const day = dayName(date, today);
  const named = day === 'today' || day === 'tomorrow';
  if (isTimeOfDay(time)) return day === 'today' ? `this ${time}` : named ? `${day} ${time}` : `on ${day} ${time}`;
  const on = named ? day : `on ${day}`;
  return time ? `${on} around ${formatClockTime(time)}` : on;
}

/** A part of the day's hours under its chip ("6 AM – 12 PM"): a narrow chip breaks it at the dash, never inside a time. */
export const timeOfDayHours = (name: TimeOfDay): string => formatHourRange(TIMES_OF_DAY[name].from, TIMES_OF_DAY[name].to).replace(/(\d) ([AP]M)/g, '$1\u00a0$2');

/** What a sport's facilities are called, one and many. */
const SPORT_NOUNS: Record<Sport | '', [string, string]> = {
  tennis: ['tennis court', 'tennis courts'],
  padel: ['padel court', 'padel courts'],
  squash: ['squash court', 'squash courts'],
  badminton: ['badminton court', 'badminton courts'],
  basketball: ['basketball court', 'basketball courts'],
  football: ['football pitch', 'football pitches'],
  volleyball: ['volleyball court', 'volleyball courts'],
  swimming: ['swimming lane', 'swimming lanes'],
  other: ['other facility', 'other facilities'],
  '': ['facility', 'facilities'],
};

export const sportNoun = (sport: Sport | '', count: number): string => SPORT_NOUNS[sport][count === 1 ? 0 : 1];

/** "2 padel courts free tomorrow evening". */
export function resultsLine(count: number, query: FindQuery, today: string): string {
  return `${count} ${sportNoun(query.sport, count)} free ${whenPhrase(query.date, query.time, today)}`;
}

const slots = (n: number) => `${n} ${n === 1 ? 'slot' : 'slots'}`;

export interface Suggestion {
  text: string;
  href: string;
}

/** The API's hints when nothing matched: free slots that day outside the window, and the next day with room. */
export type Alternatives = AvailabilityAlternatives;

/** What an empty answer says, and the links to try instead (the answer's alternatives; or widen the search). */
export function emptyResults(query: FindQuery, alternatives: Alternatives | null, calendar: FindCalendar): { headline: string; suggestions: Suggestion[] } {
  const { today } = calendar;
  const headline = `No ${sportNoun(query.sport, 2)} free ${whenPhrase(query.date, query.time, today)}.`;
  const suggestions: Suggestion[] = (alternatives?.outsideWindow ?? []).map(({ name, count }) => ({
    text: `Free in the ${name}: ${slots(count)}`,
    href: findHref(query, { time: name }),
  }));
  if (alternatives?.nextDate) {
    const day = dayName(alternatives.nextDate, today);
    suggestions.push({ text: `Next free: ${day[0]!.toUpperCase()}${day.slice(1)}`, href: findHref(query, { date: alternatives.nextDate }) });
  }
  if (suggestions.length === 0) {
    if (query.time) suggestions.push({ text: 'Any time that day', href: findHref(query, { time: '' }) });
    if (query.sport) suggestions.push({ text: 'Every sport', href: findHref(query, { sport: '' }) });
    const nextDay = shiftDate(query.date, 1);
    if (!query.time && !query.sport && nextDay <= calendar.lastDate) suggestions.push({ text: 'The next day', href: findHref(query, { date: nextDay }) });
  }
  return { headline, suggestions };
}
