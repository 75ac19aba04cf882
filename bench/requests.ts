/**
 * What the benchmark asks, built once per run from the loaded data set: each list is taken in a
 * fixed shuffled order (the same on every run), so runs are comparable.
 */
import { shuffled } from '../harness/stats.ts';
import { BENCH_SPORTS, FIRST_HOUR, LAST_HOUR } from './load-data.ts';
import type { Scenario } from './load-worker.ts';

export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);

/** The days from `from` (exclusive) to `to` (inclusive). */
export const daysAfter = (from: string, to: string) => Array.from({ length: Math.max(0, daysBetween(from, to)) }, (_, i) => addDays(from, i + 1));

/** A fixed pseudo-random order (seed 42), the same on every run. */
function fixedOrder<T>(items: T[], seed = 42): T[] {
  let state = seed;
  return shuffled(items, () => (state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0) / 2 ** 32);
}

type Items = Scenario['items'];

/** What a browser says it accepts; the API gzips JSON answers of 1 KB or more for it. */
export const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

/**
 * A request's headers: Accept-Encoding as a browser sends it (unless `plain`, as command-line
 * tools ask), and the item's body type and token.
 */
export function headersOf(item: Items[number], plain = false): Record<string, string> {
  const headers: Record<string, string> = plain ? {} : { 'accept-encoding': BROWSER_ENCODINGS };
  if (item.body !== undefined) headers['content-type'] = 'application/json';
  if (item.token) headers.authorization = `Bearer ${item.token}`;
  return headers;
}

/** One facility's day: every (facility, day) pair. */
export function singleAvailabilityItems(facilityIds: string[], days: string[]): Items {
  return fixedOrder(facilityIds.flatMap((id) => days.map((day) => ({ path: `/api/check-availability?date=${day}&facility=${id}` }))));
}

/**
 * The questions "Find a court" asks of each day, as query strings: three of four over every
 * facility (the whole day, the evening, the morning), one for one sport (a quarter of them).
 */
function searchQueries(days: string[]): string[] {
  return days.flatMap((day, i) => [
    `date=${day}`,
    `date=${day}&from=17:00&to=24:00`,
    `date=${day}&from=06:00&to=12:00`,
    `date=${day}&sport=${BENCH_SPORTS[i % BENCH_SPORTS.length]}`,
  ]);
}

/** Every facility's free slots of a day (GET /api/availability), rotating days and questions. */
export function searchItems(days: string[]): Items {
  return fixedOrder(searchQueries(days).map((q) => ({ path: `/api/availability?${q}` })));
}

/** The "Find a court" page for the same questions, as its filters write them in the address. */
export function findPageItems(days: string[]): Items {
  const pageQuery = (q: string) => q.replace('&from=17:00&to=24:00', '&time=evening').replace('&from=06:00&to=12:00', '&time=morning');
  return fixedOrder(searchQueries(days).map((q) => ({ path: `/find?${pageQuery(q)}` })));
}

const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** Free slots only, each asked once, by the customers in turn: the loaded facilities' hours on `days`. */
export function bookingItems(facilityIds: string[], days: string[], tokens: string[]): Items {
  const items: Items = [];
  for (const day of days) {
    for (let h = FIRST_HOUR; h <= LAST_HOUR; h++) {
      for (const id of facilityIds) {
        items.push({
          path: '/api/bookings',
          body: JSON.stringify({ facility: id, date: day, startTime: hh(h), endTime: hh(h + 1) }),
          token: tokens[items.length % tokens.length]!,
        });
      }
    }
  }
  return items;
}

/**
 * What each customer's booking page asks before they book: the day's free slots of the facility
 * they then book, signed in (the site sends the token, and the answer carries their tier's
 * prices), one per customer, for the first booking each makes in `bookings`. The API keeps who a
 * token's customer is from this call, as it does for a real customer's booking.
 */
export function bookingPageItems(bookings: Items): Items {
  const first = new Map<string, Items[number]>();
  for (const item of bookings) {
    if (!item.token || first.has(item.token)) continue;
    const { facility, date } = JSON.parse(item.body!) as { facility: string; date: string };
    first.set(item.token, { path: `/api/check-availability?date=${date}&facility=${facility}`, token: item.token });
  }
  return [...first.values()];
}
