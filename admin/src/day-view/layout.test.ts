import { describe, expect, it } from 'vitest';
import type { DayViewBooking, DayViewFacility, DayViewLinked } from '../types.ts';
import { bookableStarts, bookingSpan, closedSpans, dayAgenda, freeGaps, hourMarks, linkedBlocks, openAndFree, slotUnder, snapToGrid, visibleRange, waitingMarks } from './layout.ts';

const booking = (startTime: string, endTime: string): DayViewBooking => ({
  id: `${startTime}-${endTime}`,
  startTime,
  endTime,
  status: 'confirmed',
  paymentStatus: 'paid',
  payableAmount: 20,
  balance: 0,
  holdExpiresAt: null,
  note: null,
  customer: { id: 'u1', name: 'Ann', email: 'ann@example.test', phone: '' },
  players: [],
  attendance: 'pending',
  checkedInAt: null,
  checkedInBy: null,
});

const facility = (hours: { open: string; close: string } | null, bookings: DayViewBooking[] = []): DayViewFacility => ({
  closures: [],
  waiting: [],
  linked: [],
  id: 'f1',
  name: 'Court 1',
  isDeleted: false,
  location: '',
  imageUrl: '',
  timezone: 'UTC',
  slotMinutes: 60,
  hours,
  bookings,
});

const h = (hours: number) => hours * 60;

/** Time taken on a linked facility, as the day view sends it. */
const linked = (label: string, startTime: string, endTime: string, kind: DayViewLinked['kind'] = 'booking'): DayViewLinked => ({
  facilityId: label,
  facilityName: label,
  kind,
  label: `${label} ${kind === 'booking' ? 'booked' : 'closed'}`,
  startTime,
  endTime,
});

