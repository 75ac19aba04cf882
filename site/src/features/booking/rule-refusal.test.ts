import { describe, expect, it } from 'vitest';
import type { FacilityDto } from '@courtside/contracts';
import { ruleRefusal } from './rule-refusal.ts';

const court: FacilityDto = {
  _id: 'f1',
  name: 'Centre Court',
  location: 'Riverside',
  pricePerHour: 20,
  description: '',
  imageUrl: '/images/facilities/tennis.svg',
  isDeleted: false,
  timezone: 'America/New_York',
  openingHours: { sun: null, mon: { open: '08:00', close: '22:00' }, tue: { open: '08:00', close: '22:00' }, wed: { open: '08:00', close: '22:00' }, thu: { open: '08:00', close: '22:00' }, fri: { open: '08:00', close: '22:00' }, sat: { open: '08:00', close: '22:00' } },
  slotMinutes: 60,
  maxBookingMinutes: 240,
  priceRules: [],
  policy: { minNoticeMinutes: 120 },
  sport: 'tennis',
  maxPlayers: 4,
  rating: { average: null, count: 0 },
  parentId: null,
  parent: null,
  parts: [],
};
const venue = { bookingHorizonDays: 14, cancellationHours: 24, locale: 'en-US' };
// Monday 1 March 2027, 10:00 in New York.
const now = new Date('2027-03-01T15:00:00Z');
const at = (date: string, start: string, end: string) => ({ facility: 'f1', date, start, end });

describe("why the facility's rules refuse a slot (the server's rule and words)", () => {
  it('says nothing for a slot the rules allow: only someone else can be in its way', () => {
    expect(ruleRefusal(court, venue, at('2027-03-02', '18:00', '19:00'), now)).toBeUndefined();
  });
  it('names the horizon for a date beyond it, the facility\'s own horizon first', () => {
    expect(ruleRefusal(court, venue, at('2027-04-20', '18:00', '19:00'), now)).toBe('Bookings for Centre Court open 14 days ahead.');
    expect(ruleRefusal({ ...court, policy: { horizonDays: 60 } }, venue, at('2027-04-20', '18:00', '19:00'), now)).toBeUndefined();
  });
  it('names the notice, the closed day and the opening hours', () => {
    expect(ruleRefusal(court, venue, at('2027-03-01', '11:00', '12:00'), now)).toMatch(/at least 2 hours before they start/);
    expect(ruleRefusal(court, venue, at('2027-03-07', '11:00', '12:00'), now)).toMatch(/closed on Sunday, March 7, 2027/);
    expect(ruleRefusal(court, venue, at('2027-03-02', '22:00', '23:00'), now)).toMatch(/opening hours/);
  });
});
