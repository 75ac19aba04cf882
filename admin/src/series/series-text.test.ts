import { describe, expect, it } from 'vitest';
import { liveFrom, seriesRule, seriesSpan } from './series-text.ts';
import type { Occurrence } from './types.ts';

const occurrence = (date: string, status: Occurrence['status']): Occurrence => ({ bookingId: date, date, startTime: '18:00', endTime: '19:00', status, paymentStatus: 'unpaid', payableAmount: 25 });

describe('series text', () => {
  it('says the weekday, the times and how often', () => {
    expect(seriesRule({ firstDate: '2027-03-02', startTime: '18:00', endTime: '19:00', every: 1 })).toBe('Tuesdays 6:00 PM – 7:00 PM, every week');
    expect(seriesRule({ firstDate: '2027-03-07', startTime: '09:00', endTime: '10:30', every: 2 })).toBe('Sundays 9:00 AM – 10:30 AM, every 2 weeks');
  });

  it('says the first and last dates', () => {
    expect(seriesSpan({ firstDate: '2027-03-02', lastDate: '2027-03-23' })).toBe('Tue, Mar 2 – Tue, Mar 23');
    expect(seriesSpan({ firstDate: '2027-03-02', lastDate: '2027-03-02' })).toBe('Tue, Mar 2');
  });

  it('counts what "this and the following" would cancel: live dates from that one on', () => {
    const s = { occurrences: [occurrence('2027-03-02', 'confirmed'), occurrence('2027-03-09', 'cancelled'), occurrence('2027-03-16', 'pending'), occurrence('2027-03-23', 'confirmed')] };
    expect(liveFrom(s, '2027-03-09').map((o) => o.date)).toEqual(['2027-03-16', '2027-03-23']);
  });
});
