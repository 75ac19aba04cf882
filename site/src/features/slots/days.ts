/**
 * Days as players say them, for the day chips of "Find a court" and a facility's page:
 * "Today", "Tomorrow", "Sat" over "21 Nov"; "tomorrow", "Saturday", "Saturday 5 December" in
 * sentences. Dates are civil dates (YYYY-MM-DD), formatted at noon UTC so no zone can move them.
 */
const at = (date: string) => Date.parse(`${date}T12:00:00Z`);
const format = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' });
const WEEKDAY = format({ weekday: 'long' });
const WEEKDAY_SHORT = format({ weekday: 'short' });
const DAY_MONTH = format({ day: 'numeric', month: 'short' });
const LONG_DAY = format({ weekday: 'long', day: 'numeric', month: 'long' });

/** How far ahead a weekday alone names a day without doubt. */
const WEEK_AHEAD = 6;

const daysBetween = (from: string, to: string) => Math.round((at(to) - at(from)) / 86_400_000);

/** A day chip's two lines: "Today" / "Tomorrow" / "Sat", then "21 Nov". */
export function dayChip(date: string, today: string): { label: string; sub: string } {
  const ahead = daysBetween(today, date);
  const label = ahead === 0 ? 'Today' : ahead === 1 ? 'Tomorrow' : WEEKDAY_SHORT.format(at(date));
  return { label, sub: DAY_MONTH.format(at(date)) };
}

/** "today", "tomorrow", "Saturday" within the week ahead, else "Saturday 5 December". */
export function dayName(date: string, today: string): string {
  const ahead = daysBetween(today, date);
  if (ahead === 0) return 'today';
  if (ahead === 1) return 'tomorrow';
  return ahead > 1 && ahead <= WEEK_AHEAD ? WEEKDAY.format(at(date)) : LONG_DAY.format(at(date));
}
