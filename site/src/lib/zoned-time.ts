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

function formatter(timeZone: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone });
  } catch {
    // An unknown zone: the visitor's clock rather than nothing.
    return new Intl.DateTimeFormat('en-US', options);
  }
}

const CLOCK: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const DAY_CLOCK: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric', ...CLOCK };
const WALL: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'numeric', day: 'numeric', ...CLOCK };

/** True when the facility's wall clock and the visitor's read `at` differently. */
export function zoneDiffers(timeZone: string, at: number, visitor = visitorZone()): boolean {
  return formatter(timeZone, WALL).format(at) !== formatter(visitor, WALL).format(at);
}

/** The zone's short name at `at` ("EST", "GMT+1"), with a leading space, or '' when the visitor's clock agrees. */
export function zoneSuffix(timeZone: string, at: number, visitor = visitorZone()): string {
  if (!zoneDiffers(timeZone, at, visitor)) return '';
  const name = formatter(timeZone, { timeZoneName: 'short' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value;
  return name ? ` ${name}` : '';
}

/**
 * An instant on the facility's clock: "13:00" (or "Tue, Mar 9, 13:00" with the day), labelled
 * with the zone where the visitor's differs. '' for a missing or malformed instant.
 */
export function formatZoned(iso: string | null | undefined, timeZone: string, { withDay = false } = {}, visitor = visitorZone()): string {
  const at = iso ? Date.parse(iso) : NaN;
  if (Number.isNaN(at)) return '';
  return formatter(timeZone, withDay ? DAY_CLOCK : CLOCK).format(at) + zoneSuffix(timeZone, at, visitor);
}

/**
 * The label for wall-clock times of a local date (a booking's "10:00–11:00"): the zone's
 * name around midday of that date, where the visitor's zone differs; else ''.
 */
export function zoneSuffixOn(date: string, timeZone: string, visitor = visitorZone()): string {
  const at = Date.parse(`${date}T12:00:00Z`);
  return Number.isNaN(at) ? '' : zoneSuffix(timeZone, at, visitor);
}
