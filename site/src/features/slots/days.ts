import { formatDateAs } from '@courtside/browser';

/**
 * Days as players say them, for the day chips of "Find a court" and a facility's page:
 * "Today", "Tomorrow", "Sat" over "Nov 21"; "tomorrow", "Saturday", "Saturday, December 5" in
 * sentences, in the venue's locale. Dates are civil dates (YYYY-MM-DD).
 */
const at = (date: string) => Date.parse(`${date}T12:00:00Z`);

/** How far ahead a weekday alone names a day without doubt. */
const WEEK_AHEAD = 6;

const daysBetween = (from: string, to: string) => Math.round((at(to) - at(from)) / 86_400_000);

/** A day chip's two lines: "Today" / "Tomorrow" / "Sat", then "Nov 21". */
export function dayChip(date: string, today: string): { label: string; sub: string } {
  const ahead = daysBetween(today, date);
  const label = ahead === 0 ? 'Today' : ahead === 1 ? 'Tomorrow' : formatDateAs(date, 'weekdayShort');
  return { label, sub: formatDateAs(date, 'dayMonth') };
}

/** "today", "tomorrow", "Saturday" within the week ahead, else "Saturday, December 5". */
export function dayName(date: string, today: string): string {
  const ahead = daysBetween(today, date);
  if (ahead === 0) return 'today';
  if (ahead === 1) return 'tomorrow';
  return ahead > 1 && ahead <= WEEK_AHEAD ? formatDateAs(date, 'weekday') : formatDateAs(date, 'fullNoYear');
}
