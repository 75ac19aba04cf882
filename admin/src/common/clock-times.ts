import { formatTime } from '@courtside/domain';
import { clockTime } from './format.ts';

/**
 * The choices of a time field: every `stepMinutes` from `from` to `to` minutes after midnight, each
 * an HH:mm value (what the API takes) labelled on the venue's clock ("6:00 PM" or "18:00"), so a
 * time input reads like every other time in the back office whatever the browser's own locale.
 * A value off that grid (saved before, or typed elsewhere) stays among the choices.
 */
export function clockTimeChoices(current: string | undefined, { from = 0, to = 24 * 60, stepMinutes = 15 } = {}): { id: string; name: string }[] {
  const values: string[] = [];
  for (let m = from; m <= to; m += stepMinutes) values.push(formatTime(m));
  if (current && /^\d{2}:\d{2}$/.test(current) && !values.includes(current)) {
    values.push(current);
    values.sort();
  }
  // 24:00 is the end of the day; on a 12-hour clock it is written "midnight", not a second 12:00 AM.
  return values.map((id) => ({ id, name: id === '24:00' ? `${clockTime(id)} (midnight, end of day)` : clockTime(id) }));
}
