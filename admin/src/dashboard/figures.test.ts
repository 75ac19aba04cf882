import { describe, expect, it } from 'vitest';
import { BAR_MAX_PX, barHeights, occupancyBarValue, occupancyPercent, revenueDayText, revenueSummary, weekdayLabel } from './figures.ts';

const days = [
  { date: '2026-05-01', amount: 0, bookings: 0 },
  { date: '2026-05-02', amount: 40, bookings: 2 },
  { date: '2026-05-03', amount: 10, bookings: 1 },
];

describe('dashboard figures', () => {
  it('scales the revenue bars to the best day, with a sliver for empty days', () => {
    expect(barHeights(days)).toEqual([3, BAR_MAX_PX, BAR_MAX_PX / 4]);
    expect(barHeights([{ date: '2026-05-01', amount: 0, bookings: 0 }])).toEqual([3]);
  });

  it('says the revenue per day in words', () => {
    expect(revenueSummary(days.slice(1))).toBe('Revenue per day: Sat, May 2 $40.00, Sun, May 3 $10.00');
    expect(revenueDayText(days[1]!)).toBe('Sat, May 2: $40.00 (2 bookings)');
    expect(revenueDayText(days[2]!)).toBe('Sun, May 3: $10.00 (1 booking)');
    expect(weekdayLabel('2026-05-02')).toBe('Sat');
  });

  it('rounds occupancy and keeps its bar within full', () => {
    expect(occupancyPercent(0.626)).toBe('63%');
    expect(occupancyBarValue(0.5)).toBe(50);
    expect(occupancyBarValue(1.2)).toBe(100);
  });
});
