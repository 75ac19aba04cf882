import { parseTime } from '@courtside/domain';
import type { DayViewBooking, DayViewClosure, DayViewFacility, DayViewLinked, DayViewWaiting } from '../types.ts';

/** Pure geometry of the day view: which hours to draw, where each facility is closed, free or booked. */

export interface Span {
  start: number;
  end: number;
}

/** One minute is one pixel tall; columns and the hour axis have fixed widths. */
export const PX_PER_MIN = 1;
export const COLUMN_WIDTH = 176;
export const AXIS_WIDTH = 68;
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

/**
 * Open time nobody holds and no closure covers, in order. Time taken on a linked facility (its
 * parent or a part) is not for sale here either: the database would refuse a booking in it.
 */
export function freeGaps(f: DayViewFacility): Span[] {
  if (!f.hours) return [];
  const { start: open, end: close } = spanOf(f.hours.open, f.hours.close);
  const busy = [...f.bookings, ...f.closures, ...f.linked].map((b) => spanOf(b.startTime, b.endTime)).sort((a, b) => a.start - b.start);
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

/** A booking's (or a closure's) place in the range, clipped to it. */
export function bookingSpan(booking: { startTime: string; endTime: string }, range: Span): Span {
  const s = spanOf(booking.startTime, booking.endTime);
  return { start: Math.max(s.start, range.start), end: Math.min(s.end, range.end) };
}

/** Time taken on linked facilities that overlaps, drawn as one block listing each cause (both halves booked at 10:00 on the whole pitch). */
export interface LinkedBlock extends Span {
  items: DayViewLinked[];
}

/** Where a column's linked time goes: its items clipped to the range, overlapping ones in one block, earliest first. */
export function linkedBlocks(f: Pick<DayViewFacility, 'linked'>, range: Span): LinkedBlock[] {
  const spans = f.linked
    .map((item) => ({ item, ...bookingSpan(item, range) }))
    .filter((s) => s.end > s.start)
    .sort((a, b) => a.start - b.start || a.end - b.end);
  const blocks: LinkedBlock[] = [];
  for (const s of spans) {
    const last = blocks.at(-1);
    if (last && s.start < last.end) {
      last.end = Math.max(last.end, s.end);
      last.items.push(s.item);
    } else blocks.push({ start: s.start, end: s.end, items: [s.item] });
  }
  return blocks;
}

/** What a column header says under the name: open minutes and free minutes that day. */
export function openAndFree(f: DayViewFacility): { open: number; free: number } {
  if (!f.hours) return { open: 0, free: 0 };
  const { start, end } = spanOf(f.hours.open, f.hours.close);
  return { open: end - start, free: freeGaps(f).reduce((sum, g) => sum + g.end - g.start, 0) };
}

/** Pixels from the top of the grid to a minute of the day. */
export const offsetOf = (minute: number, range: Span) => (minute - range.start) * PX_PER_MIN;

/** The facility's slot grid that day: slots start at opening time plus whole slots (the server's OFF_GRID rule). */
const gridOrigin = (f: DayViewFacility) => (f.hours ? parseTime(f.hours.open) : 0);

/** Every slot start that fits inside a free gap: where a booking could begin there. */
export function bookableStarts(f: DayViewFacility, gap: Span): number[] {
  const origin = gridOrigin(f);
  const first = origin + Math.ceil((gap.start - origin) / f.slotMinutes) * f.slotMinutes;
  const starts: number[] = [];
  for (let m = first; m + f.slotMinutes <= gap.end; m += f.slotMinutes) starts.push(m);
  return starts;
}

/** The slot of a free gap under a minute (a click or a tap), or its first one. */
export function slotUnder(f: DayViewFacility, gap: Span, minute: number): number | undefined {
  const starts = bookableStarts(f, gap);
  return starts.findLast((m) => m <= minute) ?? starts[0];
}

/** The grid point nearest a minute: where a dragged booking's start lands. */
export function snapToGrid(f: DayViewFacility, minute: number): number {
  const origin = gridOrigin(f);
  return origin + Math.round((minute - origin) / f.slotMinutes) * f.slotMinutes;
}

/** How tall a waiting badge is, and the room it keeps from the next one. */
export const WAITING_BADGE_HEIGHT = 16;

/** A time customers wait for, with where its badge sits: the bottom of its span, below the text of a booking there. */
export interface WaitingMark extends Span {
  count: number;
  startTime: string;
  endTime: string;
  /** Pixels from the top of the grid to the badge. */
  badgeTop: number;
}

/**
 * Where a facility's waiting marks go: each time's span clipped to the range, its badge at the
 * span's bottom edge (a booking's name, tag and time fill its top), pushed down below the one
 * before when two would overlap.
 */
export function waitingMarks(f: Pick<DayViewFacility, 'waiting'>, range: Span): WaitingMark[] {
  const marks = f.waiting
    .map((w) => ({ ...w, ...bookingSpan(w, range) }))
    .filter((m) => m.end > m.start)
    .sort((a, b) => a.end - b.end || a.start - b.start);
  let below = -Infinity;
  return marks.map((m) => {
    const badgeTop = Math.max(offsetOf(m.end, range) - WAITING_BADGE_HEIGHT - 2, offsetOf(m.start, range), below);
    below = badgeTop + WAITING_BADGE_HEIGHT + 2;
    return { ...m, badgeTop };
  });
}

/** One line of a facility's day in the list form (a phone's day view): a booking, a closure, time taken on a linked facility or free time, by start. */
export type AgendaItem =
  | { kind: 'booking'; start: number; booking: DayViewBooking }
  | { kind: 'closure'; start: number; closure: DayViewClosure }
  | { kind: 'linked'; start: number; linked: DayViewLinked }
  | { kind: 'free'; start: number; gap: Span; bookable: number[] }
  | { kind: 'waiting'; start: number; waiting: DayViewWaiting };

export function dayAgenda(f: DayViewFacility): AgendaItem[] {
  const items: AgendaItem[] = [
    ...f.bookings.map((booking) => ({ kind: 'booking' as const, start: parseTime(booking.startTime), booking })),
    ...f.closures.map((closure) => ({ kind: 'closure' as const, start: parseTime(closure.startTime), closure })),
    ...f.linked.map((linked) => ({ kind: 'linked' as const, start: parseTime(linked.startTime), linked })),
    // A deleted facility's free time is not for booking.
    ...(f.isDeleted ? [] : freeGaps(f).map((gap) => ({ kind: 'free' as const, start: gap.start, gap, bookable: bookableStarts(f, gap) }))),
    // After the booking at the same time (the sort keeps this order): who waits for it.
    ...f.waiting.map((waiting) => ({ kind: 'waiting' as const, start: parseTime(waiting.startTime), waiting })),
  ];
  return items.sort((a, b) => a.start - b.start);
}
