import { CLOCK, DATE_LOCALE, LONG_DATE } from '@courtside/browser';

/**
 * Times as the facility's wall clock, the one its slots are in: "13:00", or "13:00 EST" when
 * the visitor's own clock reads that instant differently (so nobody mixes the two up).
 */

function visitorZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

function formatter(timeZone: string | undefined, options: Intl.DateTimeFormatOptions, locale = DATE_LOCALE): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone });
  } catch {
    // An unknown zone: the visitor's clock rather than nothing.
    return new Intl.DateTimeFormat(locale, options);
  }
}

const WALL: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'numeric', day: 'numeric', ...CLOCK };

/** True when the facility's wall clock and the visitor's read `at` differently. */
export function zoneDiffers(timeZone: string, at: number, visitor = visitorZone()): boolean {
  return formatter(timeZone, WALL).format(at) !== formatter(visitor, WALL).format(at);
}

/** The zone's short name at `at` ("EST", "GMT+1"), with a leading space, or '' when the visitor's clock agrees. */
export function zoneSuffix(timeZone: string, at: number, visitor = visitorZone()): string {
  if (!zoneDiffers(timeZone, at, visitor)) return '';
  // en-US names the American zones ("EST"); en-GB would write "GMT-5".
  const name = formatter(timeZone, { timeZoneName: 'short' }, 'en-US').formatToParts(at).find((p) => p.type === 'timeZoneName')?.value;
  return name ? ` ${name}` : '';
}

/**
 * An instant on the facility's clock: "13:00" (or "Tuesday, 9 March 2027, 13:00" with the day),
 * labelled with the zone where the visitor's differs. '' for a missing or malformed instant.
 */
export function formatZoned(iso: string | null | undefined, timeZone: string, { withDay = false } = {}, visitor = visitorZone()): string {
  const at = iso ? Date.parse(iso) : NaN;
  if (Number.isNaN(at)) return '';
  const clock = formatter(timeZone, CLOCK).format(at);
  const text = withDay ? `${formatter(timeZone, LONG_DATE).format(at)}, ${clock}` : clock;
  return text + zoneSuffix(timeZone, at, visitor);
}

/**
 * The label for wall-clock times of a local date (a booking's "10:00–11:00"): the zone's
 * name around midday of that date, where the visitor's zone differs; else ''.
 */
export function zoneSuffixOn(date: string, timeZone: string, visitor = visitorZone()): string {
  const at = Date.parse(`${date}T12:00:00Z`);
  return Number.isNaN(at) ? '' : zoneSuffix(timeZone, at, visitor);
}
