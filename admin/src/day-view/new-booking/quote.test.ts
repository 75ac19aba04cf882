import { describe, expect, it } from 'vitest';
import { everyDay } from '@courtside/domain';
import type { FacilityRecord } from '../../facilities/types.ts';
import { previewBooks, previewSummary, priceLine } from './quote.ts';

const court = { id: 'f1', pricePerHour: 30, timezone: 'America/New_York', openingHours: everyDay(), slotMinutes: 60, maxBookingMinutes: 240 } as FacilityRecord;
const plan = (date: string, free: boolean) => ({ date, startTime: '18:00', endTime: '19:30', free, reason: free ? null : 'taken (held by Dana)' });

describe('the dialog quote', () => {
  it("prices one booking at the facility's rate", () => {
    expect(priceLine(court, { date: '2027-03-02', startTime: '18:00', endTime: '19:30' })).toBe('$45.00 · 1 h 30 min at $30.00/h');
    expect(priceLine(court, { date: '2027-03-02', startTime: '18:00', endTime: '' })).toBeUndefined();
  });

  it("prices by the facility's price rules, as the server does", () => {
    const peak = { ...court, priceRules: [{ days: ['tue'], from: '19:00', to: '22:00', pricePerHour: 40 }] } as FacilityRecord;
    expect(priceLine(peak, { date: '2027-03-02', startTime: '18:00', endTime: '20:00' })).toBe("$70.00 · 2 h at the facility's prices");
  });

  it('prices a series by its free dates', () => {
    const dates = [plan('2027-03-02', true), plan('2027-03-09', false), plan('2027-03-16', true)];
    expect(priceLine(court, { date: '2027-03-02', startTime: '18:00', endTime: '19:30' }, dates)).toBe('$90.00 · 2 dates at $45.00 (1 h 30 min at $30.00/h)');
    expect(priceLine(court, { date: '2027-03-02', startTime: '18:00', endTime: '19:30' }, [plan('2027-03-09', false)])).toBeUndefined();
  });

  it('sums up the preview and says whether saving books anything', () => {
    const dates = [plan('2027-03-02', true), plan('2027-03-09', false)];
    expect(previewSummary(dates, 'skip')).toBe('2 dates: 1 free, 1 taken or closed; it is skipped.');
    expect(previewSummary(dates, 'fail')).toBe('2 dates: 1 free, 1 taken or closed; the series would be refused: choose "Skip that date" or other times.');
    expect(previewSummary([plan('2027-03-02', true)], 'fail')).toBe('1 date, all free.');
    expect(previewBooks(dates, 'skip')).toBe(true);
    expect(previewBooks(dates, 'fail')).toBe(false);
    expect(previewBooks([plan('2027-03-09', false)], 'skip')).toBe(false);
  });
});
