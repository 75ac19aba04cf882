import { describe, expect, it } from 'vitest';
import type { OccupancyCell } from '@courtside/contracts';
import { brand } from '../theme.ts';
import { CLOSED_COLOUR, SCALE, cellLabel, contrast, heatMapGrid, hourHeader, percentText, rateColour, textOn, totalText, weekdayName } from './heat-map.ts';

const cell = (weekday: number, hour: number, bookedMinutes: number, openMinutes: number): OccupancyCell => ({
  weekday,
  hour,
  bookedMinutes,
  openMinutes,
  rate: openMinutes ? Math.min(1, bookedMinutes / openMinutes) : 0,
});

describe('the occupancy heat map', () => {
  it('has a row per weekday, Monday first, and a column per hour from the first listed to the last', () => {
    const grid = heatMapGrid({ cells: [cell(2, 18, 45, 60), cell(0, 9, 0, 60), cell(6, 11, 60, 60)] });
    expect(grid.hours).toEqual([9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
    expect(grid.rows.map((r) => r.weekday)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    const tuesday = grid.rows[1]!;
    expect(tuesday.cells).toHaveLength(10);
    expect(tuesday.cells[9]).toMatchObject({ weekday: 2, hour: 18, bookedMinutes: 45 });
    expect(tuesday.cells[0]).toBeUndefined();
    expect(grid.rows[6]!.cells[0]).toMatchObject({ weekday: 0, hour: 9 });
  });

  it('has no columns when nothing was open or booked', () => {
    const grid = heatMapGrid({ cells: [] });
    expect(grid.hours).toEqual([]);
    expect(grid.rows).toHaveLength(7);
  });

  it('names weekdays and hours in the venue locale (en-US by default)', () => {
    expect([0, 1, 2, 6].map(weekdayName)).toEqual(['Sun', 'Mon', 'Tue', 'Sat']);
    expect([0, 9, 12, 18].map(hourHeader)).toEqual(['12 AM', '9 AM', '12 PM', '6 PM']);
  });

  it('labels each cell with its rate and its minutes', () => {
    expect(cellLabel(2, 18, cell(2, 18, 45, 60))).toBe('Tue 6:00 PM: 75% booked (45 of 60 min)');
    expect(cellLabel(1, 8, cell(1, 8, 0, 720))).toBe('Mon 8:00 AM: 0% booked (0 of 720 min)');
    expect(cellLabel(5, 20, cell(5, 20, 3, 1440))).toBe('Fri 8:00 PM: <1% booked (3 of 1,440 min)');
    expect(cellLabel(3, 7, undefined)).toBe('Wed 7:00 AM: closed');
    expect(cellLabel(4, 23, { weekday: 4, hour: 23, bookedMinutes: 30, openMinutes: 0, rate: 0 })).toBe('Thu 11:00 PM: 30 min booked outside opening hours');
  });

  it('says the whole period in one line', () => {
    expect(totalText({ bookedMinutes: 1200, openMinutes: 3750, rate: 0.32 })).toBe('32% booked (1,200 of 3,750 min)');
    expect(percentText(1.2, 10)).toBe('100%');
  });

  it('colours by quarters, from white (nothing booked) to the dark green of 75% and more, as the label reads', () => {
    expect(rateColour(0, 0)).toBe('#ffffff');
    expect(rateColour(0.001, 1)).toBe(brand.light);
    expect(rateColour(0.244)).toBe(brand.light);
    expect(rateColour(0.245)).toBe(SCALE[2].colour);
    expect(rateColour(0.5)).toBe(brand.free);
    expect(rateColour(0.75)).toBe(brand.dark);
    expect(rateColour(1)).toBe(brand.dark);
    expect(rateColour(2)).toBe(brand.dark);
    // Darker step by step.
    const shades = SCALE.map((step) => contrast(step.colour, '#ffffff'));
    expect(shades).toEqual([...shades].sort((a, b) => a - b));
  });

  it("writes each cell's text in ink or white, whichever keeps 4.5:1 on its colour", () => {
    for (const { colour, label } of SCALE) expect(contrast(colour, textOn(colour)), label).toBeGreaterThanOrEqual(4.5);
    expect(contrast(CLOSED_COLOUR, textOn(CLOSED_COLOUR))).toBeGreaterThanOrEqual(4.5);
    expect(textOn('#ffffff')).toBe(brand.ink);
    expect(textOn(brand.dark)).toBe('#ffffff');
  });
});
