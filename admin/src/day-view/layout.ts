import type { DayViewFacility } from '../types.ts';
import { minutesOf } from '../common/format.ts';

/** Pure geometry of the day view: which hours to draw, and the free gaps of a facility. */

export interface Span {
  start: number;
  end: number;
}

/** Whole hours covering every facility's opening hours and every booking; 08-22 when all are closed. */
export function visibleRange(facilities: DayViewFacility[]): Span {
  let start = Infinity;
  let end = -Infinity;
  for (const f of facilities) {
    if (f.hours) {
      start = Math.min(start, minutesOf(f.hours.open));
      end = Math.max(end, minutesOf(f.hours.close));
    }
    for (const b of f.bookings) {
      start = Math.min(start, minutesOf(b.startTime));
      end = Math.max(end, minutesOf(b.endTime));
    }
  }
  if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start) return { start: 8 * 60, end: 22 * 60 };
  return { start: Math.floor(start / 60) * 60, end: Math.min(1440, Math.ceil(end / 60) * 60) };
}

/** Open time nobody holds, in order. */
export function freeGaps(f: DayViewFacility): Span[] {
  if (!f.hours) return [];
  const open = minutesOf(f.hours.open);
  const close = minutesOf(f.hours.close);
  const busy = f.bookings.map((b) => ({ start: minutesOf(b.startTime), end: minutesOf(b.endTime) })).sort((a, b) => a.start - b.start);
  const gaps: Span[] = [];
  let cursor = open;
  for (const b of busy) {
    if (b.start > cursor) gaps.push({ start: cursor, end: Math.min(b.start, close) });
    cursor = Math.max(cursor, b.end);
    if (cursor >= close) break;
  }
  if (cursor < close) gaps.push({ start: cursor, end: close });
  return gaps.filter((g) => g.end > g.start);
}

export function addDaysTo(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return t.toISOString().slice(0, 10);
}

export function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}
