import { parseTime } from '@courtside/domain';
import type { DayViewFacility } from '../types.ts';

/** Pure geometry of the day view: which hours to draw, where each facility is closed, free or booked. */

export interface Span {
  start: number;
  end: number;
}

/** One minute is one pixel tall; columns and the hour axis have fixed widths. */
export const PX_PER_MIN = 1;
export const COLUMN_WIDTH = 176;
export const AXIS_WIDTH = 60;
export const HEADER_HEIGHT = 92;

const DEFAULT_RANGE: Span = { start: 8 * 60, end: 22 * 60 };

const spanOf = (from: string, to: string): Span => ({ start: parseTime(from), end: parseTime(to) });

/** Whole hours covering every facility's opening hours and every booking; 08-22 when all are closed. */
export function visibleRange(facilities: DayViewFacility[]): Span {
  let start = Infinity;
  let end = -Infinity;
  for (const f of facilities) {
    const spans = f.bookings.map((b) => spanOf(b.startTime, b.endTime));
    if (f.hours) spans.push(spanOf(f.hours.open, f.hours.close));
    for (const s of spans) {
      start = Math.min(start, s.start);
      end = Math.max(end, s.end);
    }
  }
  if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start) return DEFAULT_RANGE;
  return { start: Math.floor(start / 60) * 60, end: Math.min(1440, Math.ceil(end / 60) * 60) };
}

/** Hours drawn before no data has arrived. */
export const placeholderRange = DEFAULT_RANGE;

/** The minute of every hour line in the range. */
export function hourMarks(range: Span): number[] {
  const marks: number[] = [];
  for (let m = range.start; m < range.end; m += 60) marks.push(m);
  return marks;
}

/** Open time nobody holds, in order. */
export function freeGaps(f: DayViewFacility): Span[] {
  if (!f.hours) return [];
  const { start: open, end: close } = spanOf(f.hours.open, f.hours.close);
  const busy = f.bookings.map((b) => spanOf(b.startTime, b.endTime)).sort((a, b) => a.start - b.start);
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

/** The parts of the range a facility is closed: before opening and after closing, or all of it. */
export function closedSpans(f: DayViewFacility, range: Span): Span[] {
  if (!f.hours) return [range];
  const { start: open, end: close } = spanOf(f.hours.open, f.hours.close);
  return [
    { start: range.start, end: Math.max(range.start, open) },
    { start: Math.min(range.end, close), end: range.end },
  ].filter((s) => s.end > s.start);
}

/** A booking's place in the range, clipped to it. */
export function bookingSpan(booking: { startTime: string; endTime: string }, range: Span): Span {
  const s = spanOf(booking.startTime, booking.endTime);
  return { start: Math.max(s.start, range.start), end: Math.min(s.end, range.end) };
}

/** What a column header says under the name: open minutes and free minutes that day. */
export function openAndFree(f: DayViewFacility): { open: number; free: number } {
  if (!f.hours) return { open: 0, free: 0 };
  const { start, end } = spanOf(f.hours.open, f.hours.close);
  return { open: end - start, free: freeGaps(f).reduce((sum, g) => sum + g.end - g.start, 0) };
}

/** Pixels from the top of the grid to a minute of the day. */
export const offsetOf = (minute: number, range: Span) => (minute - range.start) * PX_PER_MIN;
