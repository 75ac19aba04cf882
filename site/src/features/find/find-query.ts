import { TIMES_OF_DAY, formatTime, isDateText, isSport, parseTime, shiftDate, type Sport, type TimeOfDay } from '@courtside/domain';

/**
 * What a visitor asks "Find a court" (a day, optionally a sport and a time), as it lives in the
 * page's URL (`/find?date=2026-11-21&sport=padel&time=evening`), so a filtered view can be
 * shared and the page works as a plain GET form. Pure: the server render and the island share it.
 */
export interface FindQuery {
  /** YYYY-MM-DD on the venue's calendar. */
  date: string;
  /** '' for every sport. */
  sport: Sport | '';
  /** '' for any time, a time of day, or an exact time HH:mm (slots starting within the hour after it). */
  time: TimeChoice;
}

/** '' (any time), a time of day (`morning`), or an exact time (`10:00`). */
export type TimeChoice = string;

/** The days a search may ask about: today (the venue's) to the last day bookings open. */
export interface FindCalendar {
  today: string;
  lastDate: string;
}

export const FIND_PATH = '/find';
/** Today and the next 7 days are one tap away. */
export const DAYS_SHOWN = 8;
export const TIMES_OF_DAY_SHOWN = Object.keys(TIMES_OF_DAY) as TimeOfDay[];
/** The exact times offered: every hour from 06:00 to 23:00. */
export const EXACT_TIMES: string[] = Array.from({ length: 18 }, (_, i) => formatTime((i + 6) * 60));
/** An exact time asks for slots starting within this many minutes after it ("around 10"). */
export const EXACT_TIME_SPAN_MINUTES = 60;

const EXACT_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export function findCalendar(today: string, horizonDays: number): FindCalendar {
  return { today, lastDate: shiftDate(today, Math.max(0, horizonDays)) };
}

function validDate(value: string | null, calendar: FindCalendar): value is string {
  if (!value || !isDateText(value)) return false;
  try {
    // Round-trips only for a real calendar date (2026-02-30 does not).
    if (shiftDate(value, 0) !== value) return false;
  } catch {
    return false;
  }
  return value >= calendar.today && value <= calendar.lastDate;
}

export function isTimeChoice(value: string): value is TimeChoice {
  return value === '' || (TIMES_OF_DAY_SHOWN as string[]).includes(value) || EXACT_TIME.test(value);
}

/** The query a URL asks; anything missing, malformed or out of range is the default (today, every sport, any time). */
export function parseFindQuery(params: URLSearchParams, calendar: FindCalendar): FindQuery {
  const date = params.get('date');
  const sport = params.get('sport') ?? '';
  const time = params.get('time') ?? '';
  return {
    date: validDate(date, calendar) ? date : calendar.today,
    sport: isSport(sport) ? sport : '',
    time: isTimeChoice(time) ? time : '',
  };
}

/** The start-time window a time choice asks the API for (`to` exclusive, at most 24:00). */
export function timeWindow(time: TimeChoice): { from?: string; to?: string } {
  if (time === '') return {};
  if (time in TIMES_OF_DAY) return { ...TIMES_OF_DAY[time as TimeOfDay] };
  const from = parseTime(time);
  return { from: time, to: formatTime(Math.min(from + EXACT_TIME_SPAN_MINUTES, 24 * 60)) };
}

/** The one API call that answers a query. */
export function availabilityPath(query: FindQuery): string {
  const params = new URLSearchParams({ date: query.date });
  if (query.sport) params.set('sport', query.sport);
  const { from, to } = timeWindow(query.time);
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  return `/api/availability?${params.toString()}`;
}

/** The page's address for a query, changed as given: what links and the address bar show. */
export function findHref(query: FindQuery, change: Partial<FindQuery> = {}): string {
  const q = { ...query, ...change };
  const params = new URLSearchParams({ date: q.date });
  if (q.sport) params.set('sport', q.sport);
  if (q.time) params.set('time', q.time);
  return `${FIND_PATH}?${params.toString()}`;
}

/** The days shown as chips: today and the next 7 (fewer when bookings open less far ahead). */
export function upcomingDays(calendar: FindCalendar, count = DAYS_SHOWN): string[] {
  const days: string[] = [];
  for (let i = 0; i < count; i++) {
    const day = shiftDate(calendar.today, i);
    if (day > calendar.lastDate) break;
    days.push(day);
  }
  return days;
}
