import { invalid } from './errors.ts';
import { formatTime, parseTime } from './clock.ts';

/** What a facility is for; players look for a court by its sport first. */
export const SPORTS = ['tennis', 'padel', 'squash', 'badminton', 'basketball', 'football', 'volleyball', 'swimming', 'other'] as const;
export type Sport = (typeof SPORTS)[number];

/** A facility added without one. */
export const DEFAULT_SPORT: Sport = 'other';

export const SPORT_LABELS: Readonly<Record<Sport, string>> = {
  tennis: 'Tennis',
  padel: 'Padel',
  squash: 'Squash',
  badminton: 'Badminton',
  basketball: 'Basketball',
  football: 'Football',
  volleyball: 'Volleyball',
  swimming: 'Swimming',
  other: 'Other',
};

export function isSport(value: unknown): value is Sport {
  return typeof value === 'string' && (SPORTS as readonly string[]).includes(value);
}

/** A sport as a client sent it; anything else is refused naming the field. */
export function parseSport(value: string, path = 'sport'): Sport {
  if (!isSport(value)) throw invalid('INVALID_SPORT', `${path} must be one of ${SPORTS.join(', ')}`, path);
  return value;
}

/** The times of day a player picks instead of an exact time (local wall clock, `to` exclusive). */
export const TIMES_OF_DAY = {
  morning: { from: '06:00', to: '12:00' },
  afternoon: { from: '12:00', to: '17:00' },
  evening: { from: '17:00', to: '24:00' },
} as const;
export type TimeOfDay = keyof typeof TIMES_OF_DAY;
const TIME_OF_DAY_NAMES = Object.keys(TIMES_OF_DAY) as TimeOfDay[];

/** Slot start times asked for, in minutes after local midnight: from <= start < to. */
export interface TimeWindow {
  from: number;
  to: number;
}

export const WHOLE_DAY: TimeWindow = { from: 0, to: 24 * 60 };

/**
 * The window of start times a search asks for: either end may be left out (the day's start or
 * end); `to` may be 24:00. An empty window is refused naming `to`, the end a person corrects.
 */
export function parseTimeWindow(from: string | undefined, to: string | undefined): TimeWindow {
  const window = {
    from: from === undefined ? WHOLE_DAY.from : parseTime(from, 'from'),
    to: to === undefined ? WHOLE_DAY.to : parseTime(to, 'to'),
  };
  if (window.from >= window.to) {
    throw invalid('END_BEFORE_START', `to must be later than from (${formatTime(window.from)})`, 'to');
  }
  return window;
}

/** Whether a slot starting at `startTime` (HH:mm) lies in the window. */
export function startsInWindow(startTime: string, window: TimeWindow): boolean {
  const m = parseTime(startTime);
  return m >= window.from && m < window.to;
}

/** The time of day a slot starting at `startTime` belongs to; none before 06:00. */
export function timeOfDayOf(startTime: string): TimeOfDay | undefined {
  const m = parseTime(startTime);
  return TIME_OF_DAY_NAMES.find((name) => m >= parseTime(TIMES_OF_DAY[name].from) && m < parseTime(TIMES_OF_DAY[name].to));
}

/**
 * Where else the day has room when the asked window has none: the free slots starting outside
 * the window, counted per time of day (in the day's order, only those with any).
 */
export function outsideWindowCounts(startTimes: Iterable<string>, window: TimeWindow): { name: TimeOfDay; count: number }[] {
  const counts = new Map<TimeOfDay, number>();
  for (const start of startTimes) {
    if (startsInWindow(start, window)) continue;
    const name = timeOfDayOf(start);
    if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return TIME_OF_DAY_NAMES.filter((name) => counts.has(name)).map((name) => ({ name, count: counts.get(name)! }));
}
