import { describe, expect, it } from 'vitest';
import { everyDay } from '@courtside/domain';
import { endTimes, fitToDay, startTimes, withStart } from './slot-times.ts';

const court = {
  timezone: 'America/New_York',
  openingHours: { ...everyDay({ open: '09:00', close: '13:00' }), sun: null },
  slotMinutes: 60,
  maxBookingMinutes: 120,
  pricePerHour: 30,
};

describe('slot times', () => {
  it("offers the day's slot starts inside opening hours, none on a closed day or a date half typed", () => {
    expect(startTimes(court, '2027-03-02')).toEqual(['09:00', '10:00', '11:00', '12:00']);
    expect(startTimes({ ...court, slotMinutes: 90 }, '2027-03-02')).toEqual(['09:00', '10:30']);
    expect(startTimes(court, '2027-03-07')).toEqual([]); // a Sunday
    expect(startTimes(court, '2027-03-')).toEqual([]);
  });

  it('offers ends from one slot on, up to closing or the longest booking', () => {
    expect(endTimes(court, '2027-03-02', '09:00')).toEqual(['10:00', '11:00']);
    expect(endTimes(court, '2027-03-02', '12:00')).toEqual(['13:00']);
    expect(endTimes(court, '2027-03-02', '')).toEqual([]);
  });

  it('a new start keeps the length when it fits, else one slot', () => {
    const at = { facilityId: 'f', date: '2027-03-02', startTime: '09:00', endTime: '11:00' };
    expect(withStart(court, at, '10:00')).toMatchObject({ startTime: '10:00', endTime: '12:00' });
    expect(withStart(court, at, '12:00')).toMatchObject({ startTime: '12:00', endTime: '13:00' });
  });

  it("fits a choice to another facility's or day's grid, keeping what still fits", () => {
    const at = { facilityId: 'f', date: '2027-03-02', startTime: '10:00', endTime: '12:00' };
    expect(fitToDay(court, at)).toEqual(at);
    expect(fitToDay({ ...court, maxBookingMinutes: 60 }, at)).toMatchObject({ startTime: '10:00', endTime: '11:00' });
    expect(fitToDay(court, { ...at, startTime: '07:00', endTime: '08:00' })).toMatchObject({ startTime: '09:00', endTime: '10:00' });
    expect(fitToDay(court, { ...at, startTime: '', endTime: '' })).toMatchObject({ startTime: '09:00', endTime: '10:00' });
    expect(fitToDay(court, { ...at, date: '2027-03-07' })).toMatchObject({ startTime: '10:00', endTime: '12:00' });
  });
});