describe('day-view layout', () => {
  it('covers every opening and booking in whole hours, 08-22 when nothing is open', () => {
    expect(visibleRange([facility({ open: '09:30', close: '17:00' }), facility(null, [booking('18:00', '19:15')])])).toEqual({ start: h(9), end: h(20) });
    expect(visibleRange([facility(null)])).toEqual({ start: h(8), end: h(22) });
    expect(visibleRange([facility({ open: '06:00', close: '24:00' })])).toEqual({ start: h(6), end: h(24) });
  });

  it('marks every hour of the range', () => {
    expect(hourMarks({ start: h(9), end: h(12) })).toEqual([h(9), h(10), h(11)]);
  });

  it('finds the free gaps between overlapping and touching bookings', () => {
    const f = facility({ open: '08:00', close: '20:00' }, [booking('10:00', '11:00'), booking('08:00', '09:00'), booking('10:30', '12:00'), booking('19:00', '21:00')]);
    expect(freeGaps(f)).toEqual([
      { start: h(9), end: h(10) },
      { start: h(12), end: h(19) },
    ]);
    expect(freeGaps(facility(null))).toEqual([]);
    expect(openAndFree(f)).toEqual({ open: h(12), free: h(8) });
  });

  it('leaves closed time out of the free gaps', () => {
    const f = { ...facility({ open: '08:00', close: '20:00' }, [booking('10:00', '11:00')]), closures: [{ id: 'c1', startTime: '12:30', endTime: '24:00', reason: 'Lights', kind: 'maintenance' as const }] };
    expect(freeGaps(f)).toEqual([
      { start: h(8), end: h(10) },
      { start: h(11), end: h(12) + 30 },
    ]);
  });

  it('offers no free time where a linked facility holds it (a half booked on the whole pitch, the pitch closed on a half)', () => {
    const f = { ...facility({ open: '08:00', close: '20:00' }, [booking('09:00', '10:00')]), linked: [linked('Half A', '12:00', '13:00'), linked('Pitch', '17:30', '21:00', 'closure')] };
    expect(freeGaps(f)).toEqual([
      { start: h(8), end: h(9) },
      { start: h(10), end: h(12) },
      { start: h(13), end: h(17) + 30 },
    ]);
    expect(openAndFree(f)).toEqual({ open: h(12), free: h(7) + 30 });
    expect(dayAgenda(f).map((i) => [i.kind, i.start])).toEqual([
      ['free', h(8)],
      ['booking', h(9)],
      ['free', h(10)],
      ['linked', h(12)],
      ['free', h(13)],
      ['linked', h(17) + 30],
    ]);
  });

  it('draws linked time clipped to the range, overlapping causes in one block', () => {
    const range = { start: h(8), end: h(22) };
    const f = { linked: [linked('Half B', '12:30', '14:00'), linked('Half A', '12:00', '13:00'), linked('Half A', '14:00', '15:00'), linked('Half B', '21:00', '23:00'), linked('Half A', '06:00', '07:00')] };
    expect(linkedBlocks(f, range).map((b) => [b.start, b.end, b.items.map((i) => `${i.label} ${i.startTime}`)])).toEqual([
      [h(12), h(14), ['Half A booked 12:00', 'Half B booked 12:30']],
      // Touching is not overlapping: the next block starts where the last one ends.
      [h(14), h(15), ['Half A booked 14:00']],
      [h(21), h(22), ['Half B booked 21:00']],
    ]);
    expect(linkedBlocks({ linked: [] }, range)).toEqual([]);
  });

  it("offers a free gap's slots on the facility grid, the one under a click, and snaps a drop to the grid", () => {
    const f = { ...facility({ open: '08:30', close: '20:00' }), slotMinutes: 60 };
    // A closure ended the gap off the grid: 09:00-12:00 holds the slots 09:30 and 10:30.
    expect(bookableStarts(f, { start: h(9), end: h(12) })).toEqual([h(9) + 30, h(10) + 30]);
    expect(bookableStarts(f, { start: h(9), end: h(10) })).toEqual([]);
    expect(slotUnder(f, { start: h(9), end: h(12) }, h(11) + 10)).toBe(h(10) + 30);
    expect(slotUnder(f, { start: h(9), end: h(12) }, h(9) + 5)).toBe(h(9) + 30);
    expect(snapToGrid(f, h(13) + 50)).toBe(h(13) + 30);
    expect(snapToGrid(f, h(14) + 10)).toBe(h(14) + 30);
  });

  it("lists a facility's day in order for the phone: bookings, closures and free time with its slots", () => {
    const closure = { id: 'c1', startTime: '12:00', endTime: '13:00', reason: 'Lights', kind: 'maintenance' as const };
    const f = { ...facility({ open: '09:00', close: '14:00' }, [booking('10:00', '11:00')]), closures: [closure] };
    expect(dayAgenda(f).map((i) => [i.kind, i.start])).toEqual([
      ['free', h(9)],
      ['booking', h(10)],
      ['free', h(11)],
      ['closure', h(12)],
      ['free', h(13)],
    ]);
    expect(dayAgenda(f)[0]).toMatchObject({ bookable: [h(9)] });
    expect(dayAgenda({ ...f, isDeleted: true }).map((i) => i.kind)).toEqual(['booking', 'closure']);
  });

  it("puts each waiting mark's badge at the bottom of its time, below the one before when they would overlap", () => {
    const range = { start: h(8), end: h(22) };
    const waiting = [
      { startTime: '12:00', endTime: '13:00', count: 1 },
      { startTime: '10:00', endTime: '11:00', count: 2 },
      { startTime: '10:30', endTime: '11:10', count: 1 },
      { startTime: '06:00', endTime: '07:00', count: 4 },
    ];
    expect(waitingMarks({ waiting }, range).map((m) => [m.startTime, m.count, m.start, m.end, m.badgeTop])).toEqual([
      ['10:00', 2, h(10), h(11), 180 - 18],
      // 190 - 18 would overlap the badge above: it goes just below it.
      ['10:30', 1, h(10) + 30, h(11) + 10, 180],
      ['12:00', 1, h(12), h(13), 300 - 18],
    ]);
    // A span shorter than a badge keeps it from starting above the span.
    expect(waitingMarks({ waiting: [{ startTime: '09:00', endTime: '09:15', count: 1 }] }, range)[0]?.badgeTop).toBe(60);
  });

  it("lists who waits after the booking at that time on the phone's day", () => {
    const f = { ...facility({ open: '09:00', close: '12:00' }, [booking('10:00', '11:00')]), waiting: [{ startTime: '10:00', endTime: '11:00', count: 2 }] };
    expect(dayAgenda(f).map((i) => [i.kind, i.start])).toEqual([
      ['free', h(9)],
      ['booking', h(10)],
      ['waiting', h(10)],
      ['free', h(11)],
    ]);
  });

  it('hatches the range outside opening hours, or all of it on a closed day', () => {
    const range = { start: h(8), end: h(22) };
    expect(closedSpans(facility({ open: '09:00', close: '22:00' }), range)).toEqual([{ start: h(8), end: h(9) }]);
    expect(closedSpans(facility(null), range)).toEqual([range]);
  });

  it('clips a booking to the range drawn', () => {
    expect(bookingSpan(booking('07:00', '09:00'), { start: h(8), end: h(22) })).toEqual({ start: h(8), end: h(9) });
  });
});
